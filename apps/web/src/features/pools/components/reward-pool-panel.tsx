import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HandCoins, Plus } from 'lucide-react';
import type { Pool } from '@taice/contract';
import { formatBalance, formatDateTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { confirm } from '../../../shared/ui/confirm';
import { LoadMore } from '../../../shared/ui/load-more';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { notify } from '../../../shared/ui/toast';
import { useCancelPool } from '../api/use-cancel-pool';
import { usePools } from '../api/use-pools';
import { FundPoolDialog } from './fund-pool-dialog';
import { PoolStatusChip } from './pool-status';

function PoolRow({ pool, showTitle }: { pool: Pool; showTitle: boolean }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const cancel = useCancelPool();
  const share = pool.slots > 0 ? pool.claimed / pool.slots : 0;

  const onCancel = async () => {
    const ok = await confirm({
      title: t('pools.cancelTitle'),
      message: t('pools.cancelText', { amount: formatBalance(pool.left_amount, lang) }),
      confirmText: t('pools.cancel'),
      cancelText: t('pools.keep'),
    });
    if (!ok) return;
    const closed = await cancel.mutateAsync(pool.id).catch(() => null);
    if (closed) notify.success(t('pools.cancelled', { amount: formatBalance(closed.refunded, lang) }));
  };

  return (
    <li className="flex flex-col gap-3 px-4 py-4" data-testid="pool-row">
      <div className="flex flex-wrap items-center gap-2">
        <PoolStatusChip status={pool.status} />
        <span className="font-bold tabular-nums">
          {t('pools.perViewer', { amount: formatBalance(pool.amount, lang) })}
        </span>
        <span className="text-sm text-muted">· {t('pools.watchFor', { seconds: pool.watch_seconds })}</span>
      </div>
      {showTitle && <p className="truncate text-sm font-semibold">{pool.post_title}</p>}
      <div>
        <div className="mb-1 flex items-center justify-between gap-3 text-sm">
          <span data-testid="pool-left">
            {pool.status === 'active'
              ? t('pools.left', { left: pool.left, slots: pool.slots })
              : t('pools.closedLeft', { slots: pool.slots })}
          </span>
          <span className="text-muted" data-testid="pool-claimed">
            {t('pools.claimed', { count: pool.claimed })}
          </span>
        </div>
        <div className="h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden>
          <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${share * 100}%` }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-muted wide:grid-cols-4">
        <div>
          <dt>{t('pools.total')}</dt>
          <dd className="font-semibold text-fg tabular-nums">{formatBalance(pool.total, lang)}</dd>
        </div>
        <div>
          <dt>{t('pools.inEscrow')}</dt>
          <dd className="font-semibold text-fg tabular-nums">{formatBalance(pool.left_amount, lang)}</dd>
        </div>
        {pool.refunded > 0 && (
          <div>
            <dt>{t('pools.refunded')}</dt>
            <dd className="font-semibold text-fg tabular-nums">{formatBalance(pool.refunded, lang)}</dd>
          </div>
        )}
        <div>
          <dt>{pool.end_at ? t('pools.endsAt') : t('pools.created')}</dt>
          <dd className="font-semibold text-fg">{formatDateTime(pool.end_at ?? pool.created_at, lang)}</dd>
        </div>
      </dl>
      {pool.status === 'active' && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          loading={cancel.isPending}
          onClick={() => void onCancel()}
          data-testid="pool-cancel"
        >
          {t('pools.cancel')}
        </Button>
      )}
    </li>
  );
}

/**
 * The creator's reward pools of one video (or of all their videos, without `postId`): each with its
 * reward, rewards left and claimed and a cancel (confirmed) that returns the unspent part; and, for one
 * video, the fund dialog. For the creator's video pages (issue 18: the channel's my-video detail).
 */
export function RewardPoolPanel({ postId, duration }: { postId?: number; duration?: number }) {
  const { t } = useTranslation();
  const [funding, setFunding] = useState(false);
  const pools = usePools(postId);
  const list = pools.data?.pages.flatMap((p) => p.list) ?? [];
  const active = list.some((p) => p.status === 'active');

  return (
    <section
      aria-labelledby="reward-pool-title"
      className="rounded-2xl border border-border bg-surface"
      data-testid="reward-pool-panel"
    >
      <header className="flex flex-col gap-3 border-b border-border p-4 wide:flex-row wide:items-center wide:justify-between">
        <div className="flex items-start gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
            <HandCoins className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <h2 id="reward-pool-title" className="text-lg font-bold">
              {t('pools.panelTitle')}
            </h2>
            <p className="text-sm text-muted">{t('pools.panelText')}</p>
          </div>
        </div>
        {postId !== undefined && (
          <div className="flex flex-col items-start gap-1 wide:items-end">
            <Button onClick={() => setFunding(true)} disabled={active || !pools.data} data-testid="pool-fund">
              <Plus className="size-5" aria-hidden />
              {t('pools.fund')}
            </Button>
            {active && <p className="text-xs text-muted">{t('pools.oneActive')}</p>}
          </div>
        )}
      </header>
      {pools.isError && !pools.data ? (
        <ErrorState message={pools.error.message} onRetry={() => void pools.refetch()} />
      ) : !pools.data ? (
        <div className="flex flex-col gap-3 p-4" role="status" aria-busy="true">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-2 w-full" />
        </div>
      ) : list.length === 0 ? (
        <EmptyState title={t('pools.empty')} text={t('pools.emptyText')} />
      ) : (
        <>
          <ul className="divide-y divide-border">
            {list.map((pool) => (
              <PoolRow key={pool.id} pool={pool} showTitle={postId === undefined} />
            ))}
          </ul>
          <LoadMore query={pools} />
        </>
      )}
      {postId !== undefined && (
        <FundPoolDialog open={funding} onClose={() => setFunding(false)} postId={postId} duration={duration} />
      )}
    </section>
  );
}
