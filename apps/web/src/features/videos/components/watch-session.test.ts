import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Heartbeat } from '../api/add-view-log';
import { createWatchSession } from './watch-session';

type Body = { id: number; session_id?: string; position?: number };

function setup(heartbeat = 5, lost?: (error: unknown) => boolean) {
  const sent: Body[] = [];
  let position = 0;
  let sessions = 0;
  let failNext = false;
  const send = vi.fn(async (body: Body): Promise<Heartbeat> => {
    sent.push(body);
    if (failNext) {
      failNext = false;
      throw new Error('offline');
    }
    const session_id = body.session_id ?? `00000000-0000-4000-8000-00000000000${++sessions}`;
    return { session_id, credited: 0, watched: 0, counted: 0, heartbeat };
  });
  const session = createWatchSession({ postId: 7, send, position: () => position, now: () => Date.now(), lost });
  return {
    session,
    sent,
    setPosition: (p: number) => (position = p),
    failNext: () => (failNext = true),
    /** Lets the pending send() promises settle. */
    flush: () => vi.advanceTimersByTimeAsync(0),
  };
}

describe('the watch session', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-10T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('opens a session on play, then sends a heartbeat every interval with the position', async () => {
    const { session, sent, setPosition, flush } = setup();
    session.play();
    await flush();
    expect(sent).toEqual([{ id: 7, position: 0 }]);

    setPosition(5);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({ id: 7, session_id: '00000000-0000-4000-8000-000000000001', position: 5 });

    setPosition(10.04);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.position).toBe(10);
    session.dispose();
  });

  it('follows the interval the server asks for', async () => {
    const { session, sent, flush } = setup(3);
    session.play();
    await flush();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    session.dispose();
  });

  it('sends one last heartbeat on pause and none while paused', async () => {
    const { session, sent, flush } = setup();
    session.play();
    await flush();
    await vi.advanceTimersByTimeAsync(7_000);
    expect(sent).toHaveLength(2);
    session.pause();
    await flush();
    expect(sent).toHaveLength(3);
    expect(sent[2]?.session_id).toBeDefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(3);
  });

  it('resumes the same session after a short pause, opens a new one after a long break', async () => {
    const { session, sent, flush } = setup();
    session.play();
    await flush();
    await vi.advanceTimersByTimeAsync(2_000);
    session.pause();
    await flush();
    await vi.advanceTimersByTimeAsync(2_000);
    session.play();
    await flush();
    await vi.advanceTimersByTimeAsync(5_000);
    const first = '00000000-0000-4000-8000-000000000001';
    expect(sent.map((b) => b.session_id)).toEqual([undefined, first, first]);

    session.pause();
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    session.play();
    await flush();
    expect(sent.at(-1)).toEqual({ id: 7, position: 0 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.at(-1)?.session_id).toBe('00000000-0000-4000-8000-000000000002');
    session.dispose();
  });

  it('sends nothing while the page is hidden', async () => {
    const { session, sent, flush } = setup();
    session.play();
    await flush();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(2);
    session.visibility(false);
    await flush();
    const count = sent.length;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sent).toHaveLength(count);
    session.visibility(true);
    await flush();
    // A long absence: a fresh session.
    expect(sent.at(-1)?.session_id).toBeUndefined();
    session.dispose();
  });

  it('stops for good on dispose', async () => {
    const { session, sent, flush } = setup();
    session.play();
    await flush();
    await vi.advanceTimersByTimeAsync(3_000);
    session.dispose();
    await flush();
    const count = sent.length;
    await vi.advanceTimersByTimeAsync(60_000);
    session.play();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(count);
  });

  it('keeps beating after a failed heartbeat', async () => {
    const { session, sent, flush, failNext } = setup();
    session.play();
    await flush();
    failNext();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(3);
    expect(sent[2]?.session_id).toBe('00000000-0000-4000-8000-000000000001');
    session.dispose();
  });

  it('opens a new session when the server no longer knows the old one', async () => {
    const { session, sent, flush, failNext } = setup(5, () => true);
    session.play();
    await flush();
    failNext();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.map((b) => b.session_id)).toEqual([undefined, '00000000-0000-4000-8000-000000000001', undefined]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.at(-1)?.session_id).toBe('00000000-0000-4000-8000-000000000002');
    session.dispose();
  });
});
