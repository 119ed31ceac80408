/** Telegram's Mini App launch data survives in-app navigation (which drops the fragment) here. */
const INIT_DATA_KEY = 'tg_init_data';
/** Where the Telegram Mini Apps SDK keeps the launch parameters in the tab. */
const SDK_LAUNCH_PARAMS_KEY = 'tapps/launchParams';

/** The Mini App's signed launch data in a fragment as Telegram passes it (`#tgWebAppData=...&tgWebAppVersion=...`). */
export function initDataFromHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('tgWebAppData');
  return value ? value : null;
}

function sessionValue(key: string, value?: string): string | null {
  try {
    if (value !== undefined) sessionStorage.setItem(key, value);
    return sessionStorage.getItem(key);
  } catch {
    return value ?? null;
  }
}

/** The raw initData the Telegram Mini Apps SDK read from its launch parameters (shared/telegram sets it). */
let fromSdk = '';

export function setMiniAppInitData(initData: string): void {
  fromSdk = initData;
  if (initData) sessionValue(INIT_DATA_KEY, initData);
}

/**
 * Whether the page may be inside the Telegram Mini App: Telegram's launch parameters are in the address, or
 * were kept in this tab (by the SDK under `tapps/launchParams`, or by us). Cheap, so that the SDK is only
 * loaded then; the SDK's own check follows.
 */
export function hasMiniAppLaunchParams(): boolean {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  if (params.has('tgWebAppData') || params.has('tgWebAppPlatform')) return true;
  return sessionValue(SDK_LAUNCH_PARAMS_KEY) !== null || sessionValue(INIT_DATA_KEY) !== null;
}

/**
 * One of Telegram's launch parameters (`tgWebAppThemeParams`, ...) as the Mini App was launched: from the
 * fragment, else from the copy the SDK keeps in the tab (a JSON string of the query) for reloads.
 */
export function miniAppLaunchParam(name: string): string | null {
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, '')).get(name);
  if (fromHash) return fromHash;
  try {
    const kept: unknown = JSON.parse(sessionValue(SDK_LAUNCH_PARAMS_KEY) ?? '""');
    return typeof kept === 'string' ? new URLSearchParams(kept).get(name) : null;
  } catch {
    return null;
  }
}

/** Inside the Telegram Mini App: its signed `initData` (the SDK's launch parameters, else the fragment); '' elsewhere. */
export function miniAppInitData(): string {
  if (fromSdk) return fromSdk;
  const fromHash = initDataFromHash(window.location.hash);
  if (fromHash) return sessionValue(INIT_DATA_KEY, fromHash) ?? fromHash;
  return sessionValue(INIT_DATA_KEY) ?? '';
}

/** True inside the Telegram Mini App (the messenger webview), also after in-app navigation. */
export function isTelegramMiniApp(): boolean {
  return miniAppInitData() !== '';
}

export function appType(): 'web' | 'tg_mini' {
  return isTelegramMiniApp() ? 'tg_mini' : 'web';
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
