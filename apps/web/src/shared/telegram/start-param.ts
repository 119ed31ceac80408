import { decodeStartParam } from '@taice/contract';
import { storeInvitationCode } from '../session/invitation';
import { videoPath } from '../routing/paths';

/**
 * What the Mini App's `start_param` asks for at launch: its invite code is kept as the invitation code
 * (the Telegram login sends it); a video's part gives the page to open. Returns that path, or null.
 */
export function handleStartParam(startParam: string | null | undefined): string | null {
  const payload = decodeStartParam(startParam);
  if (payload.inviteCode) storeInvitationCode(payload.inviteCode);
  return payload.postId !== undefined ? videoPath(payload.postId) : null;
}
