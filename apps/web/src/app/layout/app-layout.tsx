import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import clsx from 'clsx';
import { useIsWide } from '../../shared/hooks/use-media-query';
import { useSession } from '../../shared/session/session';
import { Header } from './header';
import { Sidebar } from './sidebar';
import { TabBar } from './tab-bar';
import { LoginDialog, useOpenLoginWhenRequired, NewUserGuide } from '../../features/auth';
import { AddToHomeHint } from '../../features/pwa';
import { SignInPopupHost, WalletSync } from '../../features/points';
import { FloatingTasks } from '../../features/tasks';
import { WalletBindDialog, useWalletAccountWatch } from '../../features/identities';

/** Every navigation scrolls to the top (spec section 4). */
function useScrollToTopOnNavigation() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}

/**
 * The frame around pages: header on all but Started and Success; the sidebar
 * on layout routes for logged-in users on wide screens; the tab bar for
 * logged-in users below 900 px.
 */
export function AppLayout({ sidebar = false, header = true }: { sidebar?: boolean; header?: boolean }) {
  useScrollToTopOnNavigation();
  useOpenLoginWhenRequired();
  useWalletAccountWatch();
  const loggedIn = useSession((s) => s.token !== null);
  const wide = useIsWide();
  const showTabBar = header && loggedIn && !wide;
  return (
    <div className="min-h-dvh pr-(--safe-right) pl-(--safe-left)">
      {header && <Header />}
      <div className="flex">
        {sidebar && loggedIn && wide && <Sidebar />}
        {/* Room at the end of every page for the tab bar or the floating tasks button, which cover it otherwise. */}
        <main id="main" className={clsx('min-w-0 flex-1', header && loggedIn && 'pb-24')}>
          <Outlet />
        </main>
      </div>
      {/* On phones the tasks button sits in the tab bar: floating, it would cover the narrow page. */}
      {showTabBar ? <TabBar action={<FloatingTasks docked />} /> : header && <FloatingTasks />}
      <WalletSync />
      <SignInPopupHost />
      <LoginDialog />
      <WalletBindDialog />
      <NewUserGuide />
      <AddToHomeHint />
    </div>
  );
}
