import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';

type BrowserHistory = ReturnType<typeof createBrowserHistory>;
type Listener = Parameters<BrowserHistory['listen']>[0];

/**
 * The browser history the router renders from, shared with code outside React (the Mini App's BackButton,
 * logout, identity returns). React Router's own history accepts a single listener, so this one listens once and
 * passes each change on to every subscriber. Entries keep React Router's `{ idx }` state, which `canGoBack` reads.
 */
export function createAppHistory(win: Window = window): BrowserHistory {
  const browser = createBrowserHistory({ window: win, v5Compat: true });
  const listeners = new Set<Listener>();
  let stopListening: (() => void) | undefined;

  return {
    get action() {
      return browser.action;
    },
    get location() {
      return browser.location;
    },
    createHref: (to) => browser.createHref(to),
    createURL: (to) => browser.createURL(to),
    encodeLocation: (to) => browser.encodeLocation(to),
    push: (to, state) => browser.push(to, state),
    replace: (to, state) => browser.replace(to, state),
    go: (delta) => browser.go(delta),
    listen(listener) {
      listeners.add(listener);
      stopListening ??= browser.listen((update) => listeners.forEach((each) => each(update)));
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          stopListening?.();
          stopListening = undefined;
        }
      };
    },
  };
}
