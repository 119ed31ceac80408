import { hasMiniAppLaunchParams, miniAppLaunchParam } from '../lib/platform';
import { setTelegramScheme } from './scheme';
import { applyTelegramTheme, type TelegramThemeParams } from './theme';

/** What the Mini App needs from the router (the app shell passes it). */
export interface MiniAppHost {
  pathname(): string;
  /** Calls `listener` after each navigation; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** One step back in the history. */
  back(): void;
  open(path: string, options?: { replace?: boolean }): void;
  /** The home screen's path (no BackButton there). */
  home: string;
}

let launched: Promise<void> | null = null;

/**
 * Called once from the app shell. Inside Telegram (launch parameters present) it loads the Telegram Mini
 * Apps SDK (its own chunk: normal visitors never download it) and sets the Mini App up; elsewhere nothing.
 */
export function startMiniApp(host: MiniAppHost): Promise<void> {
  if (!launched) {
    launched = hasMiniAppLaunchParams()
      ? import('./sdk').then((sdk) => sdk.setUpMiniApp(host)).catch((error: unknown) => console.error(error))
      : Promise.resolve();
  }
  return launched;
}

/** Resolves once the Mini App's launch was handled (the start_param's invite code kept): at once on the web. */
export function miniAppLaunched(): Promise<void> {
  return launched ?? Promise.resolve();
}

/**
 * Before the first render inside Telegram: the theme Telegram launched the Mini App with, read from its launch
 * parameters, so that the saved theme does not show until the SDK's chunk arrives (it then follows changes).
 */
export function applyLaunchTheme(): void {
  const raw = hasMiniAppLaunchParams() ? miniAppLaunchParam('tgWebAppThemeParams') : null;
  if (!raw) return;
  try {
    const scheme = applyTelegramTheme(JSON.parse(raw) as TelegramThemeParams, document.documentElement);
    if (scheme) document.documentElement.dataset.theme = scheme;
    setTelegramScheme(scheme);
  } catch {
    // Not Telegram's JSON: the SDK decides once loaded.
  }
}
