import { useEffect } from 'react';
import { useMediaQuery } from './use-media-query';
import { usePreferences } from '../stores/preferences';
import { useTelegramScheme } from '../telegram/scheme';

/**
 * Puts the chosen theme on <html>; "system" follows the device setting as it changes. Inside the Telegram
 * Mini App, Telegram's theme decides (its colours are set by shared/telegram).
 */
export function useApplyTheme(): void {
  const theme = usePreferences((s) => s.theme);
  const prefersLight = useMediaQuery('(prefers-color-scheme: light)');
  const telegram = useTelegramScheme();
  const resolved = telegram ?? (theme === 'system' ? (prefersLight ? 'light' : 'dark') : theme);
  useEffect(() => {
    document.documentElement.dataset.theme = resolved;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', resolved === 'light' ? '#f6f6fa' : '#0b0b12');
  }, [resolved]);
}
