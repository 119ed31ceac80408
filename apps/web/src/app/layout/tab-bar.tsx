import { NavLink } from 'react-router';
import { paths } from '../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { House, ListChecks, SquarePlay, User } from 'lucide-react';
import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { UnreadBadge } from '../../features/messages';

/** `unread`: the tab carries the unread messages badge (Mine). */
const tabs: { to: string; label: ParseKeys; Icon: typeof House; unread?: boolean }[] = [
  { to: paths.home, label: 'nav.home', Icon: House },
  { to: paths.videos, label: 'nav.videos', Icon: SquarePlay },
  { to: paths.dailyTask, label: 'nav.tasks', Icon: ListChecks },
  { to: paths.portfolio, label: 'nav.mine', Icon: User, unread: true },
];

/** Bottom tab bar below 900 px for logged-in users (spec section 2), with room for one `action` at its end. */
export function TabBar({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.tabBar')}
      className="fixed inset-x-0 bottom-0 z-30 flex items-center border-t border-border bg-bg/95 pr-(--safe-right) pb-(--safe-bottom) pl-(--safe-left) backdrop-blur wide:hidden"
    >
      <ul className="grid min-w-0 flex-1 grid-cols-4">
        {tabs.map(({ to, label, Icon, unread }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                clsx(
                  'relative flex min-h-14 flex-col items-center justify-center gap-0.5 text-xs',
                  isActive ? 'text-accent-text' : 'text-muted',
                )
              }
            >
              <Icon className="size-6" aria-hidden />
              <span>{t(label)}</span>
              {unread && <UnreadBadge className="absolute left-1/2 top-1 ml-1.5" />}
            </NavLink>
          </li>
        ))}
      </ul>
      {action}
    </nav>
  );
}
