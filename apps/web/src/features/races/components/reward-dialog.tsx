import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, CircleX, Copy, Info } from 'lucide-react';
import { errorCode, type EligibilityCheck, type Reward } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { formatDateTime, formatInteger } from '../../../shared/lib/format';
import { paths } from '../../../shared/routing/paths';
import { usePreferences } from '../../../shared/stores/preferences';
import { copyText } from '../../../shared/ui/copy';
import { Modal } from '../../../shared/ui/modal';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { useRewardLogDetail } from '../api/use-reward-log-detail';
import { ruleIcon } from './prize-table';
import { RewardAmount } from './reward-amount';
import { RewardStatusChip } from './reward-status-chip';

const REWARD_NOT_FOUND = errorCode('reward_not_found');

/** What a rule asked and what the member had: counts, or bound / not bound for the wallet. */
function CheckRow({ check }: { check: EligibilityCheck }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const Icon = ruleIcon[check.rule];
  const figure = (value: number) =>
    check.rule === 'wallet'
      ? t(value > 0 ? 'races.eligibility.walletBound' : 'races.eligibility.walletMissing')
      : formatInteger(value, lang);
  return (
    <li className="flex items-center gap-3 py-2.5" data-testid={`check-${check.rule}`}>
      <Icon className="size-5 shrink-0 text-muted" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold">{t(`races.eligibility.${check.rule}`)}</p>
        <p className="text-xs text-muted">
          {t('races.reward.required', { value: figure(check.required) })} ·{' '}
          <span className={check.passed ? undefined : 'font-semibold text-danger'}>
            {t('races.reward.actual', { value: figure(check.actual) })}
          </span>
        </p>
      </div>
      {check.passed ? (
        <CircleCheck className="size-6 shrink-0 text-success" role="img" aria-label={t('races.reward.passed')} />
      ) : (
        <CircleX className="size-6 shrink-0 text-danger" role="img" aria-label={t('races.reward.failed')} />
      )}
    </li>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 py-1">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-right text-sm font-medium">{children}</dd>
    </div>
  );
}

/** What the status means for the member: TAICE is credited to the balance, a token sent to the wallet. */
function statusText(reward: Reward) {
  const token = reward.currency !== 'TAICE';
  if (reward.status === 'approved') return token ? 'approvedToken' : 'approved';
  if (reward.status === 'paid') return token ? 'paidToken' : 'paid';
  return reward.status;
}

function RewardBody({ reward }: { reward: Reward & { checks: EligibilityCheck[] } }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const failed = reward.status === 'ineligible' || reward.status === 'rejected';
  // A rule the rank did not ask (required 0) always passes: only the rules that applied are shown.
  const checks = reward.checks.filter((check) => check.required > 0);
  return (
    <div className="flex flex-col gap-4" data-testid="reward-detail">
      <div className="flex flex-col items-center gap-2 rounded-xl bg-linear-to-br from-accent/20 via-surface-2 to-surface-2 p-4 text-center">
        <p className="text-sm text-muted">
          {t(`races.reward.source.${reward.source}`)} · {reward.title}
        </p>
        <RewardAmount
          amount={reward.amount}
          currency={reward.currency}
          className="text-3xl font-extrabold text-accent-text"
        />
        <div className="flex flex-wrap items-center justify-center gap-2">
          {reward.rank !== null && (
            <span className="rounded-full bg-fg/10 px-2.5 py-1 text-xs font-semibold">
              {t('races.rankLabel', { rank: reward.rank })}
            </span>
          )}
          <RewardStatusChip status={reward.status} />
        </div>
      </div>

      <p
        className={clsx(
          'flex items-start gap-2 rounded-xl p-3 text-sm',
          failed ? 'bg-danger/10 text-fg' : 'bg-surface-2 text-muted',
        )}
      >
        <Info className={clsx('mt-0.5 size-4 shrink-0', failed ? 'text-danger' : 'text-muted')} aria-hidden />
        <span>
          {t(`races.reward.explain.${statusText(reward)}`)}
          {reward.reason && (
            <span className="mt-1 block font-semibold" data-testid="reward-reason">
              {reward.reason}
            </span>
          )}
        </span>
      </p>

      {checks.length > 0 && (
        <section aria-labelledby="checks-title">
          <h3 id="checks-title" className="font-bold">
            {t('races.reward.checks')}
          </h3>
          <ul className="divide-y divide-border">
            {checks.map((check) => (
              <CheckRow key={check.rule} check={check} />
            ))}
          </ul>
        </section>
      )}

      <dl className="divide-y divide-border border-t border-border">
        <Detail label={t('races.reward.createdAt')}>{formatDateTime(reward.created_at, lang)}</Detail>
        {reward.decided_at && (
          <Detail label={t('races.reward.decidedAt')}>{formatDateTime(reward.decided_at, lang)}</Detail>
        )}
        {reward.paid_at && <Detail label={t('races.reward.paidAt')}>{formatDateTime(reward.paid_at, lang)}</Detail>}
        {reward.payout_ref && (
          <Detail label={t('races.reward.payoutRef')}>
            <span className="min-w-0 break-all font-mono" data-testid="payout-ref">
              {reward.payout_ref}
            </span>
            <button
              type="button"
              aria-label={t('races.reward.copyPayoutRef')}
              title={t('races.reward.copyPayoutRef')}
              onClick={() => void copyText(reward.payout_ref)}
              className="grid size-11 shrink-0 place-items-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg"
            >
              <Copy className="size-4.5" aria-hidden />
            </button>
          </Detail>
        )}
      </dl>

      {reward.source === 'race' && (
        <Link
          to={`${paths.leaderboard}?race_id=${reward.source_id}`}
          className="inline-flex min-h-11 items-center justify-center rounded-lg border border-border bg-surface-2 px-4 font-semibold hover:bg-border/70"
        >
          {t('races.reward.viewRace')}
        </Link>
      )}
    </div>
  );
}

/** One reward's details in a dialog: amount, status and why, each eligibility check with its figures, payout. */
export function RewardDialog({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useRewardLogDetail(id);
  let body;
  if (detail.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-12" />
        <Skeleton className="h-40" />
      </div>
    );
  } else if (detail.isError) {
    body =
      detail.error instanceof ApiError && detail.error.code === REWARD_NOT_FOUND ? (
        <EmptyState title={t('races.reward.notFound')} />
      ) : (
        <ErrorState onRetry={() => void detail.refetch()} />
      );
  } else {
    body = <RewardBody reward={detail.data} />;
  }
  return (
    <Modal open={id !== undefined} onClose={onClose} title={t('races.reward.title')}>
      {body}
    </Modal>
  );
}
