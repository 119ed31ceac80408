import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DASHBOARD_DAYS, opsDashboardCalls, type Dashboard, type DashboardDays } from '@taice/contract';
import { formatBalance, formatCount, formatInteger, formatWatchTotal } from '../../../shared/lib/format';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { useOpsQuery } from '../api/ops-call';
import { Panel, Screen } from '../components/screen';
import { TrendChart, type Series } from '../components/trend-chart';
import { useListParams } from '../list-params';
import { useOpsT } from '../ops-i18n';
import { opsPath } from '../ops-paths';

function Queue({ label, count, to }: { label: string; count: number; to: string }) {
  const { lang } = useOpsT();
  return (
    <Link
      to={to}
      className="flex flex-col gap-1 rounded-xl border border-border bg-surface p-4 transition hover:border-accent"
    >
      <span className="text-sm text-muted">{label}</span>
      <span className="text-3xl font-bold tabular-nums">{formatInteger(count, lang)}</span>
    </Link>
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The charts' series from the days' figures. */
function useSeries(data: Dashboard | undefined) {
  const { ot } = useOpsT();
  return useMemo(() => {
    const days = data?.days ?? [];
    const of = (pick: (d: Dashboard['days'][number]) => number) => days.map(pick);
    const members: Series[] = [
      { label: ot('dashboard.signups'), values: of((d) => d.signups), color: '--accent' },
      { label: ot('dashboard.activeUsers'), values: of((d) => d.active_users), color: '--success' },
    ];
    const watch: Series[] = [
      { label: ot('dashboard.watchTime'), values: of((d) => d.watch_seconds), color: '--accent' },
    ];
    const taice: Series[] = [
      { label: ot('dashboard.issued'), values: of((d) => d.issued), color: '--success' },
      { label: ot('dashboard.spent'), values: of((d) => d.spent), color: '--accent' },
      { label: ot('dashboard.cashedOut'), values: of((d) => d.cashed_out), color: '--danger' },
      { label: ot('dashboard.adjusted'), values: of((d) => d.adjusted), color: '--muted' },
    ];
    return { labels: days.map((d) => d.day), members, watch, taice };
  }, [data, ot]);
}

/** Sign-ups, active members, watch time and TAICE flows per day, and what waits for an operator. */
export default function DashboardScreen() {
  const { ot, lang } = useOpsT();
  const { filters, setFilters } = useListParams(['days']);
  const days = (DASHBOARD_DAYS.find((d) => String(d) === filters.days) ?? 7) as DashboardDays;
  const dashboard = useOpsQuery(opsDashboardCalls.opsDashboard, { days });
  const data = dashboard.data;
  const series = useSeries(data);
  // Stable, so that a chart is drawn again only when its figures or the language change.
  const { count, compact, taice, watch } = useMemo(
    () => ({
      count: (value: number) => formatInteger(value, lang),
      compact: (value: number) => formatCount(value, lang),
      taice: (value: number) => formatBalance(value, lang),
      watch: (seconds: number) => formatWatchTotal(seconds, lang),
    }),
    [lang],
  );

  const chart = (heading: string, body: (d: Dashboard) => ReactNode) => (
    <Panel heading={heading}>{data ? body(data) : <Skeleton className="h-56 w-full wide:h-64" />}</Panel>
  );
  const total = (s: Series, format: (v: number) => string) => `${s.label} ${format(sum(s.values))}`;

  return (
    <Screen
      heading={ot('nav.dashboard')}
      actions={
        <ChipTabs
          label={ot('dashboard.period')}
          value={String(days)}
          onChange={(next) => setFilters({ days: next === '7' ? '' : next })}
          tabs={DASHBOARD_DAYS.map((d) => ({ id: String(d), label: ot('dashboard.days', { count: d }) }))}
        />
      }
    >
      {dashboard.isError && !data && (
        <ErrorState message={dashboard.error.message} onRetry={() => void dashboard.refetch()} />
      )}
      <div className="grid grid-cols-1 gap-3 wide:grid-cols-3" data-testid="ops-queues">
        {data ? (
          <>
            <Queue
              label={ot('dashboard.ordersWaiting')}
              count={data.orders_waiting}
              to={`${opsPath('orders')}?status=not_shipped`}
            />
            <Queue label={ot('dashboard.rewardsPending')} count={data.rewards_pending} to={opsPath('races')} />
            <Queue label={ot('dashboard.payoutsWaiting')} count={data.payouts_waiting} to={opsPath('races')} />
          </>
        ) : (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-24 w-full" />)
        )}
      </div>
      <div className="grid gap-4 wide:grid-cols-2">
        {chart(ot('dashboard.members'), () => (
          <TrendChart
            days={series.labels}
            series={series.members}
            format={count}
            tick={compact}
            least={10}
            summary={series.members.map((s) => total(s, count)).join(', ')}
          />
        ))}
        {chart(ot('dashboard.watchTime'), () => (
          <TrendChart
            days={series.labels}
            series={series.watch}
            kind="bar"
            format={watch}
            least={3600}
            summary={series.watch.map((s) => total(s, watch)).join(', ')}
          />
        ))}
      </div>
      {chart(ot('dashboard.taice'), () => (
        <TrendChart
          days={series.labels}
          series={series.taice}
          format={taice}
          tick={compact}
          least={100}
          summary={series.taice.map((s) => total(s, taice)).join(', ')}
        />
      ))}
    </Screen>
  );
}
