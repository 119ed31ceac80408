/**
 * Sharing to Telegram chats from inside the Mini App (issue 19): Telegram's own chat picker, through the SDK's
 * `shareURL` once it is loaded (sdk.ts sets it). Elsewhere there is none and Telegram's share page opens instead.
 */
let shareInTelegram: ((link: string, text: string) => void) | null = null;

export function setTelegramShareImplementation(fn: ((link: string, text: string) => void) | null): void {
  shareInTelegram = fn;
}

/** True inside the Mini App, where a link is shared through Telegram's chat picker. */
export function sharesInTelegram(): boolean {
  return shareInTelegram !== null;
}

/** Opens Telegram's chat picker for `link` with `text`; false when not inside the Mini App. */
export function shareInTelegramChat(link: string, text: string): boolean {
  if (!shareInTelegram) return false;
  shareInTelegram(link, text);
  return true;
}
