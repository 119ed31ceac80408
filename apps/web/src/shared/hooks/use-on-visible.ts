import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the element given to the returned ref comes
 * within `margin` of the viewport (infinite scroll sentinels).
 */
export function useOnVisible<T extends Element>(onVisible: () => void, enabled = true, margin = '600px') {
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  const observer = useRef<IntersectionObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (entries.some((e) => e.isIntersecting)) callback.current();
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [enabled, margin],
  );
}
