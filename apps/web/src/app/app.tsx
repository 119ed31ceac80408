import { Suspense, useEffect } from 'react';
import { unstable_HistoryRouter as HistoryRouter, useRoutes } from 'react-router';
import { paths } from '../shared/routing/paths';
import { createAppHistory } from '../shared/routing/app-history';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../shared/api/query-client';
import { onUnauthorized } from '../shared/api/client';
import { useApplyTheme } from '../shared/hooks/use-apply-theme';
import { useConfirmStore } from '../shared/ui/confirm';
import { useToasterWanted } from '../shared/ui/toast';
import { lazyHost } from '../shared/ui/lazy-host';
import { Spinner } from '../shared/ui/states';
import { logoutLocally } from '../shared/session/logout';
import { captureInvitationCode } from '../shared/session/invitation';
import { startMiniApp } from '../shared/telegram/launch';
import { IdentityReturns } from '../features/identities';
import { routes } from './routes';

const ConfirmHost = lazyHost(
  () => import('../shared/ui/confirm-dialog').then((m) => m.ConfirmHost),
  () => useConfirmStore((s) => s.open),
);
// Sonner loads with the first toast (shared/ui/toast.ts).
const ThemedToaster = lazyHost(
  () => import('../shared/ui/toaster').then((m) => m.ThemedToaster),
  () => useToasterWanted(),
);

captureInvitationCode(window.location.search);
// The router in declarative mode over a history of our own: the data router's code (about 17 KB gzip) is not
// needed for routes that only render elements, and the history lets code outside React navigate.
const history = createAppHistory();
const navigate = (path: string, options?: { replace?: boolean }) =>
  options?.replace ? history.replace(path) : history.push(path);

function Pages() {
  return useRoutes(routes);
}

// Inside Telegram: the Mini App SDK (loaded only there) follows Telegram's theme, safe areas and BackButton.
void startMiniApp({
  pathname: () => history.location.pathname,
  subscribe: (listener) => history.listen(() => listener()),
  back: () => history.go(-1),
  open: navigate,
  home: paths.home,
});

// A 401 anywhere: log out without a toast and ask for login (spec section 8).
onUnauthorized(() =>
  logoutLocally({
    loginRequired: true,
    queryClient,
    goHome: () => navigate(paths.home, { replace: true }),
  }),
);

export function App() {
  useApplyTheme();
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<Spinner label="" />}>
        <HistoryRouter history={history}>
          <Pages />
        </HistoryRouter>
        <IdentityReturns replace={(path) => navigate(path, { replace: true })} />
        <ConfirmHost />
        <ThemedToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
