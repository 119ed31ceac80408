import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, Clock3 } from 'lucide-react';
import { formatBalance, formatDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { LoadMore } from '../../../shared/ui/load-more';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { useInvitationLog } from '../api/use-invitation-log';

/** Friends invited: date, address, status, reward, and for a pending friend what is still to do. */
export function InvitationHistory({ onInvite }: { onInvite: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const log = useInvitationLog();
  let body;
  if (log.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-16 rounded-lg" />
        ))}
      </div>
    );
  } else if (log.isError && !log.data) {
    body = <ErrorState onRetry={() => void log.refetch()} />;
  } else {
    const rows = log.data.pages.flatMap((p) => p.list);
    body =
      rows.length === 0 ? (
        <EmptyState
          title={t('referral.noFriends')}
          text={t('referral.noFriendsText')}
          action={
            <button
              type="button"
              onClick={onInvite}
              className="inline-flex min-h-11 items-center rounded-lg bg-accent px-5 font-semibold text-accent-fg"
            >
              {t('referral.invite')}
            </button>
          }
        />
      ) : (
        <>
          <div
            className="mb-2 hidden grid-cols-[7rem_minmax(0,1fr)_7rem_7rem] gap-x-3 px-4 text-xs font-semibold uppercase tracking-wide text-muted wide:grid"
            aria-hidden
          >
            <span>{t('referral.colDate')}</span>
            <span>{t('referral.colAddress')}</span>
            <span>{t('referral.colStatus')}</span>
            <span className="text-right">{t('referral.colReward')}</span>
          </div>
          <ul className="divide-y divide-border overflow-hidden rounded-lg border border-border">
            {rows.map((row) => {
              const confirmed = row.status === 'confirmed';
              const todo = [
                ...(row.has_watched ? [] : [t('referral.todoWatch')]),
                ...(row.has_shared ? [] : [t('referral.todoShare')]),
              ];
              return (
                <li
                  key={row.id}
                  className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 gap-y-1 bg-bg px-3 py-3 wide:grid-cols-[7rem_minmax(0,1fr)_7rem_7rem] wide:items-center wide:px-4"
                  data-testid="invitation-row"
                  data-status={row.status}
                >
                  <time dateTime={row.date} className="order-3 text-sm text-muted wide:order-none">
                    {formatDate(row.date, lang)}
                  </time>
                  <div className="order-1 min-w-0 wide:order-none">
                    <p className="font-semibold [overflow-wrap:anywhere]">{row.address}</p>
                    {!confirmed && todo.length > 0 && (
                      <p className="text-xs text-muted">
                        {t('referral.stillToDo', { todo: todo.join(t('referral.and')) })}
                      </p>
                    )}
                  </div>
                  <span
                    className={clsx(
                      'order-2 inline-flex items-center gap-1 justify-self-end rounded-full px-2.5 py-0.5 text-xs font-semibold wide:order-none wide:justify-self-start',
                      confirmed ? 'bg-success/15 text-success' : 'bg-warning/15 text-warning',
                    )}
                  >
                    {confirmed ? (
                      <CircleCheck className="size-3.5" aria-hidden />
                    ) : (
                      <Clock3 className="size-3.5" aria-hidden />
                    )}
                    {t(confirmed ? 'referral.confirmed' : 'referral.pending')}
                  </span>
                  <span
                    className={clsx(
                      'order-4 justify-self-end font-bold tabular-nums wide:order-none',
                      confirmed ? 'text-success' : 'text-muted',
                    )}
                  >
                    {confirmed ? `+${formatBalance(row.reward, lang)}` : '—'}
                  </span>
                </li>
              );
            })}
          </ul>
          <LoadMore query={log} />
        </>
      );
  }
  return (
    <section aria-labelledby="invite-history-title" className="rounded-xl border border-border bg-surface p-4 wide:p-6">
      <h2 id="invite-history-title" className="mb-3 text-lg font-bold">
        {t('referral.history')}
      </h2>
      {body}
    </section>
  );
}
