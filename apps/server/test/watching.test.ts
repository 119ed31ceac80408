import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { POST_STATUS, videoCalls } from '@taice/contract';
import { userActivity } from '../src/modules/points/points.schema';
import { posts, watchHistory, watchSessions } from '../src/modules/videos/videos.schema';
import { createVideoEvents, type VideoEventMap } from '../src/modules/videos/video-events';
import { register, type Registered } from './support/accounts';
import { createTestApp, type TestApp } from './support/test-app';
import { createPost } from './support/videos';

let t: TestApp;
let creator: Registered;
const heard: { name: keyof VideoEventMap; event: VideoEventMap[keyof VideoEventMap] }[] = [];

beforeAll(async () => {
  const videoEvents = createVideoEvents();
  videoEvents.on('videoWatched', async (_tx, e) => void heard.push({ name: 'videoWatched', event: e }));
  videoEvents.on('watchTimeCredited', async (_tx, e) => void heard.push({ name: 'watchTimeCredited', event: e }));
  t = await createTestApp({ videoEvents });
  creator = await register(t);
});
afterAll(() => t.close());

function beat(postId: number, token?: string, sessionId?: string, extra: Record<string, unknown> = {}) {
  return t.call(
    videoCalls.addViewLog,
    { body: { id: postId, ...(sessionId ? { session_id: sessionId } : {}), ...extra } },
    { token },
  );
}

async function activitySeconds(userId: number) {
  const [row] = await t.database.db.select().from(userActivity).where(eq(userActivity.userId, userId));
  return row?.watchSeconds ?? 0;
}

async function postRow(id: number) {
  const [row] = await t.database.db.select().from(posts).where(eq(posts.id, id));
  return row!;
}

describe('watching is measured by the server', () => {
  it('takes a session id in capitals as the same session', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id, { duration: 60 });
    const session = (await beat(postId, viewer.token)).data.session_id;
    t.clock.advance(5_000);
    const res = await beat(postId, viewer.token, session.toUpperCase());
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ session_id: session, credited: 5, watched: 5 });
  });

  it('credits real elapsed time between heartbeats and counts the watch at 10 s', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id, { duration: 60 });
    const opened = await beat(postId, viewer.token);
    expect(opened.code).toBe(0);
    expect(opened.data).toMatchObject({ credited: 0, watched: 0, counted: 0, heartbeat: 5 });
    const session = opened.data.session_id;

    t.clock.advance(5_000);
    const first = await beat(postId, viewer.token, session, { position: 5 });
    expect(first.data).toMatchObject({ credited: 5, watched: 5, counted: 0 });

    t.clock.advance(5_000);
    const second = await beat(postId, viewer.token, session, { position: 10 });
    expect(second.data).toMatchObject({ credited: 5, watched: 10, counted: 1 });

    const watchedEvents = heard.filter((h) => h.name === 'videoWatched' && h.event.postId === postId);
    expect(watchedEvents).toHaveLength(1);
    expect(watchedEvents[0]!.event).toMatchObject({ userId: viewer.user.id, sessionId: session });
    // The member's watch time, whether a beat was applied in one statement or through the event.
    expect(await activitySeconds(viewer.user.id)).toBe(10);

    // The mark is reached once; later heartbeats do not count it again.
    t.clock.advance(5_000);
    await beat(postId, viewer.token, session);
    expect(heard.filter((h) => h.name === 'videoWatched' && h.event.postId === postId)).toHaveLength(1);
    expect((await postRow(postId)).watchSeconds).toBe(15);
  });

  it('a short video counts at half its length', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id, { duration: 6 });
    const { data } = await beat(postId, viewer.token);
    t.clock.advance(3_000);
    expect((await beat(postId, viewer.token, data.session_id)).data).toMatchObject({ watched: 3, counted: 1 });
  });

  it('heartbeats faster than real time credit only the real time', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id, { duration: 120 });
    const { data } = await beat(postId, viewer.token);
    let watched = 0;
    for (let i = 0; i < 20; i++) {
      t.clock.advance(100);
      const res = await beat(postId, viewer.token, data.session_id, { position: 100 });
      expect(res.msg).toBe('success');
      watched = res.data.watched;
    }
    expect(watched).toBeCloseTo(2, 5);
    // Twenty parallel heartbeats at the same instant credit nothing more.
    const parallel = await Promise.all(Array.from({ length: 20 }, () => beat(postId, viewer.token, data.session_id)));
    expect(parallel.every((r) => r.code === 0)).toBe(true);
    const [session] = await t.database.db.select().from(watchSessions).where(eq(watchSessions.id, data.session_id));
    expect(session!.credited).toBeCloseTo(2, 5);
    // Five seconds later, twenty parallel heartbeats credit those five seconds once, to the member too.
    t.clock.advance(5_000);
    const racing = await Promise.all(Array.from({ length: 20 }, () => beat(postId, viewer.token, data.session_id)));
    expect(racing.map((r) => r.data.credited).sort((a, b) => b - a)).toEqual([5, ...Array<number>(19).fill(0)]);
    expect(await activitySeconds(viewer.user.id)).toBeCloseTo(7, 4);
  });

  it('a beat that waited behind a later one credits nothing and does not turn the session back', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id, { duration: 120 });
    const { data } = await beat(postId, viewer.token);
    const opened = t.clock.now().getTime();
    // Two beats of one session at 8 s and 4 s, the later one applied first.
    const beatAt = async (seconds: number) => {
      const { rows } = await t.database.pool.query<{ outcome: string; credit: number }>(
        `with beat as materialized (select * from taice_watch_take($1, $2, $3, $4, false, 15, 10, 3600, 1::smallint))
         select outcome, credit from taice_watch_settle(
           (select array_agg(row(b.*)::taice_beat) from beat b), null, $4, false, 0.9)`,
        [[data.session_id], [`user:${viewer.user.id}`], [postId], new Date(opened + seconds * 1000)],
      );
      return rows[0];
    };
    expect(await beatAt(8)).toEqual({ outcome: 'done', credit: 8 });
    expect(await beatAt(4)).toEqual({ outcome: 'done', credit: 0 });
    t.clock.advance(15_000);
    const next = await beat(postId, viewer.token, data.session_id);
    expect(next.data).toMatchObject({ credited: 7, watched: 15 });
  });

  it('a long pause or a spoofed position credits at most one heartbeat cap, never past the length', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id, { duration: 20 });
    const { data } = await beat(postId, viewer.token);
    t.clock.advance(10 * 60_000);
    const afterPause = await beat(postId, viewer.token, data.session_id, { position: 9_999 });
    expect(afterPause.data.credited).toBe(15);
    t.clock.advance(60_000);
    const capped = await beat(postId, viewer.token, data.session_id, { position: 86_000 });
    expect(capped.data).toMatchObject({ credited: 5, watched: 20 });
    t.clock.advance(60_000);
    expect((await beat(postId, viewer.token, data.session_id)).data).toMatchObject({ credited: 0, watched: 20 });
    const [history] = await t.database.db
      .select()
      .from(watchHistory)
      .where(and(eq(watchHistory.userId, viewer.user.id), eq(watchHistory.postId, postId)));
    expect(history).toMatchObject({ watchedSeconds: 20, finished: true });
  });

  it('only one session counts at a time: opening another ends the first', async () => {
    const viewer = await register(t);
    const a = await createPost(t, creator.user.id);
    const b = await createPost(t, creator.user.id);
    const first = (await beat(a, viewer.token)).data.session_id;
    const second = (await beat(b, viewer.token)).data.session_id;
    t.clock.advance(5_000);
    const stale = await beat(a, viewer.token, first);
    expect(stale.code).toBe(13009);
    expect(stale.msg).toBe('This viewing session has ended, please reload the video');
    expect((await beat(b, viewer.token, second)).data.credited).toBe(5);
  });

  it('opening two sessions at once leaves exactly one open', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id);
    const opened = await Promise.all(Array.from({ length: 8 }, () => beat(postId, viewer.token)));
    expect(opened.every((r) => r.code === 0)).toBe(true);
    t.clock.advance(5_000);
    const beats = await Promise.all(opened.map((r) => beat(postId, viewer.token, r.data.session_id)));
    expect(beats.filter((r) => r.code === 0)).toHaveLength(1);
    expect(beats.filter((r) => r.code === 13009)).toHaveLength(7);
  });

  it("refuses someone else's session and a session of another video", async () => {
    const owner = await register(t);
    const thief = await register(t);
    const postId = await createPost(t, creator.user.id);
    const other = await createPost(t, creator.user.id);
    const { data } = await beat(postId, owner.token);
    t.clock.advance(5_000);
    expect((await beat(postId, thief.token, data.session_id)).code).toBe(13009);
    expect((await beat(other, owner.token, data.session_id)).code).toBe(13009);
    expect((await beat(postId, owner.token, data.session_id)).data.credited).toBe(5);
  });

  it('counts a view when the watch counts, once per viewer per hour, visitors included, but visitors earn nothing', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id);
    const watch = async (token?: string, deviceId?: string) => {
      const options = { token, ...(deviceId ? { sign: { device_id: deviceId } } : {}) };
      const opened = await t.call(videoCalls.addViewLog, { body: { id: postId } }, options);
      t.clock.advance(10_000);
      return t.call(videoCalls.addViewLog, { body: { id: postId, session_id: opened.data.session_id } }, options);
    };
    await beat(postId, viewer.token); // opened, never counted: no view
    expect((await postRow(postId)).viewNum).toBe(0);
    await watch(viewer.token);
    await watch(viewer.token);
    expect((await postRow(postId)).viewNum).toBe(1);
    t.clock.advance(61 * 60_000);
    await watch(viewer.token);
    expect((await postRow(postId)).viewNum).toBe(2);

    const before = heard.length;
    const visitor = await watch(undefined, 'visitor-device-1');
    expect(visitor.data).toMatchObject({ credited: 10, counted: 1 });
    expect((await postRow(postId)).viewNum).toBe(3);
    expect(heard.length).toBe(before);
  });

  it('an address opening sessions faster than any player is asked to wait', async () => {
    const postId = await createPost(t, creator.user.id);
    const ip = '10.77.0.1';
    let last = { code: 0 };
    for (let i = 0; i < 601 && last.code === 0; i++) {
      last = await t.call(videoCalls.addViewLog, { body: { id: postId } }, { ip, sign: { device_id: `bot-${i}` } });
    }
    expect(last.code).toBe(429);
    expect((await postRow(postId)).viewNum).toBe(0);
  });

  it('refuses taken-down and unknown videos, and bad input', async () => {
    const viewer = await register(t);
    const down = await createPost(t, creator.user.id, { status: POST_STATUS.taken_down });
    const res = await beat(down, viewer.token);
    expect(res).toMatchObject({ code: 13002, msg: 'This video is no longer available' });
    expect((await t.call(videoCalls.addViewLog, { body: { id: down } }, { lang: 'zh-CN' })).msg).toBe('该视频已下架');
    expect((await beat(99_999_999, viewer.token)).code).toBe(13001);
    const bad = await t.call(videoCalls.addViewLog, { body: { id: 'abc' } }, { token: viewer.token });
    expect(bad.code).toBe(422);
    expect(bad.msg).toContain('id');
    const badSession = await beat(down, viewer.token, 'not-a-uuid');
    expect(badSession.code).toBe(422);
  });

  it('a video taken down mid-session stops crediting', async () => {
    const viewer = await register(t);
    const postId = await createPost(t, creator.user.id);
    const { data } = await beat(postId, viewer.token);
    await t.database.db.update(posts).set({ status: POST_STATUS.taken_down }).where(eq(posts.id, postId));
    t.clock.advance(5_000);
    expect((await beat(postId, viewer.token, data.session_id)).code).toBe(13002);
  });
});

describe('watch history', () => {
  it('lists each watched video once, last watched first, without taken-down videos', async () => {
    const viewer = await register(t);
    const first = await createPost(t, creator.user.id, { title: 'first watched' });
    const second = await createPost(t, creator.user.id, { title: 'second watched' });
    const gone = await createPost(t, creator.user.id, { title: 'gone later' });
    for (const id of [first, second, gone, first]) {
      const { data } = await beat(id, viewer.token);
      t.clock.advance(6_000);
      await beat(id, viewer.token, data.session_id);
    }
    await t.database.db.update(posts).set({ status: POST_STATUS.taken_down }).where(eq(posts.id, gone));
    const res = await t.call(videoCalls.viewLog, {}, { token: viewer.token });
    expect(res.code).toBe(0);
    expect(res.data.list.map((p) => p.id)).toEqual([first, second]);
    expect(res.data.total).toBe(2);
    expect(res.data.list[0]!.watched_seconds).toBe(12);
  });

  it('needs a login and pages within the limit', async () => {
    expect((await t.call(videoCalls.viewLog)).code).toBe(401);
    const viewer = await register(t);
    expect((await t.call(videoCalls.viewLog, { query: { size: 51 } }, { token: viewer.token })).code).toBe(422);
  });
});
