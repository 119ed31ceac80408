// A local stand-in for the YouTube Data API v3, for the browser tests (started by start-server.mjs)
// and the server's API tests: the three reads YouTube sync makes (channels?mine=true,
// playlistItems of the uploads playlist, videos by id), answered in the API's real response shapes
// (kinds, etags, pageInfo, page tokens, thumbnails, ISO 8601 durations, privacy and embedding, the
// `{error: {code, message, errors, status}}` refusals). Access tokens are checked by introspection
// at the OpenID Connect stand-in that issued them (e2e/oidc-stand-in.mjs): unknown, expired or
// revoked → 401, a token without a YouTube scope → 403 insufficientPermissions. The token's
// subject (the stand-in login) names the channel: see `defaultChannel`. It also serves the
// thumbnails (as small SVG pictures), since the tests have no internet. Plain Node, no dependency.
import { Buffer } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import { URLSearchParams } from 'node:url';

const { fetch } = globalThis;

const READ_SCOPES = [
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];

const TOPICS = [
  'Sunrise over the harbour',
  'Street food night market',
  'Mountain trail in the rain',
  'Making hand-pulled noodles',
  'City lights time-lapse',
  'A day at the tea farm',
  'Old town walking tour',
  'Night sky over the desert',
  'Lantern festival highlights',
  'Cooking dumplings with grandma',
  'River boat at dawn',
  'Bamboo forest sounds',
];

const COLOURS = ['#1f6feb', '#d2a8ff', '#f78166', '#3fb950', '#e3b341', '#39c5cf', '#ff7b72', '#a371f7'];

const b64url = (buf) => Buffer.from(buf).toString('base64url');
const digest = (text) => createHash('sha256').update(text).digest();
const etag = () => b64url(randomBytes(20));
/** An 11-character video id, stable for a seed. */
export const videoIdOf = (seed) => b64url(digest(`video:${seed}`)).slice(0, 11);

/**
 * The channel of a stand-in login (the token's subject): `nochannel-…` has none; `empty-…` has a
 * channel without uploads; every other login has 12 uploads, newest first, among them a private
 * one (the 3rd), one whose owner forbids embedding (the 5th) and an unlisted one (the 8th), and
 * one longer than an hour (the 10th).
 */
export function defaultChannel(login) {
  if (login.startsWith('nochannel-')) return null;
  const key = b64url(digest(`channel:${login}`))
    .slice(0, 22)
    .replace(/^[-_]/, 'A');
  const title = `${login.replace(/(^|-)(\w)/g, (_, dash, c) => (dash ? ' ' : '') + c.toUpperCase())} TV`;
  const count = login.startsWith('empty-') ? 0 : 12;
  const start = Date.UTC(2026, 10, 20, 12);
  const videos = Array.from({ length: count }, (_, i) => ({
    id: videoIdOf(`${login}:${i}`),
    title: `${TOPICS[i % TOPICS.length]}`,
    description: `${TOPICS[i % TOPICS.length]}, filmed for ${title}.\nSubscribe for more.`,
    duration: i === 9 ? 'PT1H2M3S' : `PT${(i % 5) + 1}M${(i * 7) % 60}S`,
    publishedAt: new Date(start - i * 86_400_000).toISOString(),
    privacyStatus: i === 2 ? 'private' : i === 7 ? 'unlisted' : 'public',
    embeddable: i !== 4,
    uploadStatus: 'processed',
    liveBroadcastContent: 'none',
    defaultAudioLanguage: 'en',
  }));
  return { id: `UC${key}`, uploads: `UU${key}`, title, videos };
}

/** A 4:3 picture with the 16:9 frame letterboxed inside, as YouTube's hqdefault thumbnails are. */
function thumbnailSvg(id) {
  const colour = COLOURS[digest(id)[0] % COLOURS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="#0d1117"/></linearGradient></defs>
<rect width="480" height="360" fill="#000"/><rect y="45" width="480" height="270" fill="url(#g)"/>
<circle cx="240" cy="180" r="44" fill="#ff0033"/><path d="M228 158 L262 180 L228 202 Z" fill="#fff"/>
<text x="20" y="298" font-family="sans-serif" font-size="20" fill="#fff" fill-opacity="0.8">${id}</text></svg>`;
}

function apiError(res, code, status, reason, message) {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(
    JSON.stringify({
      error: { code, message, errors: [{ message, domain: code === 401 ? 'global' : 'youtube.api', reason }], status },
    }),
  );
}

/** Page tokens look like YouTube's (opaque, base64url) and carry the offset. */
const pageToken = (offset) => `EAAa${b64url(`PT:${offset}`)}`;
function offsetOf(token) {
  if (!token) return 0;
  if (!token.startsWith('EAAa')) return null;
  const match = /^PT:(\d+)$/.exec(Buffer.from(token.slice(4), 'base64url').toString());
  return match ? Number(match[1]) : null;
}

/**
 * Starts the stand-in. `oidc` is the provider whose access tokens it accepts (its issuer and a
 * client allowed to introspect). Answers `{ url, apiUrl, channelOf, setChannel, failNext, requests, close }`:
 * `apiUrl` is what YOUTUBE_API_URL should be.
 */
export async function startYoutubeStandIn({ oidc, port = 0 }) {
  const overrides = new Map();
  const failures = [];
  const requests = [];
  let base = '';

  const channelOf = (login) => (overrides.has(login) ? overrides.get(login) : defaultChannel(login));
  const channels = new Map();
  /** Every channel seen so far, by channel id and uploads playlist (for reads of others' videos). */
  function remember(login) {
    const channel = channelOf(login);
    if (channel) channels.set(channel.id, { login, channel });
    return channel;
  }

  let introspectionEndpoint = null;
  async function subjectOf(req) {
    const header = req.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token) return { status: 401 };
    introspectionEndpoint ??= (await (await fetch(`${oidc.issuer}/.well-known/openid-configuration`)).json())
      .introspection_endpoint;
    const answer = await fetch(introspectionEndpoint, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${oidc.clientId}:${oidc.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
    });
    const info = await answer.json();
    if (!info.active || !info.sub) return { status: 401 };
    const scopes = String(info.scope ?? '').split(' ');
    if (!READ_SCOPES.some((scope) => scopes.includes(scope))) return { status: 403 };
    return { status: 200, login: info.sub };
  }

  function thumbnails(id) {
    const at = (name, width, height) => ({ url: `${base}/vi/${id}/${name}.jpg`, width, height });
    return {
      default: at('default', 120, 90),
      medium: at('mqdefault', 320, 180),
      high: at('hqdefault', 480, 360),
      standard: at('sddefault', 640, 480),
      maxres: at('maxresdefault', 1280, 720),
    };
  }

  function videoResource(channel, video, parts, asOwner) {
    const hidden = video.privacyStatus === 'private' && !asOwner;
    const resource = { kind: 'youtube#video', etag: etag(), id: video.id };
    if (parts.has('snippet')) {
      resource.snippet = {
        publishedAt: video.publishedAt,
        channelId: channel.id,
        title: video.title,
        description: video.description,
        thumbnails: thumbnails(video.id),
        channelTitle: channel.title,
        categoryId: '22',
        liveBroadcastContent: video.liveBroadcastContent,
        ...(video.defaultAudioLanguage ? { defaultAudioLanguage: video.defaultAudioLanguage } : {}),
        localized: { title: video.title, description: video.description },
      };
    }
    if (parts.has('contentDetails')) {
      resource.contentDetails = {
        duration: video.duration,
        dimension: '2d',
        definition: 'hd',
        caption: 'false',
        licensedContent: false,
        contentRating: {},
        projection: 'rectangular',
      };
    }
    if (parts.has('status')) {
      resource.status = {
        uploadStatus: video.uploadStatus,
        privacyStatus: video.privacyStatus,
        license: 'youtube',
        embeddable: video.embeddable,
        publicStatsViewable: true,
        madeForKids: false,
      };
    }
    return hidden ? null : resource;
  }

  function send(res, body) {
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify({ etag: etag(), ...body }));
  }

  async function api(req, res, url) {
    const resource = url.pathname.slice('/youtube/v3/'.length);
    const failure = failures.shift();
    if (failure) return apiError(res, failure.code, failure.status, failure.reason, failure.message);
    const who = await subjectOf(req);
    if (who.status === 401) {
      return apiError(
        res,
        401,
        'UNAUTHENTICATED',
        'authError',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    }
    if (who.status === 403) {
      return apiError(
        res,
        403,
        'PERMISSION_DENIED',
        'insufficientPermissions',
        'Request had insufficient authentication scopes.',
      );
    }
    const mine = remember(who.login);
    const params = url.searchParams;
    const parts = new Set((params.get('part') ?? '').split(',').filter(Boolean));
    if (parts.size === 0) {
      return apiError(res, 400, 'INVALID_ARGUMENT', 'required', 'No filter selected. Expected one of: part');
    }
    const maxResults = Number(params.get('maxResults') ?? 5);
    if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > 50) {
      return apiError(res, 400, 'INVALID_ARGUMENT', 'invalidValue', "Invalid value for parameter 'maxResults'.");
    }

    if (resource === 'channels') {
      if (params.get('mine') !== 'true') {
        return apiError(res, 400, 'INVALID_ARGUMENT', 'missingRequiredParameter', 'No filter selected.');
      }
      const items = mine
        ? [
            {
              kind: 'youtube#channel',
              etag: etag(),
              id: mine.id,
              ...(parts.has('snippet')
                ? {
                    snippet: {
                      title: mine.title,
                      description: '',
                      customUrl: `@${who.login}`,
                      publishedAt: '2020-01-01T00:00:00Z',
                      thumbnails: {
                        default: { url: `${base}/ch/${mine.id}/88.jpg`, width: 88, height: 88 },
                        medium: { url: `${base}/ch/${mine.id}/240.jpg`, width: 240, height: 240 },
                        high: { url: `${base}/ch/${mine.id}/800.jpg`, width: 800, height: 800 },
                      },
                      localized: { title: mine.title, description: '' },
                    },
                  }
                : {}),
              ...(parts.has('contentDetails')
                ? { contentDetails: { relatedPlaylists: { likes: '', uploads: mine.uploads } } }
                : {}),
            },
          ]
        : undefined;
      return send(res, {
        kind: 'youtube#channelListResponse',
        pageInfo: { totalResults: items ? 1 : 0, resultsPerPage: 5 },
        ...(items ? { items } : {}),
      });
    }

    if (resource === 'playlistItems') {
      const playlistId = params.get('playlistId');
      const owner = [...channels.values()].find(({ channel }) => channel.uploads === playlistId);
      if (!owner) {
        return apiError(
          res,
          404,
          'NOT_FOUND',
          'playlistNotFound',
          "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        );
      }
      const offset = offsetOf(params.get('pageToken'));
      if (offset === null)
        return apiError(
          res,
          400,
          'INVALID_ARGUMENT',
          'invalidPageToken',
          'The request specifies an invalid page token.',
        );
      const { channel } = owner;
      const asOwner = owner.login === who.login;
      const size = params.has('maxResults') ? maxResults : 5;
      const slice = channel.videos.slice(offset, offset + size);
      const items = slice.map((video, i) => {
        const hidden = video.privacyStatus === 'private' && !asOwner;
        return {
          kind: 'youtube#playlistItem',
          etag: etag(),
          id: b64url(digest(`item:${playlistId}:${video.id}`)).slice(0, 48),
          ...(parts.has('snippet')
            ? {
                snippet: {
                  publishedAt: video.publishedAt,
                  channelId: channel.id,
                  title: hidden ? 'Private video' : video.title,
                  description: hidden ? 'This video is private.' : video.description,
                  thumbnails: hidden ? {} : thumbnails(video.id),
                  channelTitle: channel.title,
                  playlistId,
                  position: offset + i,
                  resourceId: { kind: 'youtube#video', videoId: video.id },
                  ...(hidden ? {} : { videoOwnerChannelTitle: channel.title, videoOwnerChannelId: channel.id }),
                },
              }
            : {}),
          ...(parts.has('contentDetails')
            ? { contentDetails: { videoId: video.id, ...(hidden ? {} : { videoPublishedAt: video.publishedAt }) } }
            : {}),
        };
      });
      const next = offset + size < channel.videos.length ? pageToken(offset + size) : undefined;
      const prev = offset > 0 ? pageToken(Math.max(0, offset - size)) : undefined;
      return send(res, {
        kind: 'youtube#playlistItemListResponse',
        ...(next ? { nextPageToken: next } : {}),
        ...(prev ? { prevPageToken: prev } : {}),
        items,
        pageInfo: { totalResults: channel.videos.length, resultsPerPage: size },
      });
    }

    if (resource === 'videos') {
      const ids = (params.get('id') ?? '').split(',').filter(Boolean);
      if (ids.length > 50) {
        return apiError(res, 400, 'INVALID_ARGUMENT', 'invalidFilters', 'The request specifies too many video ids.');
      }
      const items = [];
      for (const id of ids) {
        for (const { login, channel } of channels.values()) {
          const video = channel.videos.find((v) => v.id === id);
          const resource = video && videoResource(channel, video, parts, login === who.login);
          if (resource) items.push(resource);
        }
      }
      return send(res, {
        kind: 'youtube#videoListResponse',
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      });
    }

    return apiError(res, 404, 'NOT_FOUND', 'notFound', 'Not Found');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const thumb = /^\/(vi|ch)\/([\w-]+)\/(\w+)\.jpg$/.exec(url.pathname);
    if (req.method === 'GET' && thumb) {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });
      return res.end(thumbnailSvg(thumb[2]));
    }
    if (req.method === 'GET' && url.pathname.startsWith('/youtube/v3/')) {
      requests.push({ resource: url.pathname.slice(12), query: Object.fromEntries(url.searchParams) });
      api(req, res, url).catch((err) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;

  return {
    url: base,
    apiUrl: `${base}/youtube/v3`,
    /** The channel a login signs in with (null for none), as the stand-in serves it. */
    channelOf,
    /** Gives a login a channel of its own making (`null`: no channel). */
    setChannel(login, channel) {
      overrides.set(login, channel);
      if (channel) channels.set(channel.id, { login, channel });
    },
    /** The next API request answers this error instead (e.g. 403 quotaExceeded, 503 backendError). */
    failNext({ code, status = 'UNAVAILABLE', reason = 'backendError', message = 'Backend Error' }) {
      failures.push({ code, status, reason, message });
    },
    /** The API requests received so far: resource and query. */
    requests: () => [...requests],
    close: () =>
      new Promise((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
