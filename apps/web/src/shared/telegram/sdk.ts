// Loaded only inside Telegram (launch.ts): everything that needs the Telegram Mini Apps SDK.
import {
  backButton,
  closingBehavior,
  hapticFeedback,
  init,
  isTMA,
  miniApp,
  retrieveLaunchParams,
  retrieveRawInitData,
  shareURL,
  themeParams,
  viewport,
} from '@telegram-apps/sdk-react';
import { setMiniAppInitData } from '../lib/platform';
import { setClosingImplementation } from './closing';
import { setHapticImplementation } from './haptics';
import type { MiniAppHost } from './launch';
import { setTelegramScheme } from './scheme';
import { setTelegramShareImplementation } from './share';
import { handleStartParam } from './start-param';
import { applyTelegramTheme } from './theme';

const START_HANDLED_KEY = 'tg_start_handled';

/** True once per tab: the start_param's video opens on the launch, not again on a reload. */
function firstLaunchInTab(): boolean {
  try {
    if (sessionStorage.getItem(START_HANDLED_KEY)) return false;
    sessionStorage.setItem(START_HANDLED_KEY, '1');
  } catch {
    // No storage: treat as the first launch.
  }
  return true;
}

function safely(what: string, fn: () => void): void {
  try {
    fn();
  } catch (error) {
    console.warn(`Telegram Mini App: ${what} failed`, error);
  }
}

function followTheme(): void {
  themeParams.mountSync.ifAvailable();
  const apply = () => setTelegramScheme(applyTelegramTheme(themeParams.state(), document.documentElement));
  apply();
  themeParams.state.sub(apply);
  // Telegram's own header and background in the page's colour.
  if (miniApp.mountSync.isAvailable()) {
    miniApp.mountSync();
    miniApp.setHeaderColor.ifAvailable('bg_color');
    miniApp.setBackgroundColor.ifAvailable('bg_color');
  }
}

function driveBackButton(host: MiniAppHost): void {
  if (!backButton.mount.isAvailable()) return;
  backButton.mount();
  const canGoBack = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  const update = () => {
    if (host.pathname() !== host.home) backButton.show();
    else backButton.hide();
  };
  backButton.onClick(() => {
    if (canGoBack()) host.back();
    else host.open(host.home, { replace: true });
  });
  update();
  host.subscribe(update);
}

async function fitViewport(): Promise<void> {
  if (!viewport.mount.isAvailable()) return;
  // Telegram answers the viewport and safe-area requests; without an answer the page still works.
  await viewport.mount({ timeout: 3000 });
  viewport.bindCssVars.ifAvailable();
  viewport.expand.ifAvailable();
}

export function setUpMiniApp(host: MiniAppHost): void {
  if (!isTMA()) return; // The launch parameters are not Telegram's: platform.ts's fragment fallback remains.
  const launchParams = retrieveLaunchParams();
  setMiniAppInitData(retrieveRawInitData() ?? '');
  init();
  document.documentElement.dataset.telegram = 'mini-app';

  const opened = handleStartParam(launchParams.tgWebAppStartParam);
  if (opened && firstLaunchInTab()) host.open(opened);

  safely('theme', followTheme);
  safely('back button', () => driveBackButton(host));
  safely('haptics', () => setHapticImplementation((type) => hapticFeedback.notificationOccurred.ifAvailable(type)));
  safely('sharing', () => {
    if (shareURL.isAvailable()) setTelegramShareImplementation((link, text) => shareURL(link, text));
  });
  safely('closing confirmation', () => {
    closingBehavior.mount.ifAvailable();
    setClosingImplementation((enabled) =>
      enabled ? closingBehavior.enableConfirmation.ifAvailable() : closingBehavior.disableConfirmation.ifAvailable(),
    );
  });
  void fitViewport().catch((error: unknown) => console.warn('Telegram Mini App: viewport failed', error));
  miniApp.ready.ifAvailable();
}
