interface TelegramWebApp {
  initData?: string;
  colorScheme?: 'light' | 'dark';
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

/** Telegram's Mini App launch data survives in-app navigation (which drops the fragment) here. */
const INIT_DATA_KEY = 'tg_init_data';

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

/** Inside the Telegram Mini App: its signed `initData`; '' elsewhere. */
export function miniAppInitData(): string {
  const fromSdk = window.Telegram?.WebApp?.initData;
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
