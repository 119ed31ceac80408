/**
 * Two spellings of the same three languages: the UI keeps `en | cn | tw` in
 * local storage, the wire carries `en_US | zh-CN | zh-TW` in the `lang` header.
 */
export const UI_LANGS = ['en', 'cn', 'tw'] as const;
export type UiLang = (typeof UI_LANGS)[number];

export const API_LANGS = ['en_US', 'zh-CN', 'zh-TW'] as const;
export type ApiLang = (typeof API_LANGS)[number];

export const DEFAULT_UI_LANG: UiLang = 'en';
export const DEFAULT_API_LANG: ApiLang = 'en_US';

const uiToApi: Record<UiLang, ApiLang> = { en: 'en_US', cn: 'zh-CN', tw: 'zh-TW' };
const apiToUi: Record<ApiLang, UiLang> = { en_US: 'en', 'zh-CN': 'cn', 'zh-TW': 'tw' };

export function toApiLang(lang: UiLang): ApiLang {
  return uiToApi[lang];
}

export function toUiLang(lang: ApiLang): UiLang {
  return apiToUi[lang];
}

export function isUiLang(value: unknown): value is UiLang {
  return typeof value === 'string' && (UI_LANGS as readonly string[]).includes(value);
}

/** Reads a `lang` header leniently (case, `_` or `-`, UI codes); unknown values mean English. */
export function parseApiLang(value: string | undefined | null): ApiLang {
  if (!value) return DEFAULT_API_LANG;
  const v = value.trim().toLowerCase().replace('_', '-');
  if (v === 'zh-cn' || v === 'cn' || v === 'zh-hans' || v === 'zh') return 'zh-CN';
  if (v === 'zh-tw' || v === 'tw' || v === 'zh-hant' || v === 'zh-hk') return 'zh-TW';
  return DEFAULT_API_LANG;
}

/** A text in each of the three languages. */
export type Localized = Record<ApiLang, string>;
