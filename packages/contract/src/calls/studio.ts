import { z } from 'zod';
import { defineCall, rowId } from '../call';
import { multiline } from '../text';

/**
 * The creator studio's upload and processing (issue 18, decisions 049 and 055).
 *
 * 1. `GET userPost/uploadConfig` (a call of its own rather than a `type=video` of `GET /api/common/upload/token`:
 *    the video travels through tus or a multipart upload, not through one signed PUT) tells the client where and
 *    how to upload: `transport` is `tus`, or `s3_multipart` when the server stores files in a bucket.
 * 2. `tus`: the client uploads the file with the tus 1.0 protocol (creation, termination, expiration) to
 *    `TUS_ENDPOINT`, sending `Authorization: Bearer <token>` and `lang` on every request. The upload's URL is
 *    `TUS_ENDPOINT/<upload_id>` (the creation's `Location`); `upload_id` is its last path segment. Refusals of
 *    the tus endpoint keep the HTTP status tus requires (401, 404, 409, 413, 460...) and carry the envelope
 *    `{code, msg, data}` as their body, `msg` in the request's language. Another user's upload answers 404.
 *    `s3_multipart` (decision 055): `POST userPost/createDirectUpload` starts an upload and answers its part size
 *    and count; for each part the client asks `POST userPost/signUploadPart` for a presigned URL, PUTs the part's
 *    bytes there (straight to the bucket), and tells the bucket's `ETag` to `POST userPost/confirmUploadPart`.
 *    After a pause or a reload `GET userPost/directUploadParts` says which parts the server has (the rest are
 *    sent again); `POST userPost/completeDirectUpload` joins them once all are in, and
 *    `POST userPost/abortDirectUpload` ends an unfinished one. Refusals are envelopes like any call's.
 * 3. When the last byte arrives the server checks the file by probing it (status `checking`), then either
 *    refuses it (`refused`, `message` says why; the bytes are removed) or records it with 4 candidate cover
 *    frames (`ready`). The client polls `GET userPost/uploadDetail`.
 * 4. `POST userPost/storePost` creates the post (status 4 processing) and queues its processing; the post
 *    becomes published (1) or failed (5, with a reason; `POST userPost/retryPost` queues it again).
 */
export const TUS_ENDPOINT = '/api/common/upload/tus';

export const UPLOAD_STATUSES = ['receiving', 'checking', 'ready', 'refused'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** How many candidate cover frames a ready upload has. */
export const COVER_FRAME_COUNT = 4;
export const POST_TITLE_MAX_LENGTH = 100;
export const POST_DESCRIPTION_MAX_LENGTH = 2000;
export const POST_MAX_TAGS = 10;
export const POST_TAG_MAX_LENGTH = 30;

/** The last path segment of a tus upload URL. */
export const uploadId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** How video bytes travel: through the server's tus endpoint, or as a multipart upload straight to the bucket. */
export const UPLOAD_TRANSPORTS = ['tus', 's3_multipart'] as const;
export type UploadTransport = (typeof UPLOAD_TRANSPORTS)[number];

export const uploadConfig = defineCall({
  method: 'GET',
  path: '/api/frontend/userPost/uploadConfig',
  auth: 'required',
  tag: 'studio',
  summary: 'Where and how to upload a video: the tus endpoint, the size limit, the chunk size and the length limits',
  data: z.object({
    /** `tus`: upload to `tus_endpoint`; `s3_multipart`: through `createDirectUpload` and its calls. */
    transport: z.enum(UPLOAD_TRANSPORTS),
    /** The tus 1.0 creation URL (relative to the API's origin). */
    tus_endpoint: z.string(),
    /** The largest file accepted, in bytes (`Upload-Length` above it is refused with 413). */
    max_bytes: z.number().int(),
    /** The chunk size the client should send per PATCH (tus), in bytes; a direct upload's part size may be larger. */
    chunk_bytes: z.number().int(),
    /** The shortest and longest video accepted, in seconds. */
    min_seconds: z.number(),
    max_seconds: z.number(),
    /** How long an unfinished upload is kept after its last byte arrived, in seconds. */
    expires_seconds: z.number().int(),
    /** A hint for the file picker (`accept`); the server judges the bytes, not the type. */
    content_types: z.array(z.string()),
  }),
});

export const uploadDetailSchema = z.object({
  upload_id: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  /** Why the upload was refused, in the request's language; '' otherwise. */
  message: z.string(),
  /** The envelope code of the refusal (e.g. not a video, too long); 0 otherwise. */
  refusal_code: z.number().int(),
  /** Bytes declared at creation. */
  size: z.number().int(),
  /** Bytes received so far. */
  offset: z.number().int(),
  /** Seconds; 0 until checked. */
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  /** Candidate cover frames (`COVER_FRAME_COUNT` URLs when ready, in time order); `cover_frame` indexes them. */
  frames: z.array(z.string()),
  /** The post made from this upload, once `storePost` was called; null before. */
  post_id: z.number().int().nullable(),
});
export type UploadDetail = z.infer<typeof uploadDetailSchema>;

export const uploadDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/userPost/uploadDetail',
  auth: 'required',
  tag: 'studio',
  summary: 'One of the caller’s uploads: receiving, being checked, ready (with its cover frames) or refused',
  query: z.object({ upload_id: uploadId }),
  data: uploadDetailSchema,
});

const flag = z.union([z.literal(0), z.literal(1)]);

export const storePost = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/storePost',
  auth: 'required',
  tag: 'studio',
  summary:
    'Post a ready upload: the post is created processing (status 4) and published when its renditions are made. ' +
    'One post per upload: repeating the call answers the same post.',
  body: z.object({
    upload_id: uploadId,
    title: z.string().trim().min(1).max(POST_TITLE_MAX_LENGTH),
    description: multiline(z.string().trim().max(POST_DESCRIPTION_MAX_LENGTH)).default(''),
    category_id: rowId,
    tags: z.array(z.string().trim().min(1).max(POST_TAG_MAX_LENGTH)).max(POST_MAX_TAGS).default([]),
    /** Index into the upload's `frames`. Without it and without `cover_url`, the first frame is the cover. */
    cover_frame: z
      .number()
      .int()
      .min(0)
      .max(COVER_FRAME_COUNT - 1)
      .optional(),
    /** An image the caller uploaded through `GET /api/common/upload/token?type=cover`; wins over `cover_frame`. */
    cover_url: z.string().max(500).optional(),
    /** 1: the creator says the video was made with AI (the leaderboard's AI upload rule counts these). */
    ai_generated: flag.default(0),
  }),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});

export const retryPost = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/retryPost',
  auth: 'required',
  tag: 'studio',
  summary: 'Process a failed (status 5) post of the caller again: it goes back to processing (status 4)',
  body: z.object({ id: rowId }),
  data: z.object({ id: z.number().int(), status: z.number().int() }),
});

/** Where a direct upload is: its part size, and the parts the server knows arrived in the bucket. */
export const directUploadSchema = z.object({
  upload_id: z.string(),
  status: z.enum(UPLOAD_STATUSES),
  /** Bytes declared at creation. */
  size: z.number().int(),
  /** Every part has this many bytes but the last, which has the rest. */
  part_bytes: z.number().int(),
  part_count: z.number().int(),
  /** The parts confirmed so far, by number (from 1). */
  parts: z.array(z.object({ part_number: z.number().int(), etag: z.string() })),
});
export type DirectUpload = z.infer<typeof directUploadSchema>;

const partNumber = z.number().int().min(1).max(10_000);

export const createDirectUpload = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/createDirectUpload',
  auth: 'required',
  tag: 'studio',
  summary: 'Start an upload straight to the bucket (when uploadConfig says s3_multipart): its id and part size',
  body: z.object({
    /** The file's size in bytes; above `max_bytes` it is refused before any part is sent. */
    size: z.number().int().min(0),
    file_name: z.string().max(255).default(''),
  }),
  data: directUploadSchema,
});

export const directUploadParts = defineCall({
  method: 'GET',
  path: '/api/frontend/userPost/directUploadParts',
  auth: 'required',
  tag: 'studio',
  summary: 'A direct upload of the caller: the parts that arrived, for resuming after a pause or a reload',
  query: z.object({ upload_id: uploadId }),
  data: directUploadSchema,
});

export const signUploadPart = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/signUploadPart',
  auth: 'required',
  tag: 'studio',
  summary: 'A presigned URL to PUT one part of a direct upload to; the bucket answers the part’s ETag',
  body: z.object({ upload_id: uploadId, part_number: partNumber }),
  data: z.object({ url: z.string(), expires_at: z.string() }),
});

export const confirmUploadPart = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/confirmUploadPart',
  auth: 'required',
  tag: 'studio',
  summary: 'Record that one part of a direct upload arrived, with the ETag the bucket answered; repeating is harmless',
  body: z.object({ upload_id: uploadId, part_number: partNumber, etag: z.string().min(1).max(200) }),
  data: directUploadSchema,
});

export const completeDirectUpload = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/completeDirectUpload',
  auth: 'required',
  tag: 'studio',
  summary: 'Every part arrived: join them in the bucket and check the file (uploadDetail tells the outcome)',
  body: z.object({ upload_id: uploadId }),
  data: directUploadSchema,
});

export const abortDirectUpload = defineCall({
  method: 'POST',
  path: '/api/frontend/userPost/abortDirectUpload',
  auth: 'required',
  tag: 'studio',
  summary: 'End an unfinished direct upload: its parts are removed from the bucket',
  body: z.object({ upload_id: uploadId }),
  data: z.object({ upload_id: z.string() }),
});
