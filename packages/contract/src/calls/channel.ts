import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import { POST_STATUS } from './video';

/**
 * The creator's own channel (issue 18, decision 051): their videos of every status but deleted, taking one down
 * or putting it back up, deleting one, and the channel's statistics.
 *
 * - A video the creator took down they may put back up; one an operator took down (moderation) they may not.
 * - Statistics count the channel's videos that are not deleted. Days are business days (UTC+8), as everywhere on
 *   the platform: each day from 00:00 to 24:00 UTC+8.
 * - `earned`: TAICE credited to the creator for their videos (no earning rule pays creators for a video yet, so
 *   it is 0 until one does); `pool_paid`: TAICE the creator's reward pools paid to viewers of the videos.
 *
 * Amounts travel as TAICE with at most 2 decimals, as in points.
 */

/** The statuses a creator sees their videos in (a deleted one is gone). */
export const CHANNEL_POST_STATUSES = ['published', 'taken_down', 'processing', 'failed'] as const;
export type ChannelPostStatus = (typeof CHANNEL_POST_STATUSES)[number];
/** Their `POST_STATUS` values, as `userPostList`'s `status` filter takes them. */
export const CHANNEL_STATUS_VALUES = [
  POST_STATUS.published,
  POST_STATUS.taken_down,
  POST_STATUS.processing,
  POST_STATUS.failed,
] as const;

/** Who took a video down: its creator (who may put it back up) or an operator (who alone may). */
export const TAKEN_DOWN_BY = ['creator', 'operator'] as const;
export type TakenDownBy = (typeof TAKEN_DOWN_BY)[number];

export const UP_DOWN_ACTIONS = ['take_down', 'put_up'] as const;
export type UpDownAction = (typeof UP_DOWN_ACTIONS)[number];

/** The ranges of `dataReport`, in days ending today. */
export const CHANNEL_REPORT_DAYS = [7, 30, 90] as const;
export type ChannelReportDays = (typeof CHANNEL_REPORT_DAYS)[number];

const flag = z.union([z.literal(0), z.literal(1)]);
const amount = z.number();

/** One of the caller's videos as their list shows it. */
export const channelPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** '' while the video has no cover yet. */
  cover: z.string(),
  /** Seconds; 0 until processing found it. */
  duration: z.number(),
  /** The `POST_STATUS` value: 1 published, 2 taken down, 4 processing, 5 failed. */
  status: z.number().int(),
  status_name: z.enum(CHANNEL_POST_STATUSES),
  /** Who took it down, while taken down; null otherwise. */
  taken_down_by: z.enum(TAKEN_DOWN_BY).nullable(),
  /** The reason an operator gave, while an operator's take-down holds; '' otherwise. */
  moderation_reason: z.string(),
  /** 1 when `upDown` may take it down now (published). */
  can_take_down: flag,
  /** 1 when `upDown` may put it back up now (taken down by its creator). */
  can_put_up: flag,
  /** Why processing failed, in the request's language; '' unless failed. */
  failure_reason: z.string(),
  category_id: z.number().int(),
  /** In the request language. */
  category_name: z.string(),
  view_num: z.number().int(),
  like_num: z.number().int(),
  comment_num: z.number().int(),
  share_num: z.number().int(),
  /** Counted watch time of every viewer, in whole seconds. */
  watch_seconds: z.number().int(),
  /** TAICE credited to the creator for this video (see the top of this file). */
  earned: amount,
  /** TAICE the creator's pools on this video paid to viewers. */
  pool_paid: amount,
  created_at: z.string(),
  /** When it was published; null while processing or failed. */
  published_at: z.string().nullable(),
});
export type ChannelPost = z.infer<typeof channelPostSchema>;

/** One of the caller's videos in full: the list's fields, what was posted, and its media once ready. */
export const channelPostDetailSchema = channelPostSchema.extend({
  description: z.string(),
  tags: z.array(z.string()),
  ai_generated: flag,
  lang: z.string(),
  /** Set when the video plays through YouTube's embedded player. */
  youtube_video_id: z.string().nullable(),
  /** The media, once processing made them (published or taken down); '' while processing or failed. */
  media: z.object({
    hls: z.string(),
    mp4: z.string(),
    /** A few seconds' silent clip; '' when none. */
    preview: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
});
export type ChannelPostDetail = z.infer<typeof channelPostDetailSchema>;

export const userPostList = defineCall({
  method: 'GET',
  path: '/api/frontend/userPost/userPostList',
  auth: 'required',
  tag: 'channel',
  summary:
    'The caller’s videos, newest first, of every status but deleted or of one (`status`: 1 published, 2 taken down, ' +
    '4 processing, 5 failed), with their figures and earnings',
  query: pageQuery.extend({ status: z.coerce.number().pipe(z.literal(CHANNEL_STATUS_VALUES)).optional() }),
  data: pageOf(channelPostSchema),
});

export const userPostDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/userPost/userPostDetail',
  auth: 'required',
  tag: 'channel',
  summary: 'One of the caller’s videos (not deleted) with what was posted, its figures, and its media once ready',
  query: z.object({ id: rowId }),
  data: channelPostDetailSchema,
});

export const delPost = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/delPost',
  auth: 'required',
  tag: 'channel',
  summary:
    'Delete one of the caller’s videos (status 3): it leaves feeds, search and the lists at once. ' +
    'Deleting a deleted video answers the same',
  body: z.object({ id: rowId }),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});

export const upDown = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/upDown',
  auth: 'required',
  tag: 'channel',
  summary:
    'Take one of the caller’s published videos down (`status` 2 or `action` take_down) or put one they took down ' +
    'back up (`status` 1 or `action` put_up). A video an operator took down stays down. Repeating a change answers ' +
    'the video as it is',
  body: z
    .object({
      id: rowId,
      /** The status wanted: 1 published (put up), 2 taken down. */
      status: z.union([z.literal(POST_STATUS.published), z.literal(POST_STATUS.taken_down)]).optional(),
      action: z.enum(UP_DOWN_ACTIONS).optional(),
    })
    .refine((b) => b.status !== undefined || b.action !== undefined, {
      path: ['action'],
      message: 'channel_action_invalid',
    })
    .refine(
      (b) =>
        b.status === undefined ||
        b.action === undefined ||
        (b.action === 'put_up') === (b.status === POST_STATUS.published),
      { path: ['action'], message: 'channel_action_invalid' },
    ),
  data: channelPostSchema,
});

const totals = {
  views: z.number().int(),
  /** Whole seconds. */
  watch_seconds: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
};

export const channelTotalsSchema = z.object({
  /** Videos counted (not deleted): 1 with `post_id`. */
  videos: z.number().int(),
  /** Of them, published now. */
  published: z.number().int(),
  ...totals,
  /** The channel's followers now (every follow minus unfollows); null with `post_id` (a follow is not a video's). */
  followers: z.number().int().nullable(),
  /** Followers gained today (UTC+8); null with `post_id`. */
  new_followers_today: z.number().int().nullable(),
  earned: amount,
  pool_paid: amount,
});
export type ChannelTotals = z.infer<typeof channelTotalsSchema>;

export const dataCount = defineCall({
  method: 'GET',
  path: '/api/frontend/userPost/dataCount',
  auth: 'required',
  tag: 'channel',
  summary:
    'All-time totals of the caller’s channel (or of one of their videos, `post_id`): videos, views, watch time, ' +
    'likes, comments, shares, followers, TAICE earned by the videos and paid out of their pools',
  query: z.object({ post_id: rowId.optional() }),
  data: channelTotalsSchema,
});

export const channelDaySchema = z.object({
  /** YYYY-MM-DD, business day (UTC+8). */
  day: z.string(),
  ...totals,
  /** Follows gained that day; null with `post_id`. */
  new_followers: z.number().int().nullable(),
  /** TAICE the creator's pools paid to viewers that day. */
  pool_paid: amount,
});
export type ChannelDay = z.infer<typeof channelDaySchema>;

export const dataReport = defineCall({
  method: 'GET',
  path: '/api/frontend/userPost/dataReport',
  auth: 'required',
  tag: 'channel',
  summary:
    'Per business day (UTC+8) over the last 7, 30 or 90 days, oldest first and ending today: views, watch time, ' +
    'likes, comments, shares, new followers and pool payouts of the caller’s channel or of one of their videos',
  query: z.object({
    days: z.coerce.number().pipe(z.literal(CHANNEL_REPORT_DAYS)).default(7),
    post_id: rowId.optional(),
  }),
  data: z.object({
    days: z.array(channelDaySchema),
    /** The days' time zone, as an offset: '+08:00'. */
    utc_offset: z.string(),
  }),
});
