import { isSafeText } from '@taice/contract';

/** Each request to the YouTube Data API may take this long. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Why a YouTube request failed: `unauthorized` (401: the access token expired or was revoked),
 * `scope` (403 for a token without a YouTube scope), `unavailable` (anything else: the network,
 * a quota, YouTube's own errors).
 */
export class YoutubeApiError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'scope' | 'unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'YoutubeApiError';
  }
}

export interface ChannelInfo {
  id: string;
  title: string;
  thumbnail: string;
  uploadsPlaylistId: string;
}

export interface UploadsPage {
  videoIds: string[];
  /** Titles and thumbnails from the playlist, for videos `videos.list` does not describe. */
  items: Map<string, { title: string; thumbnail: string; publishedAt: string }>;
  total: number;
  nextPageToken: string | null;
  prevPageToken: string | null;
}

export interface VideoInfo {
  id: string;
  channelId: string;
  title: string;
  description: string;
  thumbnail: string;
  /** Seconds. */
  duration: number;
  publishedAt: string;
  privacyStatus: 'public' | 'unlisted' | 'private';
  embeddable: boolean;
  /** `processed` once YouTube has finished with the upload. */
  uploadStatus: string;
  /** `none`, or `live` / `upcoming` for broadcasts. */
  liveBroadcastContent: string;
  /** The video's language as YouTube knows it ('' when it does not). */
  language: string;
}

interface Thumbnails {
  default?: { url?: string };
  medium?: { url?: string };
  high?: { url?: string };
  standard?: { url?: string };
  maxres?: { url?: string };
}

interface ErrorBody {
  error?: { code?: number; message?: string; status?: string; errors?: { reason?: string }[] };
}

/** The high thumbnail (480x360), else the next one YouTube has. */
function thumbnailOf(thumbnails: Thumbnails | undefined): string {
  const url = thumbnails?.high?.url ?? thumbnails?.medium?.url ?? thumbnails?.standard?.url ?? thumbnails?.default?.url;
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : '';
}

const ISO_DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Seconds of an ISO 8601 duration as YouTube writes them (`PT4M13S`, `PT1H2M`, `P1DT3S`, `P0D`); 0 when unreadable. */
export function parseIsoDuration(value: string | undefined): number {
  const match = ISO_DURATION.exec(value ?? '');
  if (!match) return 0;
  const [, weeks, days, hours, minutes, seconds] = match.map((part) => Number(part ?? 0));
  return Math.round(weeks! * 604_800 + days! * 86_400 + hours! * 3_600 + minutes! * 60 + seconds!);
}

/** Text as posts keep it: no control characters (line breaks only where `multiline`), trimmed, at most `max` characters. */
export function cleanText(value: unknown, max: number, multiline = false): string {
  if (typeof value !== 'string') return '';
  const kept = [...value]
    .filter((c) => isSafeText(c, multiline))
    .join('')
    .trim();
  return [...kept].slice(0, max).join('');
}

const PRIVACY = new Set(['public', 'unlisted', 'private']);

/**
 * The few YouTube Data API v3 reads YouTube sync needs, made with the creator's access token:
 * the channel (`channels?mine=true`), its uploads playlist page by page (`playlistItems`) and the
 * videos' lengths, privacy and embedding (`videos`). `baseUrl` is YOUTUBE_API_URL.
 */
export function createYoutubeApi(baseUrl: string) {
  const base = baseUrl.replace(/\/+$/, '');

  async function get<T>(resource: string, params: Record<string, string>, accessToken: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}/${resource}?${new URLSearchParams(params)}`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new YoutubeApiError('unavailable', `${resource}: ${(err as Error).message}`);
    }
    const body = (await response.json().catch(() => null)) as (T & ErrorBody) | null;
    if (response.ok && body) return body;
    const error = body?.error;
    const reasons = new Set((error?.errors ?? []).map((e) => e.reason));
    const message = `${resource}: ${response.status} ${error?.message ?? ''}`.trim();
    if (response.status === 401) throw new YoutubeApiError('unauthorized', message);
    if (
      response.status === 403 &&
      (reasons.has('insufficientPermissions') || error?.status === 'PERMISSION_DENIED') &&
      !reasons.has('quotaExceeded')
    ) {
      throw new YoutubeApiError('scope', message);
    }
    throw new YoutubeApiError('unavailable', message);
  }

  return {
    /** The channel of the token's account; null when the account has none. */
    async myChannel(accessToken: string): Promise<ChannelInfo | null> {
      const body = await get<{
        items?: {
          id: string;
          snippet?: { title?: string; thumbnails?: Thumbnails };
          contentDetails?: { relatedPlaylists?: { uploads?: string } };
        }[];
      }>('channels', { part: 'snippet,contentDetails', mine: 'true' }, accessToken);
      const channel = body.items?.[0];
      const uploads = channel?.contentDetails?.relatedPlaylists?.uploads;
      if (!channel || !uploads) return null;
      return {
        id: channel.id,
        title: cleanText(channel.snippet?.title, 200),
        thumbnail: thumbnailOf(channel.snippet?.thumbnails),
        uploadsPlaylistId: uploads,
      };
    },

    /** One page of a playlist, in the playlist's order (uploads: newest first). */
    async playlistPage(
      accessToken: string,
      playlistId: string,
      page: { pageToken?: string; size: number },
    ): Promise<UploadsPage> {
      const body = await get<{
        items?: {
          snippet?: { title?: string; thumbnails?: Thumbnails; publishedAt?: string };
          contentDetails?: { videoId?: string; videoPublishedAt?: string };
        }[];
        nextPageToken?: string;
        prevPageToken?: string;
        pageInfo?: { totalResults?: number };
      }>(
        'playlistItems',
        {
          part: 'snippet,contentDetails',
          playlistId,
          maxResults: String(page.size),
          ...(page.pageToken ? { pageToken: page.pageToken } : {}),
        },
        accessToken,
      );
      const items = new Map<string, { title: string; thumbnail: string; publishedAt: string }>();
      for (const item of body.items ?? []) {
        const id = item.contentDetails?.videoId;
        if (!id || items.has(id)) continue;
        items.set(id, {
          title: cleanText(item.snippet?.title, 100),
          thumbnail: thumbnailOf(item.snippet?.thumbnails),
          publishedAt: item.contentDetails?.videoPublishedAt ?? item.snippet?.publishedAt ?? '',
        });
      }
      return {
        videoIds: [...items.keys()],
        items,
        total: body.pageInfo?.totalResults ?? items.size,
        nextPageToken: body.nextPageToken ?? null,
        prevPageToken: body.prevPageToken ?? null,
      };
    },

    /** The videos YouTube describes among `ids` (at most 50); a deleted or inaccessible one is missing. */
    async videos(accessToken: string, ids: string[]): Promise<Map<string, VideoInfo>> {
      const found = new Map<string, VideoInfo>();
      if (ids.length === 0) return found;
      const body = await get<{
        items?: {
          id: string;
          snippet?: {
            channelId?: string;
            title?: string;
            description?: string;
            thumbnails?: Thumbnails;
            publishedAt?: string;
            liveBroadcastContent?: string;
            defaultLanguage?: string;
            defaultAudioLanguage?: string;
          };
          contentDetails?: { duration?: string };
          status?: { privacyStatus?: string; embeddable?: boolean; uploadStatus?: string };
        }[];
      }>('videos', { part: 'contentDetails,snippet,status', id: ids.join(','), maxResults: '50' }, accessToken);
      for (const item of body.items ?? []) {
        const privacy = item.status?.privacyStatus ?? 'private';
        found.set(item.id, {
          id: item.id,
          channelId: item.snippet?.channelId ?? '',
          title: cleanText(item.snippet?.title, 100),
          description: cleanText(item.snippet?.description, 5000, true),
          thumbnail: thumbnailOf(item.snippet?.thumbnails),
          duration: parseIsoDuration(item.contentDetails?.duration),
          publishedAt: item.snippet?.publishedAt ?? '',
          privacyStatus: (PRIVACY.has(privacy) ? privacy : 'private') as VideoInfo['privacyStatus'],
          embeddable: item.status?.embeddable === true,
          uploadStatus: item.status?.uploadStatus ?? '',
          liveBroadcastContent: item.snippet?.liveBroadcastContent ?? 'none',
          language: item.snippet?.defaultLanguage ?? item.snippet?.defaultAudioLanguage ?? '',
        });
      }
      return found;
    },
  };
}

export type YoutubeApi = ReturnType<typeof createYoutubeApi>;
