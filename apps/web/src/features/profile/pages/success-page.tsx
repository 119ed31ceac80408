import { Link, Navigate } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { PartyPopper } from 'lucide-react';
import { Page } from '../../../shared/ui/page';
import { useSession } from '../../../shared/session/session';
import { useSessionUser } from '../../../shared/session/api/use-me';

/**
 * /Success: where /Started leads after a login (no header). A visitor has
 * nothing to celebrate yet and goes on to /Started, whose login leads back here.
 */
export default function SuccessPage() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const user = useSessionUser();
  if (!loggedIn) return <Navigate to={paths.started} replace />;
  return (
    <Page title={t('routes.Success')} narrow hideTitle>
      <div className="flex min-h-[90dvh] flex-col items-center justify-center gap-5 text-center">
        <span className="grid size-24 place-items-center rounded-full bg-accent/15 text-accent-text">
          <PartyPopper className="size-12" aria-hidden />
        </span>
        <h1 className="text-3xl font-extrabold">
          {user?.nickname ? t('success.title', { name: user.nickname }) : t('success.titleNoName')}
        </h1>
        <p className="max-w-[36rem] text-muted">{t('success.text')}</p>
        <div className="flex w-full max-w-[36rem] flex-col gap-3">
          <Link
            to={paths.videos}
            className="inline-flex min-h-13 items-center justify-center rounded-xl bg-accent px-8 text-lg font-semibold text-accent-fg"
          >
            {t('home.startWatching')}
          </Link>
          <Link
            to={paths.home}
            className="inline-flex min-h-11 items-center justify-center rounded-xl border border-border px-8"
          >
            {t('common.backHome')}
          </Link>
        </div>
      </div>
    </Page>
  );
}
