import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_UI_LANG, isUiLang, UI_LANGS, type UiLang } from '@taice/contract';
import { readStorage, storageKeys } from '../lib/storage';
import type en from './locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
  }
}

/** Each language is its own chunk, loaded when chosen. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    import(`./locales/${language}.json`).then(
      (module: { default: Record<string, unknown> }) => callback(null, module.default),
      (error: Error) => callback(error, false),
    );
  },
};

/** Each language's code for the `lang` attribute of HTML. */
export const htmlLang: Record<UiLang, string> = { en: 'en', cn: 'zh-CN', tw: 'zh-TW' };

/** The stored language, or English when nothing (or something unknown) is stored. */
export function storedLang(): UiLang {
  const stored = readStorage(storageKeys.lang);
  return isUiLang(stored) ? stored : DEFAULT_UI_LANG;
}

export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: storedLang(),
    fallbackLng: DEFAULT_UI_LANG,
    supportedLngs: [...UI_LANGS],
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    returnNull: false,
  });

export function currentLang(): UiLang {
  return isUiLang(i18n.language) ? i18n.language : DEFAULT_UI_LANG;
}

export { i18n };
