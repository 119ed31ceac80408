import { INVITE_CODE_PATTERN } from '@taice/contract';
import { readStorage, writeStorage } from '../lib/storage';
import { invitePath } from '../routing/paths';

const KEY = 'invite_code';

/** Keeps an invitation code that arrived in the link (?invite_code=...) for the registration form. */
export function captureInvitationCode(search: string): void {
  const code = new URLSearchParams(search).get('invite_code');
  if (code) storeInvitationCode(code);
}

/** Keeps an invitation code (a link's, or the Telegram Mini App's start_param's); an invalid one is ignored. */
export function storeInvitationCode(value: string): void {
  const code = value.trim();
  if (INVITE_CODE_PATTERN.test(code)) writeStorage(KEY, code.toUpperCase());
}

export function storedInvitationCode(): string {
  return readStorage(KEY) ?? '';
}

export function inviteLink(code: string): string {
  return `${window.location.origin}${invitePath(code)}`;
}
