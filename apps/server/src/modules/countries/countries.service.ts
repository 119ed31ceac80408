import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import type { ApiLang, CountryInfo } from '@taice/contract';

/**
 * Countries and dial codes come from libphonenumber-js (Google's phone
 * metadata); their names from the runtime's ICU data in each language.
 * Both are fixed for a given build, so each language's list is made once.
 */
const locales: Record<ApiLang, string> = { en_US: 'en', 'zh-CN': 'zh-Hans-CN', 'zh-TW': 'zh-Hant-TW' };

function flagOf(code: string): string {
  return String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const cache = new Map<ApiLang, CountryInfo[]>();

export function countriesIn(lang: ApiLang): CountryInfo[] {
  let list = cache.get(lang);
  if (!list) {
    const names = new Intl.DisplayNames([locales[lang]], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locales[lang]);
    list = getCountries()
      .map((code) => ({
        code,
        name: names.of(code) ?? code,
        dial_code: `+${getCountryCallingCode(code)}`,
        flag: flagOf(code),
      }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(lang, list);
  }
  return list;
}
