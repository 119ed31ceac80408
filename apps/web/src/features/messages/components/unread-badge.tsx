import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { UserInfo } from '@taice/contract';
import { formatHeaderCount } from '../../../shared/lib/format';
import { useSession } from '../../../shared/session/session';

/** The logged-in user's unread message count (0 when logged out), kept in step by the message calls. */
export function useUnreadCount(): number {
  return useSession((s) => (s.token ? ((s.user as UserInfo | null)?.unread_num ?? 0) : 0));
}

/**
 * The unread count as a small red badge (`1K+` above 1000), nothing at 0; screen readers hear
 * ", 3 unread" after the name of the link it sits in. `className` places it.
 */
export function UnreadBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const count = useUnreadCount();
  if (count <= 0) return null;
  return (
    <>
      <span
        aria-hidden
        data-testid="unread-badge"
        className={clsx(
          'min-w-5 rounded-full bg-danger px-1 text-center text-xs font-bold leading-5 text-white tabular-nums',
          className,
        )}
      >
        {formatHeaderCount(count)}
      </span>
      <span className="sr-only">, {t('header.unread', { count })}</span>
    </>
  );
}
