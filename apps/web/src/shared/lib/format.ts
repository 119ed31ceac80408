import { HEADER_COUNT_K_THRESHOLD, type UiLang } from '@taice/contract';

export const intlLocale: Record<UiLang, string> = { en: 'en-US', cn: 'zh-CN', tw: 'zh-TW' };

const balanceFormats = new Map<UiLang, Intl.NumberFormat>();

/** A balance with 2 decimals and thousands separators (spec section 9). */
export function formatBalance(value: number, lang: UiLang): string {
  let format = balanceFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    balanceFormats.set(lang, format);
  }
  return format.format(value);
}

/** Header counts: above 1000 they show as `NK+` (spec section 2). */
export function formatHeaderCount(count: number): string {
  return count > HEADER_COUNT_K_THRESHOLD ? `${Math.floor(count / 1000)}K+` : String(count);
}

export function formatDate(iso: string | Date, lang: UiLang): string {
  return new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: 'medium' }).format(new Date(iso));
}

/** A video length: `m:ss`, or `h:mm:ss` from one hour (the duration badge). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const compactFormats = new Map<UiLang, Intl.NumberFormat>();

/** Views, likes and other counts, short: 999, 1.2K, 3.4M in English; 1.2万 in Chinese. */
export function formatCount(value: number, lang: UiLang): string {
  let format = compactFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[lang], { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(lang, format);
  }
  return format.format(value);
}

/** A whole number with the language's thousands separators. */
export function formatInteger(value: number, lang: UiLang): string {
  return new Intl.NumberFormat(intlLocale[lang], { maximumFractionDigits: 0 }).format(value);
}

const ageUnits: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** How long ago: "3 days ago", "3天前"; anything under a minute is "now". */
export function formatAge(iso: string | Date, lang: UiLang, now: number = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(intlLocale[lang], { numeric: 'auto' });
  const seconds = Math.max(0, (now - new Date(iso).getTime()) / 1000);
  for (const [unit, size] of ageUnits) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}

/** Total watch time (Home figures): minutes below an hour, then hours. */
export function formatWatchTotal(seconds: number, lang: UiLang): string {
  const hours = seconds / 3600;
  const [value, unit] = hours >= 1 ? [hours, 'hour'] : [seconds / 60, 'minute'];
  return new Intl.NumberFormat(intlLocale[lang], {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    notation: value >= 10_000 ? 'compact' : 'standard',
    maximumFractionDigits: value >= 100 ? 0 : 1,
  }).format(value);
}

/** A date with its time of day, e.g. "Mar 3, 2026, 14:05" (ledger rows). */
export function formatDateTime(iso: string | Date, lang: UiLang): string {
  return new Intl.DateTimeFormat(intlLocale[lang], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** A calendar day (`YYYY-MM-DD`) short, as on a chart axis: "3/14", "3月14日". */
export function formatShortDay(day: string, lang: UiLang): string {
  return new Intl.DateTimeFormat(intlLocale[lang], { month: 'numeric', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** Viewing time: "45 sec", "12 min", "1 hr 5 min" (units in the chosen language). */
export function formatViewingTime(seconds: number, lang: UiLang): string {
  const total = Math.max(0, Math.floor(seconds));
  const unit = (value: number, name: 'second' | 'minute' | 'hour') =>
    new Intl.NumberFormat(intlLocale[lang], { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (total < 60) return unit(total, 'second');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (hours === 0) return unit(minutes, 'minute');
  return minutes === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
}

/** A reward in TAICE, short: whole numbers without decimals ("+10", "+2.5"), separators as the language has them. */
export function formatReward(value: number, lang: UiLang): string {
  return new Intl.NumberFormat(intlLocale[lang], { maximumFractionDigits: 2 }).format(value);
}
