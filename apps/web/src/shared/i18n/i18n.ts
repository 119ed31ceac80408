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

type Texts = Record<string, unknown>;
/** Each language is two chunks: what the first screen shows, loaded when the language is chosen, and the rest. */
const firstTexts = import.meta.glob<Texts>('./locales/*.json', { query: { texts: 'first' }, import: 'default' });
const restTexts = import.meta.glob<Texts>('./locales/*.json', { query: { texts: 'rest' }, import: 'default' });
const fileOf = (language: string) => `./locales/${language}.json`;

/** Set by the first page or dialog past the first screen: from then on a language loads whole. */
let allTextsWanted = false;

function loadTexts(language: string): Promise<Texts> {
  const first = firstTexts[fileOf(language)];
  const rest = restTexts[fileOf(language)];
  if (!first || !rest) return Promise.reject(new Error(`no texts for ${language}`));
  return allTextsWanted ? Promise.all([first(), rest()]).then(([a, b]) => ({ ...a, ...b })) : first();
}

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadTexts(language).then(
      (texts) => callback(null, texts),
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

const restLoads = new Map<string, Promise<void>>();

/** Loads the rest of the chosen language (and of its fallback) once; later languages load whole. */
export function loadAllTexts(): Promise<void> {
  allTextsWanted = true;
  return i18nReady.then(async () => {
    await Promise.all(
      i18n.languages.map((language) => {
        let loading = restLoads.get(language);
        if (!loading) {
          const rest = restTexts[fileOf(language)];
          loading = rest
            ? rest().then((texts) => void i18n.addResourceBundle(language, 'translation', texts, true, true))
            : Promise.resolve();
          restLoads.set(language, loading);
        }
        return loading;
      }),
    );
  });
}

/** A chunk past the first screen: it is ready once its code and all the texts of the language are. */
export function withAllTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllTexts()]).then(([loaded]) => loaded);
}

export function currentLang(): UiLang {
  return isUiLang(i18n.language) ? i18n.language : DEFAULT_UI_LANG;
}

export { i18n };
