import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { Coins, Gift, SquarePlay } from 'lucide-react';
import { Button } from '../../../shared/ui/button';
import { Page } from '../../../shared/ui/page';
import { useSession } from '../../../shared/session/session';
import { useLoginDialog } from '../../../shared/session/login-dialog';

/** /Started: the welcome page for newcomers (no header). Logging in here leads on to /Success. */
export default function StartedPage() {
  const { t } = useTranslation();
  const show = useLoginDialog((s) => s.show);
  const loggedIn = useSession((s) => s.token !== null);
  const points = [
    { Icon: SquarePlay, text: t('home.stepWatchText') },
    { Icon: Coins, text: t('home.stepEarnText') },
    { Icon: Gift, text: t('home.stepRedeemText') },
  ];
  return (
    <Page title={t('routes.Started')} narrow hideTitle>
      <div className="flex min-h-[90dvh] flex-col items-center justify-center gap-6 text-center">
        <img src="/favicon.svg" alt="" className="size-20" />
        <h1 className="text-3xl font-extrabold">{t('started.title')}</h1>
        <p className="max-w-[36rem] text-muted">{t('started.text')}</p>
        <ul className="flex w-full max-w-[36rem] flex-col gap-3 text-left">
          {points.map(({ Icon, text }) => (
            <li key={text} className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3">
              <Icon className="size-6 shrink-0 text-accent-text" aria-hidden />
              <span className="text-sm">{text}</span>
            </li>
          ))}
        </ul>
        {loggedIn ? (
          <Link
            to={paths.home}
            className="inline-flex min-h-13 items-center rounded-xl bg-accent px-8 text-lg font-semibold text-accent-fg"
          >
            {t('started.continue')}
          </Link>
        ) : (
          <div className="flex w-full max-w-[36rem] flex-col gap-3">
            <Button size="lg" block onClick={() => show(1)}>
              {t('header.signUp')}
            </Button>
            <Button size="lg" variant="secondary" block onClick={() => show(0)}>
              {t('header.logIn')}
            </Button>
            <Link to={paths.home} className="min-h-11 py-2 text-muted underline">
              {t('started.explore')}
            </Link>
          </div>
        )}
      </div>
    </Page>
  );
}
