import { useState } from 'react';
import { REWARD_STATUSES, opsRaceCalls, type OpsReward, type RewardSource } from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { useOpsT } from '../ops-i18n';
import { RewardStatusBadge } from './badges';
import { Amount, UserLink, When } from './bits';
import { PagedTable, type Column } from './data-table';
import { StatusFilter } from './filters';
import { ReasonDialog } from './form-dialog';

/**
 * The rewards of one race or campaign, by rank, with the eligibility checks behind each: approve one (TAICE paid
 * through the ledger once) or reject it with the reason the member reads.
 */
export function RewardsTable({ source, sourceId }: { source: RewardSource; sourceId: number }) {
  const { ot } = useOpsT();
  const may = useMay();
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const rewards = useOpsQuery(opsRaceCalls.opsRewards, {
    source,
    source_id: sourceId,
    status: REWARD_STATUSES.find((s) => s === status),
    page,
  });
  const approve = useOpsAction(opsRaceCalls.opsRewardApprove, 'rewards.approvedDone');
  const reject = useOpsAction(opsRaceCalls.opsRewardReject, 'rewards.rejectedDone');
  const [rejecting, setRejecting] = useState<OpsReward | null>(null);

  const columns: Column<OpsReward>[] = [
    { header: ot('rewards.rank'), cell: (r) => (r.rank === null ? '—' : `#${r.rank}`) },
    {
      header: ot('rewards.member'),
      cell: (r) => (
        <span className="flex flex-col">
          <UserLink id={r.user_id} name={r.user_name} />
          <span className="text-xs text-muted">{r.email}</span>
        </span>
      ),
    },
    { header: ot('rewards.amount'), numeric: true, cell: (r) => <Amount value={r.amount} currency={r.currency} /> },
    { header: ot('rewards.status'), cell: (r) => <RewardStatusBadge status={r.status} /> },
    {
      header: ot('rewards.checks'),
      cell: (r) =>
        r.checks.length === 0 ? (
          <span className="text-muted">—</span>
        ) : (
          <ul className="text-xs">
            {r.checks.map((c) => (
              <li key={c.rule} className={c.passed ? 'text-success' : 'text-danger'}>
                {ot(`rewards.rules.${c.rule}`)} {c.actual}/{c.required}
              </li>
            ))}
          </ul>
        ),
    },
    { header: ot('rewards.reason'), cell: (r) => r.reason || '—' },
    {
      header: ot('rewards.decided'),
      cell: (r) =>
        r.decided_at ? (
          <span className="text-xs">
            {r.decided_by} · <When iso={r.decided_at} />
          </span>
        ) : (
          '—'
        ),
    },
    {
      header: ot('orders.actions'),
      cell: (r) =>
        r.status === 'pending' && (
          <span className="flex flex-wrap gap-2">
            {may(opsRaceCalls.opsRewardApprove) && (
              <Button size="sm" onClick={() => void approve.run({ id: r.id })}>
                {ot('rewards.approve')}
              </Button>
            )}
            {may(opsRaceCalls.opsRewardReject) && (
              <Button size="sm" variant="secondary" onClick={() => setRejecting(r)}>
                {ot('rewards.reject')}
              </Button>
            )}
          </span>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <StatusFilter
        label={ot('rewards.status')}
        value={status}
        statuses={REWARD_STATUSES}
        labelOf={(s) => ot(`rewards.statuses.${s}`)}
        onChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
      />
      <PagedTable
        caption={ot('rewards.title')}
        columns={columns}
        rowKey={(r) => r.id}
        empty={ot('rewards.none')}
        query={rewards}
        onPage={setPage}
        testId="ops-rewards"
      />
      {rejecting && (
        <ReasonDialog
          title={ot('rewards.rejectTitle')}
          text={`${rejecting.user_name} · ${rejecting.title}`}
          submitLabel={ot('rewards.reject')}
          danger
          schema={opsRaceCalls.opsRewardReject.body}
          toBody={(reason) => ({ id: rejecting.id, reason })}
          submit={(body) => reject.mutateAsync(body)}
          onClose={() => setRejecting(null)}
        />
      )}
    </div>
  );
}
