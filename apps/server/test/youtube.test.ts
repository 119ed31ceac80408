import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { POST_STATUS, videoCalls, YOUTUBE_CALLBACK_PATH, YOUTUBE_SCOPE, youtubeCalls } from '@taice/contract';
import { users } from '../src/modules/accounts/accounts.schema';
import { authChallenges } from '../src/modules/identities/identities.schema';
import { categories, posts } from '../src/modules/videos/videos.schema';
import { youtubeConnections } from '../src/modules/youtube/youtube.schema';
import { createTokenBox } from '../src/modules/youtube/token-box';
import { startYoutubeStandIn, type YoutubeStandIn } from '../../../e2e/youtube-stand-in.mjs';
import { freshIp, register, type Registered } from './support/accounts';
import { startOidcProvider, type OidcStandIn } from './support/oidc-provider';
import { createTestApp, type TestApp } from './support/test-app';
import { categoryId } from './support/videos';

const SITE = 'http://taice.test';

let oidc: OidcStandIn;
let yt: YoutubeStandIn;
let t: TestApp;
let category: number;

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: [SITE + YOUTUBE_CALLBACK_PATH] });
  yt = await startYoutubeStandIn({ oidc });
  t = await createTestApp({
    env: {
      GOOGLE_ISSUER: oidc.issuer,
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      PUBLIC_URL: SITE,
      YOUTUBE_API_URL: yt.apiUrl,
    },
  });
  category = await categoryId(t);
});
afterAll(async () => {
  await t.close();
  await yt.close();
  await oidc.close();
});

/** A stand-in Google login of its own (its channel: see defaultChannel in e2e/youtube-stand-in.mjs). */
const freshLogin = (prefix = 'creator') => `${prefix}-${randomBytes(4).toString('hex')}`;

/** Starts connecting as `token`: the Google address, and the flow cookie the answer set. */
async function startConnect(token: string) {
  const res = await t.respond(youtubeCalls.youtubeConnect, {}, { token, ip: freshIp() });
  const envelope = res.json<{ code: number; msg: string; data: { url: string } | null }>();
  const setCookie = res.headers['set-cookie'];
  const cookie = String(Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? '')).split(';')[0]!;
  return { envelope, url: envelope.data?.url ?? '', cookie };
}

/** The browser arriving at the callback address with `cookie`: where it is sent on. */
async function callback(callbackUrl: string, cookie: string): Promise<string> {
  const url = new URL(callbackUrl, SITE);
  const res = await t.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: { cookie },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.headers.location as string;
}

/** Connects the account's YouTube through the stand-in provider as `login`; where the browser lands. */
async function connect(account: Registered, login: string): Promise<string> {
  const { url, cookie } = await startConnect(account.token);
  return callback(await oidc.signIn(url, login), cookie);
}

async function connected(login = freshLogin()) {
  const account = await register(t);
  expect(await connect(account, login)).toBe('/Youtube#youtube_connected=1');
  return { account, login, channel: yt.channelOf(login)! };
}

function list(token: string, query: { page_token?: string; size?: number } = {}, lang?: string) {
  return t.call(youtubeCalls.getYoutubeVideo, { query }, { token, lang });
}

function sync(token: string, body: Record<string, unknown>, lang?: string) {
  return t.send(youtubeCalls.syncPost, { body }, { token, lang });
}

async function connectionOf(userId: number) {
  const [row] = await t.database.db.select().from(youtubeConnections).where(eq(youtubeConnections.userId, userId));
  return row;
}

/** The tokens kept for a user, opened with the server's key. */
async function tokensOf(userId: number) {
  const row = (await connectionOf(userId))!;
  const box = createTokenBox(t.config.APP_SECRET);
  return {
    access: box.open(`youtube:${userId}`, row.accessToken)!,
    refresh: row.refreshToken ? box.open(`youtube:${userId}`, row.refreshToken) : null,
  };
}

describe('connecting a YouTube channel', () => {
  it('asks Google for the read-only YouTube scope with offline access, consent and incremental authorisation', async () => {
    const account = await register(t);
    const { envelope, url, cookie } = await startConnect(account.token);
    expect(envelope.code).toBe(0);
    expect(cookie).toMatch(/^taice_google_flow=/);
    const address = new URL(url);
    expect(address.origin).toBe(oidc.issuer);
    const params = Object.fromEntries(address.searchParams);
    expect(params).toMatchObject({
      client_id: oidc.clientId,
      redirect_uri: SITE + YOUTUBE_CALLBACK_PATH,
      response_type: 'code',
      scope: `openid ${YOUTUBE_SCOPE}`,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      code_challenge_method: 'S256',
    });
    const [saved] = await t.database.db
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.kind, 'youtube_state'), eq(authChallenges.value, params.state!)));
    expect(saved?.data).toMatchObject({ userId: account.user.id, nonce: params.nonce });
  });

  it('keeps the channel and sealed tokens on the server and comes back to /Youtube', async () => {
    const { account, channel } = await connected();
    const row = (await connectionOf(account.user.id))!;
    expect(row).toMatchObject({
      channelId: channel.id,
      uploadsPlaylistId: channel.uploads,
      channelTitle: channel.title,
    });
    expect(row.scope.split(' ')).toContain(YOUTUBE_SCOPE);
    const tokens = await tokensOf(account.user.id);
    expect(tokens.access).toBeTruthy();
    expect(tokens.refresh).toBeTruthy();
    // Sealed, and bound to their owner: another user's row would not open them.
    expect(row.accessToken).not.toContain(tokens.access);
    expect(createTokenBox(t.config.APP_SECRET).open(`youtube:${account.user.id + 1}`, row.accessToken)).toBeNull();
    // No answer carries them.
    const page = await list(account.token);
    expect(page.code).toBe(0);
    expect(JSON.stringify(page)).not.toContain(tokens.access);
  });

  it('refuses a replayed, foreign-browser or declined callback, changing nothing', async () => {
    const account = await register(t);
    const { url, cookie } = await startConnect(account.token);
    const signedIn = await oidc.signIn(url, freshLogin());
    expect(await callback(signedIn, 'taice_google_flow=someone-else')).toBe(
      '/Youtube#youtube_error=youtube_connect_invalid',
    );
    // The state was spent by that attempt: the rightful browser has to start over.
    expect(await callback(signedIn, cookie)).toBe('/Youtube#youtube_error=youtube_connect_invalid');

    const declined = await startConnect(account.token);
    const state = new URL(declined.url).searchParams.get('state')!;
    expect(await callback(`${YOUTUBE_CALLBACK_PATH}?error=access_denied&state=${state}`, declined.cookie)).toBe(
      '/Youtube#youtube_error=youtube_connect_invalid',
    );
    expect(await callback(`${YOUTUBE_CALLBACK_PATH}?code=x`, declined.cookie)).toBe(
      '/Youtube#youtube_error=youtube_connect_invalid',
    );
    expect(await connectionOf(account.user.id)).toBeUndefined();
  });

  it('says so when the Google account has no channel, or YouTube refuses the scope', async () => {
    const account = await register(t);
    expect(await connect(account, freshLogin('nochannel'))).toBe('/Youtube#youtube_error=youtube_no_channel');
    yt.failNext({ code: 403, status: 'PERMISSION_DENIED', reason: 'insufficientPermissions' });
    expect(await connect(account, freshLogin())).toBe('/Youtube#youtube_error=youtube_scope_missing');
    expect(await connectionOf(account.user.id)).toBeUndefined();
  });

  it('connects a channel to one account only; reconnecting switches the account’s channel', async () => {
    const { account, login } = await connected();
    const other = await register(t);
    expect(await connect(other, login)).toBe('/Youtube#youtube_error=youtube_channel_taken');
    expect(await connectionOf(other.user.id)).toBeUndefined();

    const second = freshLogin();
    expect(await connect(account, second)).toBe('/Youtube#youtube_connected=1');
    expect((await connectionOf(account.user.id))?.channelId).toBe(yt.channelOf(second)!.id);
    // The first channel is free again.
    expect(await connect(other, login)).toBe('/Youtube#youtube_connected=1');
  });

  it('is refused while Google is not configured', async () => {
    const bare = await createTestApp();
    try {
      const account = await register(bare);
      const res = await bare.call(youtubeCalls.youtubeConnect, {}, { token: account.token });
      expect(res).toMatchObject({ code: 15010, msg: 'Google login is not available yet', data: null });
    } finally {
      await bare.close();
    }
  });

  it('disconnects: the tokens are revoked at Google and forgotten; the list asks to connect', async () => {
    const { account } = await connected();
    const { refresh } = await tokensOf(account.user.id);
    expect((await t.call(youtubeCalls.youtubeDisconnect, {}, { token: account.token })).data).toEqual({
      connected: false,
    });
    expect(await connectionOf(account.user.id)).toBeUndefined();
    await expect(oidcRefreshWorks(refresh!)).resolves.toBe(false);
    expect((await list(account.token)).code).toBe(20301);
  });
});

/** Whether the provider still honours a refresh token. */
async function oidcRefreshWorks(refreshToken: string): Promise<boolean> {
  const response = await fetch(`${oidc.issuer}/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${oidc.clientId}:${oidc.clientSecret}`).toString('base64')}` },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
  return response.ok;
}

describe('getYoutubeVideo', () => {
  it('asks to connect first, and nobody else’s connection counts', async () => {
    await connected();
    const stranger = await register(t);
    const res = await list(stranger.token);
    expect(res).toEqual({ code: 20301, msg: 'Connect your YouTube channel first', data: null });
    expect((await list(stranger.token, {}, 'zh-CN')).msg).toBe('请先连接您的 YouTube 频道');
  });

  it('pages through the uploads with YouTube’s page tokens, with durations, privacy and embedding', async () => {
    const { account, channel } = await connected();
    const first = await list(account.token, { size: 5 });
    expect(first.code).toBe(0);
    expect(first.data.channel).toMatchObject({ id: channel.id, title: channel.title });
    expect(first.data.total).toBe(12);
    expect(first.data.prev_page_token).toBeNull();
    expect(first.data.next_page_token).toBeTruthy();
    expect(first.data.list.map((v) => v.video_id)).toEqual(channel.videos.slice(0, 5).map((v) => v.id));
    const [a, , priv, , noEmbed] = first.data.list;
    expect(a).toMatchObject({
      title: channel.videos[0]!.title,
      duration: 60,
      privacy_status: 'public',
      embeddable: true,
      unimportable: null,
      post_id: null,
    });
    expect(a!.thumbnail).toBe(`${yt.url}/vi/${a!.video_id}/hqdefault.jpg`);
    expect(priv).toMatchObject({ privacy_status: 'private', unimportable: 'private' });
    expect(noEmbed).toMatchObject({ embeddable: false, unimportable: 'not_embeddable' });

    const second = await list(account.token, { size: 5, page_token: first.data.next_page_token! });
    expect(second.data.list.map((v) => v.video_id)).toEqual(channel.videos.slice(5, 10).map((v) => v.id));
    expect(second.data.list[2]).toMatchObject({ privacy_status: 'unlisted', unimportable: null });
    expect(second.data.list[4]).toMatchObject({ duration: 3723 });
    expect(second.data.prev_page_token).toBeTruthy();
    const third = await list(account.token, { size: 5, page_token: second.data.next_page_token! });
    expect(third.data.list).toHaveLength(2);
    expect(third.data.next_page_token).toBeNull();
    const back = await list(account.token, { size: 5, page_token: second.data.prev_page_token! });
    expect(back.data.list.map((v) => v.video_id)).toEqual(first.data.list.map((v) => v.video_id));

    // The stand-in saw the real reads: the uploads playlist, then the page's videos in one request.
    const reads = yt.requests().slice(-2);
    expect(reads[0]).toMatchObject({
      resource: 'playlistItems',
      query: { playlistId: channel.uploads, maxResults: '5' },
    });
    expect(reads[1]).toMatchObject({ resource: 'videos', query: { part: 'contentDetails,snippet,status' } });
  });

  it('lists an empty channel, refuses a malformed page token and tells when YouTube is unavailable', async () => {
    const { account } = await connected(freshLogin('empty'));
    const empty = await list(account.token);
    expect(empty.data).toMatchObject({ list: [], total: 0, next_page_token: null });
    expect(
      (await t.send(youtubeCalls.getYoutubeVideo, { query: { page_token: 'a b' } }, { token: account.token })).code,
    ).toBe(422);
    yt.failNext({ code: 503 });
    expect(await list(account.token)).toMatchObject({
      code: 20314,
      msg: 'YouTube cannot be reached right now, please try again later',
    });
    yt.failNext({ code: 403, status: 'PERMISSION_DENIED', reason: 'quotaExceeded', message: 'quota' });
    expect((await list(account.token)).code).toBe(20314);
    expect((await list(account.token)).code).toBe(0);
  });
});

describe('syncPost', () => {
  it('checks the selection with the spec’s messages, in three languages', async () => {
    const { account, channel } = await connected();
    const id = channel.videos[0]!.id;
    const cases: [Record<string, unknown>, number, string[]][] = [
      [
        { category_id: category, publish: 1 },
        20303,
        ['Select at least one video', '请至少选择一个视频', '請至少選擇一部影片'],
      ],
      [
        { video_ids: [], category_id: category, publish: 1 },
        20303,
        ['Select at least one video', '请至少选择一个视频', '請至少選擇一部影片'],
      ],
      [{ video_ids: [id], publish: 1 }, 20304, ['Select a category', '请选择分类', '請選擇分類']],
      [{ video_ids: [id], category_id: category }, 20305, ['Select Publish', '请选择发布', '請選擇發佈']],
      [{ video_ids: [id], category_id: category, publish: 0 }, 20305, ['Select Publish', '请选择发布', '請選擇發佈']],
    ];
    for (const [body, code, messages] of cases) {
      for (const [lang, msg] of [
        ['en_US', messages[0]],
        ['zh-CN', messages[1]],
        ['zh-TW', messages[2]],
      ] as const) {
        expect(await sync(account.token, body, lang)).toMatchObject({ code, msg });
      }
    }
    expect((await sync(account.token, { video_ids: ['not-an-id'], category_id: category, publish: 1 })).code).toBe(
      20307,
    );
    const many = Array.from({ length: 51 }, (_, i) => `${'x'.repeat(9)}${String(i).padStart(2, '0')}`);
    expect(await sync(account.token, { video_ids: many, category_id: category, publish: 1 })).toMatchObject({
      code: 20306,
      msg: 'Select at most 50 videos at a time',
    });
    expect(await sync(account.token, { video_ids: [id], category_id: 999_999, publish: 1 })).toMatchObject({
      code: 13010,
      msg: 'This category does not exist',
    });
    const [unchanged] = await t.database.db.select().from(posts).where(eq(posts.authorId, account.user.id));
    expect(unchanged).toBeUndefined();
  });

  it('imports chosen videos as published posts played by YouTube, and lists them as imported', async () => {
    const { account, channel } = await connected();
    const [first, second] = [channel.videos[0]!, channel.videos[1]!];
    const [categoryBefore] = await t.database.db.select().from(categories).where(eq(categories.id, category));
    const res = await sync(account.token, { video_ids: [first.id, second.id], category_id: category, publish: 1 });
    expect(res.code).toBe(0);
    expect(res.data.imported.map((r) => r.video_id)).toEqual([first.id, second.id]);
    expect(res.data.already_imported).toEqual([]);

    const rows = await t.database.db.select().from(posts).where(eq(posts.authorId, account.user.id));
    expect(rows).toHaveLength(2);
    const post = rows.find((r) => r.youtubeVideoId === first.id)!;
    expect(post).toMatchObject({
      title: first.title,
      description: first.description,
      status: POST_STATUS.published,
      categoryId: category,
      coverKey: `${yt.url}/vi/${first.id}/hqdefault.jpg`,
      mp4Key: '',
      hlsKey: '',
      duration: 60,
      lang: 'en_US',
    });
    const [author] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(author?.postNum).toBe(2);
    const [categoryAfter] = await t.database.db.select().from(categories).where(eq(categories.id, category));
    expect(categoryAfter!.postNum).toBe(categoryBefore!.postNum + 2);

    const detail = await t.call(videoCalls.postDetail, { query: { id: post.id } });
    expect(detail.data).toMatchObject({
      youtube_video_id: first.id,
      cover: `${yt.url}/vi/${first.id}/hqdefault.jpg`,
      media: { hls: '', mp4: '' },
      duration: 60,
    });
    const feed = await t.call(videoCalls.postList, { query: { author_id: account.user.id } });
    expect(feed.data.list.map((c) => c.id).sort()).toEqual(rows.map((r) => r.id).sort());

    const page = await list(account.token, { size: 3 });
    expect(page.data.list.map((v) => v.post_id)).toEqual([post.id, rows.find((r) => r.id !== post.id)!.id, null]);
  });

  it('imports a video once per creator: a repeated request reports it as already imported', async () => {
    const { account, channel } = await connected();
    const id = channel.videos[3]!.id;
    const first = await sync(account.token, { video_ids: [id], category_id: category, publish: 1 });
    const again = await sync(account.token, { video_ids: [id, id], category_id: category, publish: 1 });
    expect(again.data).toEqual({
      imported: [],
      already_imported: [{ video_id: id, post_id: first.data.imported[0]!.post_id }],
    });
    expect(await t.database.db.select().from(posts).where(eq(posts.authorId, account.user.id))).toHaveLength(1);
  });

  it('imports once when the same selection is sent many times at once', async () => {
    const { account, channel } = await connected();
    const ids = [channel.videos[5]!.id, channel.videos[6]!.id];
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => sync(account.token, { video_ids: ids, category_id: category, publish: 1 })),
    );
    expect(answers.every((a) => a.code === 0)).toBe(true);
    const imported = answers.flatMap((a) => a.data.imported);
    expect(imported.map((r) => r.video_id).sort()).toEqual([...ids].sort());
    const rows = await t.database.db.select().from(posts).where(eq(posts.authorId, account.user.id));
    expect(rows).toHaveLength(2);
    for (const answer of answers) {
      const told = [...answer.data.imported, ...answer.data.already_imported];
      expect(told.map((r) => r.video_id).sort()).toEqual([...ids].sort());
      expect(told.every((r) => rows.some((row) => row.id === r.post_id))).toBe(true);
    }
    const [author] = await t.database.db.select().from(users).where(eq(users.id, account.user.id));
    expect(author?.postNum).toBe(2);
  });

  it('refuses private and non-embeddable videos, importing none of the selection', async () => {
    const { account, channel } = await connected();
    const good = channel.videos[0]!.id;
    for (const bad of [channel.videos[2]!.id, channel.videos[4]!.id]) {
      const res = await sync(account.token, { video_ids: [good, bad], category_id: category, publish: 1 });
      expect(res).toMatchObject({ code: 20309, data: null });
      expect(res.msg).toContain(bad);
    }
    expect(await t.database.db.select().from(posts).where(eq(posts.authorId, account.user.id))).toHaveLength(0);
  });

  it('imports only videos of the caller’s own channel', async () => {
    const owner = await connected();
    const other = await connected();
    const theirs = owner.channel.videos[0]!.id;
    const res = await sync(other.account.token, { video_ids: [theirs], category_id: category, publish: 1 }, 'zh-TW');
    expect(res).toMatchObject({ code: 20308, msg: `影片 ${theirs} 不在您連結的 YouTube 頻道中` });
    // Not connected at all: no other creator's connection stands in.
    const stranger = await register(t);
    expect((await sync(stranger.token, { video_ids: [theirs], category_id: category, publish: 1 })).code).toBe(20301);
  });

  it('lets a deleted import be imported again', async () => {
    const { account, channel } = await connected();
    const id = channel.videos[0]!.id;
    const first = await sync(account.token, { video_ids: [id], category_id: category, publish: 1 });
    await t.database.db
      .update(posts)
      .set({ status: POST_STATUS.deleted })
      .where(eq(posts.id, first.data.imported[0]!.post_id));
    const again = await sync(account.token, { video_ids: [id], category_id: category, publish: 1 });
    expect(again.data.imported).toHaveLength(1);
    expect(again.data.imported[0]!.post_id).not.toBe(first.data.imported[0]!.post_id);
  });

  it('asks to log in first', async () => {
    expect((await t.call(youtubeCalls.syncPost, { body: { video_ids: [], category_id: 1, publish: 1 } })).code).toBe(
      401,
    );
    expect((await t.call(youtubeCalls.getYoutubeVideo, {})).code).toBe(401);
  });
});

describe('the tokens', () => {
  it('refreshes an expired access token with the refresh token, once for simultaneous calls', async () => {
    const { account } = await connected();
    const before = await tokensOf(account.user.id);
    const refreshes = oidc.refreshes();
    t.clock.advance(2 * 3600_000);
    const answers = await Promise.all([list(account.token), list(account.token), list(account.token)]);
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0]);
    expect(oidc.refreshes()).toBe(refreshes + 1);
    const after = await tokensOf(account.user.id);
    expect(after.access).not.toBe(before.access);
    expect(after.refresh).toBe(before.refresh);
    const row = (await connectionOf(account.user.id))!;
    expect(row.accessExpiresAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 3000_000);
    // Fresh now: the next call uses it as it is.
    await list(account.token);
    expect(oidc.refreshes()).toBe(refreshes + 1);
  });

  it('refreshes and tries again when YouTube refuses an access token before its time', async () => {
    const { account } = await connected();
    const refreshes = oidc.refreshes();
    yt.failNext({ code: 401, status: 'UNAUTHENTICATED', reason: 'authError', message: 'Invalid Credentials' });
    expect((await list(account.token)).code).toBe(0);
    expect(oidc.refreshes()).toBe(refreshes + 1);
  });

  it('ends the connection when the creator revoked the access at Google', async () => {
    const { account } = await connected();
    // As at Google, revoking the access token revokes its grant, the refresh token with it.
    await oidc.revoke((await tokensOf(account.user.id)).access);
    expect((await list(account.token)).code).toBe(20302);
    expect(await connectionOf(account.user.id)).toBeUndefined();
  });

  it('ends the connection when Google refuses the refresh token', async () => {
    const { account } = await connected();
    const { refresh } = await tokensOf(account.user.id);
    await oidc.revoke(refresh!);
    t.clock.advance(2 * 3600_000);
    expect(await list(account.token, {}, 'zh-CN')).toMatchObject({
      code: 20302,
      msg: '您的 YouTube 连接已过期或已被撤销，请重新连接',
    });
    expect(await connectionOf(account.user.id)).toBeUndefined();
    expect((await list(account.token)).code).toBe(20301);
  });

  it('takes tokens sealed under another key for no connection', async () => {
    const { account } = await connected();
    const stale = createTokenBox('another-application-secret');
    await t.database.db
      .update(youtubeConnections)
      .set({
        accessToken: stale.seal(`youtube:${account.user.id}`, 'x'),
        refreshToken: stale.seal(`youtube:${account.user.id}`, 'y'),
      })
      .where(eq(youtubeConnections.userId, account.user.id));
    expect((await list(account.token)).code).toBe(20302);
  });
});
