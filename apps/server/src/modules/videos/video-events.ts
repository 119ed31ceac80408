import type { ModerationAction } from '@taice/contract';
import type { Tx } from '../../platform/db/database';

/** A transaction (or the database itself) that an event's handlers write through. */
export type { Tx };

/**
 * What the videos module tells the rest of the server. The points economy
 * listens to these to pay for watching, sharing, liking and commenting.
 */
export interface VideoEventMap {
  /** A viewing session reached the "watched" mark (10 s or half the video): once per session. */
  videoWatched: { userId: number; postId: number; sessionId: string; at: Date };
  /** A heartbeat credited real watch time to a logged-in viewer. */
  watchTimeCredited: { userId: number; postId: number; sessionId: string; seconds: number; at: Date };
  /** A logged-in user shared a video. */
  videoShared: { userId: number; postId: number; shareId: number; channel: string; at: Date };
  /** Someone other than the sharer opened a logged-in user's shared link (once per viewer). */
  shareReceived: { sharerId: number; postId: number; shareId: number; viewerUserId: number | null; at: Date };
  /** A comment or reply was posted. */
  commentPosted: { userId: number; postId: number; commentId: number; parentId: number | null; at: Date };
  /** A user liked a video (not on unlike). */
  videoLiked: { userId: number; postId: number; at: Date };
  /** An operator took a video down or put it back up, in that change's transaction (its creator is told). */
  videoModerated: {
    postId: number;
    authorId: number;
    title: string;
    action: ModerationAction;
    reason: string;
    at: Date;
  };
  /** Published videos changed (one taken down or put up), after the change committed: caches drop their pages. */
  publishedChanged: { postId: number };
}

export type VideoEventName = keyof VideoEventMap;

/**
 * How a heartbeats' batch applies what members earn by watching, the batch form of
 * `watchTimeCredited` and `videoWatched` (decision 027): a set-returning SQL function of the listener's
 * module, called in the batch's statement as `fn(users, posts, seconds, counted, ...params)` with one
 * element per beat (a null user earns nothing). It answers one row per beat: `ord` (from 1) and
 * `verdict`, 'applied' when it applied the beat, otherwise ('pays', 'held') the beat takes the full
 * path, where the events carry it.
 */
export interface WatchEarning {
  fn: string;
  params: unknown[];
}

export type VideoEventHandler<K extends VideoEventName> = (tx: Tx, event: VideoEventMap[K]) => Promise<void>;

/**
 * An in-process, typed event bus. Handlers run inside the publisher's
 * transaction, so a reward and the fact it rewards commit together or not
 * at all; a handler that throws rolls the whole change back.
 */
export function createVideoEvents() {
  const handlers = new Map<VideoEventName, VideoEventHandler<never>[]>();
  let earning: ((at: Date) => Promise<WatchEarning>) | null = null;
  return {
    on<K extends VideoEventName>(name: K, handler: VideoEventHandler<K>): void {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as VideoEventHandler<never>]);
    },
    async emit<K extends VideoEventName>(tx: Tx, name: K, event: VideoEventMap[K]): Promise<void> {
      for (const handler of handlers.get(name) ?? []) await (handler as VideoEventHandler<K>)(tx, event);
    },
    /** Set by the listeners of `watchTimeCredited` and `videoWatched`, who thereby apply a batch's beats too. */
    earnFromWatching(describe: (at: Date) => Promise<WatchEarning>): void {
      earning = describe;
    },
    /** The batch's call at `at`, or null without one (members' beats then take the full path). */
    async watchEarning(at: Date): Promise<WatchEarning | null> {
      return earning ? earning(at) : null;
    },
  };
}

export type VideoEvents = ReturnType<typeof createVideoEvents>;
