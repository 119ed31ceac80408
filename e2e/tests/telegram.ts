// What Telegram hands the site (Mini App launch fragment, Login Widget result),
// for the browser tests; the signing itself is the API tests' own helper.
export { signLoginWidget, signMiniAppInitData } from '../../apps/server/test/support/telegram';

/** The e2e server's bot token (start-server.mjs sets it unless the environment does). */
export const BOT_TOKEN = process.env.TELEGRAM_BOT_TOKEN ?? '123456:TEST-e2e-bot-token-abcdefghijklmnop';

/** The fragment Telegram opens a Mini App with: the signed initData and a few more launch parameters. */
export function miniAppFragment(initData: string): string {
  const params = new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '7.10', tgWebAppPlatform: 'ios' });
  return `#${params}`;
}

/** `#tgAuthResult=` as Telegram's login page writes it: base64url of the JSON, unpadded. */
export function tgAuthResult(user: object): string {
  return Buffer.from(JSON.stringify(user)).toString('base64url');
}
