import { useSyncExternalStore } from 'react';

/** The theme on <html> (data-theme), followed as it changes: a canvas (a chart) draws again in its colours. */
export function useDocumentTheme(): string {
  return useSyncExternalStore(
    (onChange) => {
      const observer = new MutationObserver(onChange);
      observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
      return () => observer.disconnect();
    },
    () => document.documentElement.dataset.theme ?? 'dark',
  );
}

/** The current value of one of the theme's CSS colours, e.g. `--accent`. */
export function themeColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
