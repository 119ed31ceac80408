import { describe, expect, it } from 'vitest';
import { storedLang, i18nReady, i18n } from '../i18n/i18n';
import { usePreferences } from './preferences';

describe('the language choice', () => {
  it('falls back to English when nothing or something unknown is stored', () => {
    expect(storedLang()).toBe('en');
    localStorage.setItem('lang', 'fr');
    expect(storedLang()).toBe('en');
    localStorage.setItem('lang', 'tw');
    expect(storedLang()).toBe('tw');
  });

  it('is kept in local storage and switches the interface language', async () => {
    await i18nReady;
    await usePreferences.getState().setLang('cn');
    expect(localStorage.getItem('lang')).toBe('cn');
    expect(i18n.language).toBe('cn');
    expect(i18n.t('nav.home')).toBe('首页');
    expect(document.documentElement.lang).toBe('zh-CN');
    await usePreferences.getState().setLang('en');
  });
});
