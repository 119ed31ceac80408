import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';

/**
 * The message center. A message is stored as a template key with its
 * parameters and rendered by the server in the reader's language.
 */
export const MESSAGE_TEMPLATES = [
  'order_placed',
  'order_shipped',
  'order_completed',
  'order_cancelled',
  'virtual_code_delivered',
  'membership_extended',
  'new_user_reward',
  'referral_confirmed',
  'seven_day_bonus',
  /** A race or campaign result: a prize rank, waiting for verification. */
  'reward_won',
  /** A share of a campaign's jackpot split equally among those who qualified (no rank). */
  'reward_shared',
  /** A prize rank whose rules were not met, with the first rule missed. */
  'reward_ineligible',
  'reward_approved',
  'reward_rejected',
  /** An operator took the creator's video down, or put it back up, with the reason. */
  'video_taken_down',
  'video_put_up',
  /** Written by an operator, with its own title and text in each language. */
  'operator_notice',
] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

/** What a message points at, for the link from the message center. */
export const MESSAGE_LINK_KINDS = ['order', 'wallet', 'referral', 'reward'] as const;

export const messageSchema = z.object({
  id: z.number().int(),
  template: z.enum(MESSAGE_TEMPLATES),
  title: z.string(),
  content: z.string(),
  link: z.object({ kind: z.enum(MESSAGE_LINK_KINDS), id: z.number().int().nullable() }).nullable(),
  is_read: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

const unreadCount = z.object({ unread_num: z.number().int() });

export const messageList = defineCall({
  method: 'GET',
  path: '/api/frontend/message/list',
  auth: 'required',
  tag: 'messages',
  summary: 'The caller’s messages, newest first, with the unread count',
  query: pageQuery.extend({ unread: z.coerce.number().int().min(0).max(1).optional() }),
  data: pageOf(messageSchema).extend(unreadCount.shape),
});

export const messageRead = defineCall({
  method: 'POST',
  path: '/api/frontend/message/read',
  auth: 'required',
  tag: 'messages',
  summary: 'Mark one of the caller’s messages read (again is harmless)',
  body: z.object({ id: rowId }),
  data: unreadCount,
});

export const messageAllRead = defineCall({
  method: 'POST',
  path: '/api/frontend/message/all-read',
  auth: 'required',
  tag: 'messages',
  summary: 'Mark all the caller’s messages read',
  data: unreadCount,
});
