import { z } from 'zod';
import { defineCall, MAX_ROW_ID } from '../call';

/**
 * YouTube sync (issue 18, decision 052): a creator connects their YouTube channel through Google
 * sign-in with the read-only YouTube scope, lists the channel's uploads and imports chosen ones as
 * posts that play through YouTube's embedded player.
 *
 * 1. `POST youtube/connect` answers the Google address to send the browser to (and sets the flow
 *    cookie); Google comes back to `YOUTUBE_CALLBACK_PATH`, which keeps the tokens on the server and
 *    sends the browser on to `/Youtube#youtube_connected=1` or `/Youtube#youtube_error=<error key>`.
 * 2. `GET userPost/getYoutubeVideo` lists the uploads, page by page (YouTube's page tokens), each
 *    marked whether it can be imported and whether the caller already imported it. Without a
 *    connection it is refused with `youtube_not_connected` (or `youtube_connection_expired`).
 * 3. `POST userPost/syncPost` imports the chosen videos as published posts, once per creator and video.
 */
export const YOUTUBE_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';
/** Where Google returns to after the connection's sign-in (a browser route, not a call). */
export const YOUTUBE_CALLBACK_PATH = '/api/frontend/youtube/callback';
/** The most videos one syncPost imports (one YouTube `videos.list` request). */
export const YOUTUBE_SYNC_MAX = 50;
export const YOUTUBE_PAGE_MAX = 50;

/** Why a video of the channel cannot be imported; null when it can. */
export const YOUTUBE_UNIMPORTABLE = ['private', 'not_embeddable', 'not_processed', 'live'] as const;
export type YoutubeUnimportable = (typeof YOUTUBE_UNIMPORTABLE)[number];

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const youtubeVideoId = z.string().regex(/^[A-Za-z0-9_-]{11}$/, 'youtube_video_invalid');

export const youtubeChannelSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
});
export type YoutubeChannel = z.infer<typeof youtubeChannelSchema>;

export const youtubeVideoSchema = z.object({
  video_id: z.string(),
  title: z.string(),
  /** The high-resolution thumbnail's URL ('' when YouTube gives none). */
  thumbnail: z.string(),
  /** Seconds. */
  duration: z.number().int(),
  /** When it was published on YouTube (ISO 8601). */
  published_at: z.string(),
  privacy_status: z.enum(['public', 'unlisted', 'private']),
  embeddable: z.boolean(),
  /** Why it cannot be imported; null when it can. */
  unimportable: z.enum(YOUTUBE_UNIMPORTABLE).nullable(),
  /** The caller's post of this video, when already imported. */
  post_id: z.number().int().nullable(),
});
export type YoutubeVideo = z.infer<typeof youtubeVideoSchema>;

export const youtubeConnect = defineCall({
  method: 'POST',
  path: '/api/frontend/youtube/connect',
  auth: 'required',
  tag: 'youtube',
  summary: 'Starts connecting a YouTube channel: the Google address (read-only YouTube scope) the browser goes to next',
  data: z.object({ url: z.string() }),
});

export const youtubeDisconnect = defineCall({
  method: 'POST',
  path: '/api/frontend/youtube/disconnect',
  auth: 'required',
  tag: 'youtube',
  summary: 'Forgets the caller’s YouTube connection and its tokens; imported videos stay',
  data: z.object({ connected: z.literal(false) }),
});

export const getYoutubeVideo = defineCall({
  method: 'GET',
  path: '/api/frontend/userPost/getYoutubeVideo',
  auth: 'required',
  tag: 'youtube',
  summary:
    'The connected channel and one page of its uploads, newest first, each marked importable or not and imported or not',
  query: z.object({
    /** `next_page_token` or `prev_page_token` of an earlier answer; the first page without it. */
    page_token: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9_-]*$/)
      .optional(),
    size: z.coerce.number().int().min(1).max(YOUTUBE_PAGE_MAX).default(20),
  }),
  data: z.object({
    channel: youtubeChannelSchema,
    list: z.array(youtubeVideoSchema),
    /** Videos in the channel's uploads, as YouTube counts them. */
    total: z.number().int(),
    next_page_token: z.string().nullable(),
    prev_page_token: z.string().nullable(),
  }),
});

const importedSchema = z.object({ video_id: z.string(), post_id: z.number().int() });

/**
 * Fields are checked in order with the spec's messages: no video → `youtube_videos_required`,
 * no category → `youtube_category_required`, Publish not chosen (1) → `youtube_publish_required`.
 */
export const syncPost = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/syncPost',
  auth: 'required',
  tag: 'youtube',
  summary:
    'Imports videos of the caller’s connected channel as published posts played by YouTube’s embedded player; a video already imported is reported, not imported again',
  body: z.object({
    video_ids: z
      .array(youtubeVideoId, { error: 'youtube_videos_required' })
      .min(1, 'youtube_videos_required')
      .max(YOUTUBE_SYNC_MAX, 'youtube_too_many_videos'),
    category_id: z.coerce
      .number({ error: 'youtube_category_required' })
      .int('youtube_category_required')
      .min(1, 'youtube_category_required')
      .max(MAX_ROW_ID, 'youtube_category_required'),
    /** 1: publish the imported videos (the "Publish" choice the form asks for); 0 or missing is refused. */
    publish: z
      .union([z.literal(0), z.literal(1)], { error: 'youtube_publish_required' })
      .refine((v) => v === 1, 'youtube_publish_required'),
  }),
  data: z.object({
    /** Imported by this call, in the order asked. */
    imported: z.array(importedSchema),
    /** Imported before (by an earlier or a simultaneous call): left as they are. */
    already_imported: z.array(importedSchema),
  }),
});

/** Builds YouTube's embedded player address for a video (IFrame API enabled). */
export function youtubeEmbedUrl(videoId: string, origin?: string): string {
  const params = new URLSearchParams({ enablejsapi: '1', playsinline: '1', rel: '0' });
  if (origin) params.set('origin', origin);
  return `https://www.youtube.com/embed/${encodeURIComponent(videoId)}?${params}`;
}
