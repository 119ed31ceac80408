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
