import { useState } from 'react';
import { opsRaceCalls, type OpsRace, type RaceStatus } from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { useOpsAction, useOpsQuery } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { Badge, When, type Tone } from '../components/bits';
import { PagedTable, type Column } from '../components/data-table';
import { RewardsTable } from '../components/rewards-table';
import { Panel, Screen } from '../components/screen';
import { useOpsT } from '../ops-i18n';

const raceTones: Record<RaceStatus, Tone> = { running: 'success', closing: 'warning', closed: 'neutral' };

/** Weekly races: their standing, closing an ended one now, and the rewards to decide. */
export default function RacesScreen() {
  const { ot } = useOpsT();
  const may = useMay();
  const [page, setPage] = useState(1);
  const races = useOpsQuery(opsRaceCalls.opsRaces, { page });
  const close = useOpsAction(opsRaceCalls.opsRaceClose, 'races.closedDone');
  const [chosen, setChosen] = useState<OpsRace | null>(null);

  const columns: Column<OpsRace>[] = [
    { header: ot('races.race'), cell: (r) => r.label },
    {
      header: ot('races.period'),
      cell: (r) => (
        <span className="text-xs">
          <When iso={r.starts_at} /> – <When iso={r.ends_at} />
        </span>
      ),
    },
    {
      header: ot('races.status'),
      cell: (r) => <Badge tone={raceTones[r.status]}>{ot(`races.statuses.${r.status}`)}</Badge>,
    },
    { header: ot('races.participants'), numeric: true, cell: (r) => r.participants },
    {
      header: ot('races.rewards'),
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone="warning">{ot('races.pending', { count: r.rewards_pending })}</Badge>
          <Badge tone="danger">{ot('races.ineligible', { count: r.rewards_ineligible })}</Badge>
          <Badge tone="success">{ot('races.settled', { count: r.rewards_settled })}</Badge>
        </span>
      ),
    },
    {
      header: ot('orders.actions'),
      cell: (r) => (
        <span className="flex flex-wrap gap-2">
          <Button size="sm" variant={chosen?.id === r.id ? 'primary' : 'secondary'} onClick={() => setChosen(r)}>
            {ot('races.showRewards')}
          </Button>
          {r.status === 'closing' && may(opsRaceCalls.opsRaceClose) && (
            <Button size="sm" variant="secondary" onClick={() => void close.run({ id: r.id })}>
              {ot('races.close')}
            </Button>
          )}
        </span>
      ),
    },
  ];
  return (
    <Screen heading={ot('nav.races')}>
      <PagedTable
        caption={ot('nav.races')}
        columns={columns}
        rowKey={(r) => r.id}
        empty={ot('races.none')}
        query={races}
        onPage={setPage}
      />
      {chosen && (
        <Panel heading={ot('races.rewardsOf', { race: chosen.label })}>
          <RewardsTable key={chosen.id} source="race" sourceId={chosen.id} />
        </Panel>
      )}
    </Screen>
  );
}
