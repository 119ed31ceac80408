import type { UiLang } from '@taice/contract';
import { intlLocale } from '../../../shared/lib/format';

type ByteUnit = 'byte' | 'kilobyte' | 'megabyte' | 'gigabyte';

const UNITS: [ByteUnit, number][] = [
  ['gigabyte', 1024 ** 3],
  ['megabyte', 1024 ** 2],
  ['kilobyte', 1024],
];

function scaled(bytes: number): [ByteUnit, number] {
  for (const [unit, size] of UNITS) if (bytes >= size) return [unit, bytes / size];
  return ['byte', bytes];
}

function unitFormat(value: number, unit: string, lang: UiLang, digits: number): string {
  return new Intl.NumberFormat(intlLocale[lang], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  }).format(value);
}

/** A file size in units of 1024: "512 B", "812 kB", one decimal from a megabyte on ("12.4 MB"). */
export function formatBytes(bytes: number, lang: UiLang): string {
  const [unit, value] = scaled(Math.max(0, bytes));
  if (unit === 'byte') return `${new Intl.NumberFormat(intlLocale[lang]).format(value)} B`;
  return unitFormat(value, unit, lang, unit === 'kilobyte' ? 0 : 1);
}

/** A transfer speed: "1.5 MB/s". */
export function formatSpeed(bytesPerSecond: number, lang: UiLang): string {
  const [unit, value] = scaled(Math.max(0, bytesPerSecond));
  return unitFormat(value, `${unit}-per-second`, lang, unit === 'byte' || unit === 'kilobyte' ? 0 : 1);
}

/** Time left: "8 sec", "3 min 20 sec", "1 hr 5 min" (rounded up, so it never says 0 while bytes remain). */
export function formatTimeLeft(seconds: number, lang: UiLang): string {
  const total = Math.max(1, Math.ceil(seconds));
  const unit = (value: number, name: 'second' | 'minute' | 'hour') => unitFormat(value, name, lang, 0);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return m > 0 ? `${unit(h, 'hour')} ${unit(m, 'minute')}` : unit(h, 'hour');
  if (m > 0) return s > 0 && m < 10 ? `${unit(m, 'minute')} ${unit(s, 'second')}` : unit(m, 'minute');
  return unit(s, 'second');
}

/** Percent of `sent` in `total`, floored so that 100 % means every byte arrived. */
export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((sent / total) * 100));
}
