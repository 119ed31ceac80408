import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { useLoginDialog } from '../../../shared/session/login-dialog';
import { useSession } from '../../../shared/session/session';
import { Button } from '../../../shared/ui/button';

/**
 * Where the caller's own row would be when there is none: a visitor is asked to log in; a member the board
 * does not list (a past race they missed) is told so.
 */
export function MyRankPrompt({ text }: { text?: string }) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const show = useLoginDialog((s) => s.show);
  if (loggedIn) return <p className="py-1 text-sm text-muted">{t('races.notInRace')}</p>;
  return (
    <div className="flex items-center justify-between gap-3" data-testid="my-rank-login">
      <p className="min-w-0 text-sm text-muted">{text ?? t('races.logInForRank')}</p>
      <Button size="sm" className="shrink-0" onClick={() => show(0)}>
        <LogIn className="size-4" aria-hidden />
        {t('header.logIn')}
      </Button>
    </div>
  );
}
