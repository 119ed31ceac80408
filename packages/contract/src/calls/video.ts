import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';
import { multiline } from '../text';

/** Post status: only published posts reach feeds, search, history and detail. */
/** A post's status: processing and failed are uploads the pipeline has not made ready yet. */
export const POST_STATUS = { published: 1, taken_down: 2, deleted: 3, processing: 4, failed: 5 } as const;

export const COMMENT_MAX_LENGTH = 500;
export const SEARCH_KEYWORD_MAX_LENGTH = 50;
/** How often the player sends a heartbeat, and the most one heartbeat can credit. */
export const WATCH_HEARTBEAT_SECONDS = 5;
export const WATCH_MAX_CREDIT_SECONDS = 15;
/** A video counts as watched after this many seconds or half its length, whichever is less. */
export const WATCHED_AFTER_SECONDS = 10;
/** Interests a user may pick on /customized. */
export const MAX_INTERESTS = 10;

const id = rowId;
const flag = z.union([z.literal(0), z.literal(1)]);

export const authorSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  be_follow_num: z.number().int(),
  /** 1 when the viewer follows this author (0 for visitors). */
  is_follow: flag,
});
export type Author = z.infer<typeof authorSchema>;

export const categorySchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** In the request language. */
  name: z.string(),
  post_num: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

/** A video as feeds, search and history show it. */
export const postCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  /** Seconds. */
  duration: z.number(),
  category_id: z.number().int(),
  view_num: z.number().int(),
  like_num: z.number().int(),
  comment_num: z.number().int(),
  created_at: z.string(),
  author: authorSchema.pick({ id: true, uuid: true, nickname: true, avatar: true }),
});
export type PostCard = z.infer<typeof postCardSchema>;

/** The video page: the card plus media, every count and the viewer's own state. */
export const postDetailSchema = postCardSchema.extend({
  description: z.string(),
  category_name: z.string(),
  lang: z.string(),
  media: z.object({
    /** HLS playlist; '' when the video has none. */
    hls: z.string(),
    /** Progressive MP4, the fallback. */
    mp4: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  }),
  /** Set when the video plays through YouTube's embedded player (an import of syncPost): hls and mp4 are then ''. */
  youtube_video_id: z.string().nullable(),
  dislike_num: z.number().int(),
  collect_num: z.number().int(),
  share_num: z.number().int(),
  author: authorSchema,
  is_like: flag,
  is_dislike: flag,
  is_collect: flag,
});
export type PostDetail = z.infer<typeof postDetailSchema>;

export const postPage = pageOf(postCardSchema);
export type PostPage = z.infer<typeof postPage>;

const postIdBody = z.object({ id });

// ---- Feeds --------------------------------------------------------------

export const postDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/post/detail',
  auth: 'optional',
  tag: 'video',
  summary: 'One published video with media, counts and the viewer’s like / dislike / collect state',
  query: z.object({ id }),
  data: postDetailSchema,
});

export const recommendPost = defineCall({
  method: 'GET',
  path: '/api/frontend/post/recommendPost',
  auth: 'optional',
  tag: 'video',
  summary: 'A short row of top recommendations (Home)',
  query: z.object({ size: z.coerce.number().int().min(1).max(20).default(8) }),
  data: z.array(postCardSchema),
});

export const recommendPostList = defineCall({
  method: 'GET',
  path: '/api/frontend/post/recommendPostList',
  auth: 'optional',
  tag: 'video',
  summary:
    'The recommended feed, paged: engagement and recency, boosted by followed creators and chosen interests, without videos the user finished',
  query: pageQuery,
  data: postPage,
});

export const recommendList = defineCall({
  method: 'GET',
  path: '/api/frontend/post/recommendList',
  auth: 'optional',
  tag: 'video',
  summary: 'Videos related to one video (same category and author first)',
  query: z.object({ id, size: z.coerce.number().int().min(1).max(30).default(12) }),
  data: z.array(postCardSchema),
});

export const postList = defineCall({
  method: 'GET',
  path: '/api/frontend/post/list',
  auth: 'optional',
  tag: 'video',
  summary: 'Published videos, newest first, optionally of one category or one author',
  query: pageQuery.extend({
    category_id: id.optional(),
    author_id: id.optional(),
    sort: z.enum(['new', 'hot']).default('new'),
  }),
  data: postPage,
});

export const categoryList = defineCall({
  method: 'GET',
  path: '/api/frontend/post/categoryList',
  auth: 'none',
  tag: 'video',
  summary: 'Video categories in display order, named in the request language',
  data: z.array(categorySchema),
});

export const globalSearchV2 = defineCall({
  method: 'GET',
  path: '/api/frontend/post/globalSearchV2',
  auth: 'optional',
  tag: 'video',
  summary: 'Search videos (title, description, creator) and creators by name; finds Chinese substrings',
  query: pageQuery.extend({
    keyword: z
      .string({ error: 'search_keyword_required' })
      .trim()
      .min(1, 'search_keyword_required')
      .max(SEARCH_KEYWORD_MAX_LENGTH, 'search_keyword_too_long'),
  }),
  data: z.object({
    posts: postPage,
    creators: z.array(authorSchema.extend({ post_num: z.number().int() })),
  }),
});

/** A creator as the lists show one (search, follows, creators): the author and their number of videos. */
export type CreatorSummary = z.output<typeof globalSearchV2.data>['creators'][number];

export const homeDataCount = defineCall({
  method: 'GET',
  path: '/api/frontend/home/dataCount',
  auth: 'none',
  tag: 'video',
  summary: 'Platform figures for Home: registrations, published videos, total counted watch time',
  data: z.object({
    register_num: z.number().int(),
    video_num: z.number().int(),
    /** Seconds. */
    watch_duration: z.number().int(),
  }),
});

// ---- Reactions ------------------------------------------------------------

export const reactionStateSchema = z.object({
  is_like: flag,
  is_dislike: flag,
  like_num: z.number().int(),
  dislike_num: z.number().int(),
});

export const like = defineCall({
  method: 'POST',
  path: '/api/frontend/post/like',
  auth: 'required',
  tag: 'video',
  summary: 'Like or unlike a video (a like replaces a dislike)',
  body: postIdBody,
  data: reactionStateSchema,
});

export const dislike = defineCall({
  method: 'POST',
  path: '/api/frontend/post/dislike',
  auth: 'required',
  tag: 'video',
  summary: 'Dislike or undo a dislike (a dislike replaces a like)',
  body: postIdBody,
  data: reactionStateSchema,
});

export const collect = defineCall({
  method: 'POST',
  path: '/api/frontend/post/collect',
  auth: 'required',
  tag: 'video',
  summary: 'Add a video to Liked Videos, or take it out',
  body: postIdBody,
  data: z.object({ is_collect: flag, collect_num: z.number().int() }),
});

export const collectLog = defineCall({
  method: 'GET',
  path: '/api/frontend/post/collectLog',
  auth: 'required',
  tag: 'video',
  summary: 'Liked Videos (the collection), last added first',
  query: pageQuery,
  data: pageOf(postCardSchema.extend({ collected_at: z.string() })),
});

// ---- Comments -------------------------------------------------------------

export const commentSchema = z.object({
  id: z.number().int(),
  post_id: z.number().int(),
  /** 0 for a comment, the top-level comment's id for a reply. */
  parent_id: z.number().int(),
  content: z.string(),
  user: authorSchema.pick({ id: true, uuid: true, nickname: true, avatar: true }),
  /** The user a reply answers (replies to replies); null otherwise. */
  reply_to: authorSchema.pick({ id: true, nickname: true }).nullable(),
  like_num: z.number().int(),
  dislike_num: z.number().int(),
  reply_num: z.number().int(),
  is_like: flag,
  is_dislike: flag,
  /** 1 when the viewer wrote it (may delete it). */
  is_mine: flag,
  created_at: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentList = defineCall({
  method: 'GET',
  path: '/api/frontend/post/commentList',
  auth: 'optional',
  tag: 'video',
  summary: 'Top-level comments of a video, newest first',
  query: pageQuery.extend({ id }),
  data: pageOf(commentSchema),
});

export const commentReplyList = defineCall({
  method: 'GET',
  path: '/api/frontend/post/commentReplyList',
  auth: 'optional',
  tag: 'video',
  summary: 'Replies to one comment, oldest first',
  query: pageQuery.extend({ comment_id: id }),
  data: pageOf(commentSchema),
});

export const comment = defineCall({
  method: 'POST',
  path: '/api/frontend/post/comment',
  auth: 'required',
  tag: 'video',
  summary: 'Comment on a video, or reply to a comment (parent_id)',
  body: z.object({
    id,
    content: multiline(
      z.string({ error: 'comment_empty' }).trim().min(1, 'comment_empty').max(COMMENT_MAX_LENGTH, 'comment_too_long'),
    ),
    parent_id: id.optional(),
  }),
  data: commentSchema,
});

export const commentReactionStateSchema = reactionStateSchema;

export const commentLike = defineCall({
  method: 'POST',
  path: '/api/frontend/post/commentLike',
  auth: 'required',
  tag: 'video',
  summary: 'Like or unlike a comment',
  body: postIdBody,
  data: commentReactionStateSchema,
});

export const commentDislike = defineCall({
  method: 'POST',
  path: '/api/frontend/post/commentDislike',
  auth: 'required',
  tag: 'video',
  summary: 'Dislike a comment or undo it',
  body: postIdBody,
  data: commentReactionStateSchema,
});

export const commentDel = defineCall({
  method: 'POST',
  path: '/api/frontend/post/commentDel',
  auth: 'required',
  tag: 'video',
  summary: 'Delete one of your own comments (its replies go with it)',
  body: postIdBody,
  data: z.null(),
});

// ---- Sharing --------------------------------------------------------------

export const share = defineCall({
  method: 'POST',
  path: '/api/frontend/post/share',
  auth: 'optional',
  tag: 'video',
  summary: 'Record a share and get the link to hand out (it carries a share code)',
  body: z.object({ id, channel: z.enum(['copy', 'telegram', 'twitter', 'facebook', 'native']).default('copy') }),
  data: z.object({ share_code: z.string(), share_num: z.number().int(), path: z.string() }),
});

export const addShareReceiveLog = defineCall({
  method: 'POST',
  path: '/api/frontend/post/addShareReceiveLog',
  auth: 'optional',
  tag: 'video',
  summary: 'Someone opened a shared link: counts once per viewer for the sharer (never the sharer themself)',
  body: z.object({ share_code: z.string().trim().min(1).max(64) }),
  data: z.object({ counted: flag }),
});

// ---- Watching -------------------------------------------------------------

export const addViewLog = defineCall({
  method: 'POST',
  path: '/api/frontend/post/addViewLog',
  auth: 'optional',
  tag: 'video',
  summary:
    'Open a viewing session (no session_id) or send its heartbeat; the server credits real elapsed time only, up to the video length',
  body: z.object({
    id,
    /** Any case as sent; read in lower case, as PostgreSQL writes a uuid. */
    session_id: z.string().uuid().toLowerCase().optional(),
    /** The player's position in seconds (informational; credit comes from the server clock). */
    position: z.coerce.number().min(0).max(86_400).optional(),
  }),
  data: z.object({
    session_id: z.string(),
    /** Seconds credited by this heartbeat. */
    credited: z.number(),
    /** Seconds credited to the session so far. */
    watched: z.number(),
    /** 1 once the session counts as a watch. */
    counted: flag,
    /** When to send the next heartbeat, in seconds. */
    heartbeat: z.number().int(),
  }),
});

export const viewLog = defineCall({
  method: 'GET',
  path: '/api/frontend/post/viewLog',
  auth: 'required',
  tag: 'video',
  summary: 'Watch history: each video once, last watched first',
  query: pageQuery,
  data: pageOf(postCardSchema.extend({ watched_at: z.string(), watched_seconds: z.number() })),
});

// ---- Creators and follows ------------------------------------------------

export const creatorSchema = authorSchema.extend({
  post_num: z.number().int(),
  follow_num: z.number().int(),
  view_num: z.number().int(),
});
export type Creator = z.infer<typeof creatorSchema>;

export const creatorList = defineCall({
  method: 'GET',
  path: '/api/frontend/creator/list',
  auth: 'optional',
  tag: 'video',
  summary: 'Creators with published videos, most followed first',
  query: pageQuery,
  data: pageOf(creatorSchema),
});

export const creatorDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/creator/detail',
  auth: 'optional',
  tag: 'video',
  summary: 'One creator with counts and whether the viewer follows them (videos: post/list?author_id=)',
  query: z.object({ id }),
  data: creatorSchema.extend({ description: z.string(), created_at: z.string() }),
});

export const follow = defineCall({
  method: 'POST',
  path: '/api/frontend/user/follow',
  auth: 'required',
  tag: 'video',
  summary: 'Follow or unfollow a user',
  body: postIdBody,
  data: z.object({ is_follow: flag, be_follow_num: z.number().int() }),
});

export const followLog = defineCall({
  method: 'GET',
  path: '/api/frontend/user/followLog',
  auth: 'optional',
  tag: 'video',
  summary:
    'Whom a user follows (type=follow, Subscriptions) or who follows them (type=fans); id defaults to the viewer',
  query: pageQuery.extend({ id: id.optional(), type: z.enum(['follow', 'fans']).default('follow') }),
  data: pageOf(authorSchema.extend({ post_num: z.number().int(), followed_at: z.string() })),
});

// ---- Interests ------------------------------------------------------------

export const interestList = defineCall({
  method: 'GET',
  path: '/api/frontend/interest/list',
  auth: 'optional',
  tag: 'video',
  summary: 'The categories one can pick as interests, with the viewer’s choice',
  data: z.array(categorySchema.extend({ is_selected: flag })),
});

export const interestSubmit = defineCall({
  method: 'POST',
  path: '/api/frontend/interest/submit',
  auth: 'required',
  tag: 'video',
  summary: 'Replace the viewer’s interests (category ids)',
  body: z.object({ ids: z.array(id).max(MAX_INTERESTS) }),
  data: z.array(z.number().int()),
});
