import type { Message } from '@taice/contract';
import type { UiLang } from '@taice/contract';
import { formatAge, formatDate } from '../../shared/lib/format';
import { orderPath, paths } from '../../shared/routing/paths';

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** When a message came: "3 hours ago" within a week, then its date ("Mar 3, 2026"). */
export function messageTime(iso: string, lang: UiLang, now: number = Date.now()): string {
  return now - new Date(iso).getTime() < WEEK_MS ? formatAge(iso, lang, now) : formatDate(iso, lang);
}

export type MessageLinkLabel = 'viewOrder' | 'viewPoints' | 'viewInvitation' | 'viewReward';

/** Where a message leads (its order, the points details, the invitations) and the label of that link. */
export function messageLink(message: Pick<Message, 'link'>): { to: string; label: MessageLinkLabel } | null {
  const link = message.link;
  if (!link) return null;
  switch (link.kind) {
    case 'order':
      return link.id === null
        ? { to: paths.myOrder, label: 'viewOrder' }
        : { to: orderPath(link.id), label: 'viewOrder' };
    case 'wallet':
      return { to: paths.points, label: 'viewPoints' };
    case 'referral':
      return { to: paths.invitation, label: 'viewInvitation' };
    case 'reward':
      return {
        to: link.id === null ? paths.promoteRewards : `${paths.promoteRewards}?id=${link.id}`,
        label: 'viewReward',
      };
    default:
      return null;
  }
}

/**
 * The code in a "your code has arrived" message: the server writes it last, after a colon
 * ("…(order N): CODE", "…（订单 N）：CODE"). Null for any other message.
 */
export function deliveredCode(message: Pick<Message, 'template' | 'content'>): string | null {
  if (message.template !== 'virtual_code_delivered') return null;
  const match = /[:：]\s*(\S+)\s*$/.exec(message.content);
  return match?.[1] ?? null;
}
