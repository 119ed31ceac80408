import { lazy, Suspense, useState, type ComponentType } from 'react';
import { withAllTexts } from '../i18n/i18n';

/**
 * A dialog host whose code loads the first time `useWanted` says it is wanted (opened), not with the
 * page (with all the texts of the language); from then on it stays mounted, so closing it runs its fade as before.
 */
export function lazyHost(load: () => Promise<ComponentType>, useWanted: () => boolean): ComponentType {
  const Host = lazy(withAllTexts(() => load().then((Component) => ({ default: Component }))));
  return function LazyHost() {
    const wanted = useWanted();
    const [seen, setSeen] = useState(wanted);
    if (wanted && !seen) setSeen(true);
    return seen ? (
      <Suspense fallback={null}>
        <Host />
      </Suspense>
    ) : null;
  };
}
