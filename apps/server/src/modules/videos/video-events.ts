import type { Db } from '../../platform/db/database';

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
 * The tasks that watching advances, as the listeners of `watchTimeCredited` and `videoWatched` keep
 * them: each in its period, with its target (seconds for watch time, videos for counted watches);
 * group 0 is not a daily task. With it, a heartbeat that pays nothing is applied with its batch
 * (`taice_watch_beats`, decisions 019, 024 and 025).
 */
export interface WatchTasks {
  /** Business day of the beat (`YYYY-MM-DD`). */
  day: string;
  maxGroups: number;
  tasks: { id: number; unit: 'time' | 'other'; period: string; target: number; group: number }[];
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
  let watchTasks: ((at: Date) => Promise<WatchTasks>) | null = null;
  return {
    on<K extends VideoEventName>(name: K, handler: VideoEventHandler<K>): void {
      handlers.set(name, [...(handlers.get(name) ?? []), handler as VideoEventHandler<never>]);
    },
    async emit<K extends VideoEventName>(tx: Tx, name: K, event: VideoEventMap[K]): Promise<void> {
      for (const handler of handlers.get(name) ?? []) await (handler as VideoEventHandler<K>)(tx, event);
    },
    /**
     * Set by the listeners of `watchTimeCredited` and `videoWatched`, which thereby promise that when
     * they pay nothing they only do what the batched heartbeat does in their place: add the watch time
     * and the counted video (once a day per video) to the lifetime and today's figures and advance
     * these tasks. They pay for a finished task or daily group, the first counted watch of an account
     * (the new-user reward) and an invitee's first counted watch of a day once they have shared (the
     * referral): the batch leaves those beats to the events.
     */
    describeWatching(describe: (at: Date) => Promise<WatchTasks>): void {
      watchTasks = describe;
    },
    /** The watching tasks at `at`, or null without a description (members' beats then take the full path). */
    async watchTasks(at: Date): Promise<WatchTasks | null> {
      return watchTasks ? watchTasks(at) : null;
    },
  };
}

export type VideoEvents = ReturnType<typeof createVideoEvents>;
