import { WATCH_HEARTBEAT_SECONDS } from '@taice/contract';
import type { Heartbeat } from '../api/add-view-log';

export interface WatchSessionOptions {
  postId: number;
  /** Sends a heartbeat: without session_id it opens a session. */
  send: (body: { id: number; session_id?: string; position?: number }) => Promise<Heartbeat>;
  /** The player's position in seconds. */
  position: () => number;
  now?: () => number;
  /** Whether a failed heartbeat means the session is gone (then the next one opens a new session). */
  lost?: (error: unknown) => boolean;
}

export interface WatchSession {
  /** The player started or resumed playing. */
  play(): void;
  /** The player paused, ended or stalled for good. */
  pause(): void;
  /** The page was hidden or shown again. */
  visibility(visible: boolean): void;
  /** The player is going away. */
  dispose(): void;
}

/** A final heartbeat is only worth sending when this much has passed since the last one. */
const MIN_FLUSH_MS = 1_000;

/**
 * Measures watching the way the server wants it (product decisions,
 * "Watching is measured by the server"): on play it opens a session, then
 * while the video plays and the page is visible it sends a heartbeat every
 * `heartbeat` seconds (the server says how often). Pausing, ending, hiding the
 * page or leaving stops the heartbeats after one last one for the time since
 * the previous. After a break longer than one interval, playing again opens a
 * new session rather than let the break count as watching.
 */
export function createWatchSession({
  postId,
  send,
  position,
  now = Date.now,
  lost = () => false,
}: WatchSessionOptions): WatchSession {
  let sessionId: string | null = null;
  let opening = false;
  let intervalMs = WATCH_HEARTBEAT_SECONDS * 1000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let playing = false;
  let visible = true;
  let disposed = false;
  let lastSentAt = 0;
  let inactiveSince: number | null = null;

  const active = () => playing && visible && !disposed;
  const at = () => Math.max(0, Math.round(position() * 10) / 10);

  function clearTimer() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function schedule() {
    clearTimer();
    if (active() && sessionId) timer = setTimeout(() => void beat(), intervalMs);
    else if (active() && !opening) timer = setTimeout(() => void open(), intervalMs);
  }

  function apply(answer: Heartbeat) {
    sessionId = answer.session_id || sessionId;
    if (answer.heartbeat > 0) intervalMs = answer.heartbeat * 1000;
  }

  async function heartbeat() {
    if (!sessionId) return;
    lastSentAt = now();
    try {
      apply(await send({ id: postId, session_id: sessionId, position: at() }));
    } catch (error) {
      // Offline for a moment: the next heartbeat tries again; a session the server refused is replaced.
      if (lost(error)) sessionId = null;
    }
  }

  async function beat() {
    timer = null;
    if (!active()) return;
    if (sessionId) await heartbeat();
    if (sessionId) schedule();
    else await open();
  }

  async function open() {
    if (opening) return;
    opening = true;
    clearTimer();
    lastSentAt = now();
    try {
      apply(await send({ id: postId, position: at() }));
    } catch {
      sessionId = null;
    } finally {
      opening = false;
    }
    schedule();
  }

  function activate() {
    if (!active()) return;
    const idleFor = inactiveSince === null ? 0 : now() - inactiveSince;
    inactiveSince = null;
    if (!sessionId || idleFor > intervalMs) void open();
    else schedule();
  }

  function deactivate() {
    if (timer === null && !sessionId) return;
    const wasRunning = timer !== null;
    clearTimer();
    inactiveSince = now();
    if (wasRunning && now() - lastSentAt >= MIN_FLUSH_MS) void heartbeat();
  }

  return {
    play() {
      if (playing) return;
      playing = true;
      activate();
    },
    pause() {
      if (!playing) return;
      deactivate();
      playing = false;
    },
    visibility(next) {
      if (visible === next) return;
      if (!next) {
        deactivate();
        visible = false;
      } else {
        visible = true;
        activate();
      }
    },
    dispose() {
      if (disposed) return;
      deactivate();
      disposed = true;
      clearTimer();
    },
  };
}
