import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Check, Trophy } from 'lucide-react';
import { formatReward } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { useClaimInviteTask } from '../api/use-claim-invite-task';
import { useInviteTasks } from '../api/use-invite-tasks';

/** Invitation milestones (inviteTask/list): confirmed friends needed, progress, reward, and Claim once reached. */
export function InviteMilestones() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const tasks = useInviteTasks();
  const claim = useClaimInviteTask();
  let body;
  if (tasks.isPending) {
    body = (
      <div className="flex flex-col gap-2" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-16 rounded-lg" />
        ))}
      </div>
    );
  } else if (tasks.isError) {
    body = <ErrorState onRetry={() => void tasks.refetch()} />;
  } else if (tasks.data.length === 0) {
    body = <EmptyState title={t('referral.noMilestones')} />;
  } else {
    body = (
      <ul className="flex flex-col gap-2">
        {tasks.data.map((m) => {
          const ratio = m.invite_num > 0 ? Math.min(1, m.progress / m.invite_num) : 1;
          const claiming = claim.isPending && claim.variables === m.id;
          return (
            <li key={m.id} className="flex items-center gap-3 rounded-lg bg-bg p-3" data-testid="milestone">
              <span
                className={clsx(
                  'grid size-11 shrink-0 place-items-center rounded-full',
                  m.is_claimed ? 'bg-success/15 text-success' : 'bg-accent/15 text-accent-text',
                )}
              >
                <Trophy className="size-5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-baseline gap-x-2 font-semibold">
                  {t('referral.milestoneName', { count: m.invite_num })}
                  <span className="text-sm font-bold text-accent-text">+{formatReward(m.point, lang)}</span>
                </p>
                <div className="mt-1.5 flex items-center gap-2">
                  <div
                    className="h-2 flex-1 overflow-hidden rounded-full bg-surface-2"
                    role="progressbar"
                    aria-label={t('referral.milestoneName', { count: m.invite_num })}
                    aria-valuemin={0}
                    aria-valuemax={m.invite_num}
                    aria-valuenow={Math.min(m.progress, m.invite_num)}
                  >
                    <div className="h-full rounded-full bg-accent" style={{ width: `${ratio * 100}%` }} />
                  </div>
                  <span className="shrink-0 text-xs tabular-nums text-muted">
                    {Math.min(m.progress, m.invite_num)} / {m.invite_num}
                  </span>
                </div>
              </div>
              {m.is_claimed ? (
                <span className="inline-flex min-h-9 shrink-0 items-center gap-1 rounded-full bg-success/15 px-3 text-sm font-semibold text-success">
                  <Check className="size-4" aria-hidden />
                  {t('referral.claimedState')}
                </span>
              ) : (
                <Button
                  variant={m.is_complete === 1 ? 'primary' : 'secondary'}
                  className="shrink-0"
                  disabled={m.is_complete !== 1}
                  loading={claiming}
                  onClick={() => claim.mutate(m.id)}
                >
                  {t('referral.claim')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <section aria-labelledby="milestones-title" className="rounded-xl border border-border bg-surface p-4 wide:p-6">
      <h2 id="milestones-title" className="mb-3 text-lg font-bold">
        {t('referral.milestones')}
      </h2>
      {body}
    </section>
  );
}
