import { Suspense, useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { paths } from '../shared/routing/paths';
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
const router = createBrowserRouter(routes);

// Inside Telegram: the Mini App SDK (loaded only there) follows Telegram's theme, safe areas and BackButton.
void startMiniApp({
  pathname: () => router.state.location.pathname,
  subscribe: (listener) => router.subscribe(listener),
  back: () => void router.navigate(-1),
  open: (path, options) => void router.navigate(path, options),
  home: paths.home,
});

// A 401 anywhere: log out without a toast and ask for login (spec section 8).
onUnauthorized(() =>
  logoutLocally({
    loginRequired: true,
    queryClient,
    goHome: () => void router.navigate(paths.home, { replace: true }),
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
        <RouterProvider router={router} />
        <IdentityReturns replace={(path) => void router.navigate(path, { replace: true })} />
        <ConfirmHost />
        <ThemedToaster />
      </Suspense>
    </QueryClientProvider>
  );
}
