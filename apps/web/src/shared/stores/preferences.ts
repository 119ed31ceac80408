import { create } from 'zustand';
import type { UiLang } from '@taice/contract';
import { htmlLang, i18n, storedLang } from '../i18n/i18n';
import { readStorage, storageKeys, writeStorage } from '../lib/storage';

export type ThemeChoice = 'dark' | 'light' | 'system';

function storedTheme(): ThemeChoice {
  const stored = readStorage(storageKeys.theme);
  return stored === 'light' || stored === 'system' ? stored : 'dark';
}

interface Preferences {
  lang: UiLang;
  theme: ThemeChoice;
  setLang(lang: UiLang): Promise<void>;
  setTheme(theme: ThemeChoice): void;
}

/** Language and theme: kept in local storage, applied to the document at once. */
export const usePreferences = create<Preferences>((set) => ({
  lang: storedLang(),
  theme: storedTheme(),
  async setLang(lang) {
    writeStorage(storageKeys.lang, lang);
    await i18n.changeLanguage(lang);
    document.documentElement.lang = htmlLang[lang];
    set({ lang });
  },
  setTheme(theme) {
    writeStorage(storageKeys.theme, theme);
    set({ theme });
  },
}));
