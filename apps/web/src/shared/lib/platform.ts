interface TelegramWebApp {
  initData?: string;
  colorScheme?: 'light' | 'dark';
}

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

/** True inside the Telegram Mini App (the messenger webview). */
export function isTelegramMiniApp(): boolean {
  return Boolean(window.Telegram?.WebApp?.initData) || window.location.hash.includes('tgWebAppData');
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
