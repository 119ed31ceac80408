import { z } from 'zod';
import { OPS_STAFF } from './ops-access';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import type { POST_STATUS } from './video';
import { authorSchema, SEARCH_KEYWORD_MAX_LENGTH } from './video';

/**
 * Moderation of videos (admin or support): find any video, take one down or put it back up, each with a reason
 * the creator reads in the message center. A taken-down video leaves feeds, search and its page at once. Every
 * action writes an audit row in its own transaction.
 */
export const MODERATION_REASON_MAX_LENGTH = 300;

/** The names of `POST_STATUS`. */
export const VIDEO_STATUSES = [
  'published',
  'taken_down',
  'deleted',
] as const satisfies readonly (keyof typeof POST_STATUS)[];
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
export const MODERATION_ACTIONS = ['take_down', 'put_up'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const opsVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  /** Seconds. */
  duration: z.number(),
  lang: z.string(),
  status: z.enum(VIDEO_STATUSES),
  category_id: z.number().int(),
  /** In the request language. */
  category_name: z.string(),
  author: authorSchema.pick({ id: true, uuid: true, nickname: true, avatar: true }),
  view_num: z.number().int(),
  like_num: z.number().int(),
  comment_num: z.number().int(),
  published_at: z.string(),
  /** The latest take-down or put-up: what, why, by whom (a user id) and when; null if never moderated. */
  moderation: z
    .object({
      action: z.enum(MODERATION_ACTIONS),
      reason: z.string(),
      by: z.string(),
      at: z.string(),
    })
    .nullable(),
});
export type OpsVideo = z.infer<typeof opsVideoSchema>;

export const opsVideos = defineCall({
  method: 'GET',
  path: '/api/ops/videos',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary:
    'Videos of any status, newest first: `q` is a video id, or words of the title, or the creator’s name or uuid (admin or support)',
  query: pageQuery.extend({
    q: z.string().trim().max(SEARCH_KEYWORD_MAX_LENGTH).optional(),
    status: z.enum(VIDEO_STATUSES).optional(),
    author_id: rowId.optional(),
  }),
  data: pageOf(opsVideoSchema),
});

const moderationBody = z.object({
  id: rowId,
  reason: z.string().trim().min(1).max(MODERATION_REASON_MAX_LENGTH),
});

export const opsVideoTakeDown = defineCall({
  method: 'POST',
  path: '/api/ops/videos/take-down',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Take a published video down, with the reason its creator is sent (admin or support)',
  body: moderationBody,
  data: opsVideoSchema,
});

export const opsVideoPutUp = defineCall({
  method: 'POST',
  path: '/api/ops/videos/put-up',
  auth: 'required',
  tag: 'ops',
  roles: OPS_STAFF,
  summary: 'Publish a taken-down video again, with the reason its creator is sent (admin or support)',
  body: moderationBody,
  data: opsVideoSchema,
});
