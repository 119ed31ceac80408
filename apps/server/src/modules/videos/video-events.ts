import type { Db } from '../../platform/database';

/** A transaction (or the database itself) that an event's handlers write through. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

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
}

export type VideoEventName = keyof VideoEventMap;

/**
 * The tasks that watch time advances, as the listener of `watchTimeCredited` keeps them: each in its
 * period, with its target in seconds; group 0 is not a daily task. With it, a heartbeat that finishes
 * no task is applied in one statement (`taice_watch_beat`, decision 019).
 */
export interface WatchTimeTasks {
  /** Business day of the beat (`YYYY-MM-DD`). */
  day: string;
  maxGroups: number;
  tasks: { id: number; period: string; target: number; group: number }[];
  /** Every daily task with its group (an open group already all done must be recorded by the full path). */
  dailyTasks: { id: number; group: number }[];
}
export type VideoEventHandler<K extends VideoEventName> = (tx: Tx, event: VideoEventMap[K]) => Promise<void>;

/**
 * An in-process, typed event bus. Handlers run inside the publisher's
 * transaction, so a reward and the fact it rewards commit together or not
 * at all; a handler that throws rolls the whole change back.
 */
export function createVideoEvents() {
  const handlers = new Map<VideoEventName, VideoEventHandler<never>[]>();
  let watchTimeTasks: ((at: Date) => Promise<WatchTimeTasks>) | null = null;
  return {
    on<K extends VideoEventName>(name: K, handler: VideoEventHandler<K>): void {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as VideoEventHandler<never>]);
    },
    async emit<K extends VideoEventName>(tx: Tx, name: K, event: VideoEventMap[K]): Promise<void> {
      for (const handler of handlers.get(name) ?? []) await (handler as VideoEventHandler<K>)(tx, event);
    },
    /**
     * Set by the listener of `watchTimeCredited`, which thereby promises that for a credit finishing no
     * task its handler only adds the watch time (lifetime and today) and advances these tasks — what
     * the one-statement heartbeat does in its place.
     */
    describeWatchTime(describe: (at: Date) => Promise<WatchTimeTasks>): void {
      watchTimeTasks = describe;
    },
    /** The watch-time tasks at `at`, or null without a description (members' beats then take the full path). */
    async watchTimeTasks(at: Date): Promise<WatchTimeTasks | null> {
      return watchTimeTasks ? watchTimeTasks(at) : null;
    },
  };
}

export type VideoEvents = ReturnType<typeof createVideoEvents>;
