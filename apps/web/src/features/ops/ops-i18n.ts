import { use, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { UiLang } from '@taice/contract';
import { currentLang, i18n } from '../../shared/i18n/i18n';
import type en from './locales/en.json';

/** Every text of the console by its path, plural forms under their base key. */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer Base}_${'one' | 'other'}`
      ? Base
      : K
    : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];
export type OpsKey = Leaves<typeof en>;
export type OpsT = (key: OpsKey, values?: Record<string, string | number>) => string;

const loaders: Record<UiLang, () => Promise<{ default: object }>> = {
  en: () => import('./locales/en.json'),
  cn: () => import('./locales/cn.json'),
  tw: () => import('./locales/tw.json'),
};

const loading = new Map<UiLang, Promise<void>>();
const loaded = new Set<UiLang>();

/**
 * The console's texts in one language, loaded with the console (never with the members' app) and merged under
 * `ops.` into that language's translations once the app's own texts for it are in.
 */
export function loadOpsTexts(lang: UiLang): Promise<void> {
  let done = loading.get(lang);
  if (!done) {
    done = Promise.all([loaders[lang](), i18n.loadLanguages(lang)]).then(([texts]) => {
      i18n.addResourceBundle(lang, 'translation', { ops: texts.default }, true, true);
      loaded.add(lang);
    });
    loading.set(lang, done);
  }
  return done;
}

const translate = i18n.t.bind(i18n) as unknown as (key: string, values?: object) => string;

/** A console text outside React (a toast after an action), in the current language. */
export const opsText: OpsT = (key, values) => translate(`ops.${key}`, values);

/** The console's `t`: suspends until the chosen language's console texts are in, re-renders when it changes. */
export function useOpsT(): { ot: OpsT; lang: UiLang } {
  useTranslation(); // re-render on a change of language
  const lang = currentLang();
  if (!loaded.has(lang)) use(loadOpsTexts(lang));
  const ot = useCallback<OpsT>((key, values) => translate(`ops.${key}`, { ...values, lng: lang }), [lang]);
  return { ot, lang };
}
