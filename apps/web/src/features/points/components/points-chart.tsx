import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { themeColor, useDocumentTheme } from '../../../shared/hooks/use-document-theme';
import { formatBalance, formatReward, formatShortDay } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { ErrorState, Skeleton } from '../../../shared/ui/states';
import { usePointsChart } from '../api/use-points-chart';

// Only what a bar chart needs, so the page's chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** TAICE earned per day over the last 30 days, as bars in the theme's colours. */
export function PointsChart() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const theme = useDocumentTheme();
  const chart = usePointsChart();
  const canvas = useRef<HTMLCanvasElement>(null);
  const days = chart.data;

  useEffect(() => {
    const element = canvas.current;
    if (!element || !days) return;
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    const muted = themeColor('--muted');
    const border = themeColor('--border');
    const instance = new Chart(element, {
      type: 'bar',
      data: {
        labels: days.map((d) => formatShortDay(d.day, lang)),
        datasets: [
          {
            data: days.map((d) => d.amount),
            backgroundColor: themeColor('--accent'),
            hoverBackgroundColor: themeColor('--accent-text'),
            borderRadius: 4,
            maxBarThickness: 28,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 500 },
        plugins: {
          tooltip: {
            backgroundColor: themeColor('--surface-2'),
            titleColor: themeColor('--fg'),
            bodyColor: themeColor('--fg'),
            borderColor: border,
            borderWidth: 1,
            displayColors: false,
            callbacks: { label: (item) => `+${formatBalance(Number(item.raw), lang)} TAICE` },
          },
        },
        scales: {
          x: {
            grid: { display: false },
            border: { color: border },
            ticks: { color: muted, maxRotation: 0, autoSkipPadding: 12 },
          },
          y: {
            beginAtZero: true,
            grid: { color: border },
            border: { display: false },
            ticks: { color: muted, precision: 0, callback: (v) => formatReward(Number(v), lang) },
          },
        },
      },
    });
    return () => instance.destroy();
  }, [days, lang, theme]);

  const total = days?.reduce((sum, d) => sum + d.amount, 0) ?? 0;
  const best = days?.reduce((max, d) => Math.max(max, d.amount), 0) ?? 0;
  return (
    <section aria-labelledby="points-chart-title" className="rounded-xl border border-border bg-surface p-4 wide:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="points-chart-title" className="text-lg font-bold">
          {t('points.chartTitle')}
        </h2>
        {days && <p className="text-sm text-muted">{t('points.chartTotal', { total: formatBalance(total, lang) })}</p>}
      </div>
      <div className="mt-3 h-56 wide:h-72">
        {chart.isError ? (
          <ErrorState onRetry={() => void chart.refetch()} />
        ) : days ? (
          <canvas
            ref={canvas}
            role="img"
            aria-label={t('points.chartSummary', {
              total: formatBalance(total, lang),
              best: formatBalance(best, lang),
            })}
            data-testid="points-chart"
          />
        ) : (
          <Skeleton className="h-full w-full rounded-lg" />
        )}
      </div>
    </section>
  );
}
