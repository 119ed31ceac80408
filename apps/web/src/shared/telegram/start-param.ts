import { decodeStartParam } from '@taice/contract';
import { storeInvitationCode } from '../session/invitation';
import { campaignPath, videoPath } from '../routing/paths';

/**
 * What the Mini App's `start_param` asks for at launch: its invite code is kept as the invitation code
 * (the Telegram login sends it); a video's or a campaign's part gives the page to open. Returns that path, or null.
 */
export function handleStartParam(startParam: string | null | undefined): string | null {
  const payload = decodeStartParam(startParam);
  if (payload.inviteCode) storeInvitationCode(payload.inviteCode);
  if (payload.postId !== undefined) return videoPath(payload.postId);
  return payload.campaignId !== undefined ? campaignPath(payload.campaignId) : null;
}
