import { Link, NavLink, Outlet } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Pencil } from 'lucide-react';
import { Page } from '../../../shared/ui/page';
import { Spinner } from '../../../shared/ui/states';
import { useMe } from '../../../shared/session/api/use-me';
import { ProfileHeader } from '../components/profile-header';

/** /SelfProfile with its two tabs, My and Creation. */
export default function SelfProfilePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return <Spinner />;
  const user = me.data;
  return (
    <Page title={t('routes.SelfProfile')} hideTitle>
      <ProfileHeader
        profile={{ ...user, created_at: '' }}
        actions={
          <Link
            to={paths.profileEdit}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border px-4 hover:bg-surface-2"
          >
            <Pencil className="size-5" aria-hidden />
            {t('profile.edit')}
          </Link>
        }
      />
      <nav aria-label={t('profile.sections')} className="mt-6 flex gap-2 border-b border-border">
        {[
          { to: paths.selfProfileMy, label: t('profile.tabMy') },
          { to: paths.selfProfileCreation, label: t('profile.tabCreation') },
        ].map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              clsx(
                '-mb-px inline-flex min-h-11 items-center border-b-2 px-4',
                isActive ? 'border-accent font-semibold text-fg' : 'border-transparent text-muted hover:text-fg',
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className="pt-5">
        <Outlet />
      </div>
    </Page>
  );
}
