import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { UiLang } from '@taice/contract';
import { themeColor, useDocumentTheme } from '../hooks/use-document-theme';
import { formatShortDay } from '../lib/format';

Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

export interface Series {
  label: string;
  values: number[];
  /** A CSS colour variable of the theme, e.g. `--accent`. */
  color: string;
}

export interface TrendChartProps {
  /** `YYYY-MM-DD` of each point, oldest first. */
  days: string[];
  series: Series[];
  kind?: 'line' | 'bar';
  /** Words a value in a tooltip. */
  format: (value: number) => string;
  /** Words a value on the axis (shorter), `format` by default. */
  tick?: (value: number) => string;
  /** The axis reaches at least this far (so that a chart of zeros still has a readable scale). */
  least?: number;
  /** What the chart shows, for screen readers. */
  summary: string;
}

/**
 * Figures per day as lines (or bars), in the theme's colours (drawn again when the theme changes), the days
 * labelled in `lang`; `format` words a value on the axis and tooltip. chart.js loads with the chunk that uses it.
 */
export function TrendChart({
  lang,
  days,
  series,
  kind = 'line',
  format,
  tick = format,
  least,
  summary,
}: TrendChartProps & {
  /** The language of the day labels. */
  lang: UiLang;
}) {
  const theme = useDocumentTheme();
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
    const muted = themeColor('--muted');
    const border = themeColor('--border');
    const chart = new Chart(element, {
      type: kind,
      data: {
        labels: days.map((day) => formatShortDay(day, lang)),
        datasets: series.map((s) => ({
          label: s.label,
          data: s.values,
          borderColor: themeColor(s.color),
          backgroundColor: themeColor(s.color),
          borderWidth: 2,
          pointRadius: days.length > 31 ? 0 : 2,
          tension: 0.25,
          borderRadius: 3,
          maxBarThickness: 24,
        })),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: { duration: 400 },
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { display: series.length > 1, labels: { color: muted, boxWidth: 12 } },
          tooltip: {
            backgroundColor: themeColor('--surface-2'),
            titleColor: themeColor('--fg'),
            bodyColor: themeColor('--fg'),
            borderColor: border,
            borderWidth: 1,
            callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${format(Number(item.raw))}` },
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
            suggestedMax: least,
            grid: { color: border },
            border: { display: false },
            ticks: { color: muted, precision: 0, callback: (value) => tick(Number(value)) },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [days, series, kind, format, tick, least, lang, theme]);

  return (
    <div className="h-56 wide:h-64" data-testid="trend-chart">
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
