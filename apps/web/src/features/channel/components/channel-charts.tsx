import { useMemo, type ReactNode } from 'react';
import clsx from 'clsx';
import { useTranslation } from 'react-i18next';
import type { ChannelDay } from '@taice/contract';
import { formatBalance, formatCount, formatInteger, formatViewingTime, intlLocale } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { TrendChart, type Series } from '../../../shared/ui/trend-chart';
import type { useChannelReport } from '../api/use-channel-report';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

function Panel({
  heading,
  total,
  wide,
  children,
}: {
  heading: string;
  total: string;
  /** Takes the whole row on a wide screen. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      className={clsx(
        'flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-4',
        wide && 'wide:col-span-2',
      )}
      aria-label={heading}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold">{heading}</h2>
        <span className="text-sm text-muted tabular-nums">{total}</span>
      </div>
      {children}
    </section>
  );
}

/** The series of the charts, from the days' figures. */
function useSeries(days: ChannelDay[]) {
  const { t } = useTranslation();
  return useMemo(() => {
    const of = (pick: (d: ChannelDay) => number) => days.map(pick);
    const views: Series[] = [{ label: t('channel.figures.views'), values: of((d) => d.views), color: '--accent' }];
    const watch: Series[] = [
      // In minutes, so that the axis counts whole minutes.
      { label: t('channel.figures.watch'), values: of((d) => d.watch_seconds / 60), color: '--success' },
    ];
    const engagement: Series[] = [
      { label: t('channel.figures.likes'), values: of((d) => d.likes), color: '--danger' },
      { label: t('channel.figures.comments'), values: of((d) => d.comments), color: '--accent' },
      { label: t('channel.figures.shares'), values: of((d) => d.shares), color: '--success' },
    ];
    const followers: Series[] = [
      { label: t('channel.analyze.charts.followers'), values: of((d) => d.new_followers ?? 0), color: '--accent' },
    ];
    const payouts: Series[] = [
      { label: t('channel.figures.poolPaid'), values: of((d) => d.pool_paid), color: '--warning' },
    ];
    return { labels: days.map((d) => d.day), views, watch, engagement, followers, payouts };
  }, [days, t]);
}

/** Views, watch time, engagement, new followers and pool payouts per day, each with its total over the period. */
export function ChannelCharts({
  report,
  perVideo,
}: {
  report: ReturnType<typeof useChannelReport>;
  perVideo: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const days = report.data?.days;
  const series = useSeries(days ?? []);
  // Stable, so that a chart is drawn again only when its figures or the language change.
  const formats = useMemo(
    () => ({
      count: (value: number) => formatInteger(value, lang),
      compact: (value: number) => formatCount(value, lang),
      watch: (minutes: number) => formatViewingTime(minutes * 60, lang),
      minutes: (minutes: number) =>
        new Intl.NumberFormat(intlLocale[lang], {
          style: 'unit',
          unit: 'minute',
          unitDisplay: 'short',
          notation: 'compact',
        }).format(minutes),
      taice: (value: number) => formatBalance(value, lang),
    }),
    [lang],
  );
  if (!days) {
    if (report.isError) return <ErrorState onRetry={() => void report.refetch()} />;
    return (
      <div className="grid gap-4 wide:grid-cols-2" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-72 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  const total = (list: Series[], format: (v: number) => string) =>
    list.map((s) => t('channel.analyze.sum', { label: s.label, value: format(sum(s.values)) })).join(' · ');
  const chart = (
    heading: string,
    list: Series[],
    format: (v: number) => string,
    options: { kind?: 'line' | 'bar'; least: number; tick?: (v: number) => string; wide?: boolean },
  ) => (
    <Panel heading={heading} total={total(list, format)} wide={options.wide}>
      <TrendChart
        lang={lang}
        days={series.labels}
        series={list}
        kind={options.kind}
        format={format}
        tick={options.tick}
        least={options.least}
        summary={`${heading}: ${total(list, format)}`}
      />
    </Panel>
  );
  return (
    <div className="grid gap-4 wide:grid-cols-2" data-testid="channel-charts">
      {chart(t('channel.analyze.charts.views'), series.views, formats.count, { least: 10, tick: formats.compact })}
      {chart(t('channel.analyze.charts.watch'), series.watch, formats.watch, {
        kind: 'bar',
        least: 10,
        tick: formats.minutes,
      })}
      {chart(t('channel.analyze.charts.engagement'), series.engagement, formats.count, {
        least: 5,
        tick: formats.compact,
      })}
      {!perVideo &&
        chart(t('channel.analyze.charts.followers'), series.followers, formats.count, { kind: 'bar', least: 5 })}
      {chart(t('channel.analyze.charts.payouts'), series.payouts, formats.taice, {
        kind: 'bar',
        least: 10,
        tick: formats.compact,
        // The channel's fifth chart takes the whole row.
        wide: !perVideo,
      })}
    </div>
  );
}
