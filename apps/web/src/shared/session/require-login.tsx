import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { useSession } from './session';
import { Button } from '../ui/button';
import { useLoginDialog } from './login-dialog';

/** Pages of a logged-in user ask a visitor to log in instead (spec section 6). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const show = useLoginDialog((s) => s.show);
  if (loggedIn) return children;
  return (
    <div className="mx-auto flex max-w-[40rem] flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="grid size-16 place-items-center rounded-full bg-accent/15 text-accent-text">
        <LogIn className="size-8" aria-hidden />
      </span>
      <h1 className="text-2xl font-bold">{t('auth.loginRequiredTitle')}</h1>
      <p className="text-muted">{t('auth.loginRequiredText')}</p>
      <div className="flex gap-3">
        <Button onClick={() => show(2)}>{t('header.logIn')}</Button>
        <Button variant="secondary" onClick={() => show(1)}>
          {t('header.signUp')}
        </Button>
      </div>
    </div>
  );
}
