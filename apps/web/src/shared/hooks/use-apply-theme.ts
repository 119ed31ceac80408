import { useEffect } from 'react';
import { useMediaQuery } from './use-media-query';
import { usePreferences } from '../stores/preferences';

/** Puts the chosen theme on <html>; "system" follows the device setting as it changes. */
export function useApplyTheme(): void {
  const theme = usePreferences((s) => s.theme);
  const prefersLight = useMediaQuery('(prefers-color-scheme: light)');
  const resolved = theme === 'system' ? (prefersLight ? 'light' : 'dark') : theme;
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', resolved === 'light' ? '#f6f6fa' : '#0b0b12');
  }, [resolved]);
}
