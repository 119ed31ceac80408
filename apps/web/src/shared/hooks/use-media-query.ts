import { useSyncExternalStore } from 'react';
import { WIDE_LAYOUT_MIN_PX } from '@taice/contract';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The wide layout (900 px and up): sidebar instead of the tab bar (spec section 2). */
export function useIsWide(): boolean {
  return useMediaQuery(`(min-width: ${WIDE_LAYOUT_MIN_PX}px)`);
}
