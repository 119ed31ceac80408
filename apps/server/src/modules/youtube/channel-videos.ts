import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  POST_DESCRIPTION_MAX_LENGTH,
  POST_STATUS,
  POST_TITLE_MAX_LENGTH,
  type ApiLang,
  type YoutubeUnimportable,
  type YoutubeVideo,
  type youtubeCalls,
  type CallData,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { countPublished } from '../videos/videos.module';
import { categories, posts } from '../videos/videos.schema';
import type { VideoEvents } from '../videos/video-events';
import type { Connections } from './connections';
import type { VideoInfo, YoutubeApi } from './youtube-api';

type VideoPage = CallData<typeof youtubeCalls.getYoutubeVideo>;
type SyncResult = CallData<typeof youtubeCalls.syncPost>;

/** The posts index that keeps one import per creator and video (videos.schema.ts `posts_youtube_import`). */
const IMPORT_INDEX_WHERE = sql`youtube_video_id is not null and status <> 3`;

/** Why a video cannot be played to others through the embedded player; null when it can. */
export function unimportable(video: VideoInfo): YoutubeUnimportable | null {
  if (video.privacyStatus === 'private') return 'private';
  if (video.liveBroadcastContent === 'live' || video.liveBroadcastContent === 'upcoming') return 'live';
  if (video.uploadStatus !== 'processed' || video.duration <= 0) return 'not_processed';
  if (!video.embeddable) return 'not_embeddable';
  return null;
}

/** The post language of a YouTube language tag: Chinese in simplified or traditional script, else English. */
function postLang(language: string, fallback: ApiLang): ApiLang {
  const tag = language.toLowerCase();
  if (!tag) return fallback;
  if (/^zh-(tw|hk|mo|hant)/.test(tag)) return 'zh-TW';
  if (tag.startsWith('zh')) return 'zh-CN';
  return 'en_US';
}

interface Deps {
  db: Db;
  clock: Clock;
  connections: Connections;
  api: YoutubeApi;
  events: VideoEvents;
}

/** The connected channel's videos, and their import as posts that play through YouTube's embedded player. */
export function createChannelVideos({ db, clock, connections, api, events }: Deps) {
  /** The creator's live (not deleted) posts of these YouTube videos, by video id. */
  async function importedPosts(userId: number, videoIds: string[]): Promise<Map<string, number>> {
    if (videoIds.length === 0) return new Map();
    const rows = await db
      .select({ id: posts.id, videoId: posts.youtubeVideoId })
      .from(posts)
      .where(
        and(eq(posts.authorId, userId), inArray(posts.youtubeVideoId, videoIds), ne(posts.status, POST_STATUS.deleted)),
      );
    return new Map(rows.map((r) => [r.videoId!, r.id]));
  }

  return {
    async list(userId: number, page: { page_token?: string; size: number }): Promise<VideoPage> {
      const { channel, uploads, details } = await connections.withAccess(userId, async (access) => {
        const uploads = await api.playlistPage(access.accessToken, access.channel.uploadsPlaylistId, {
          pageToken: page.page_token || undefined,
          size: page.size,
        });
        return { channel: access.channel, uploads, details: await api.videos(access.accessToken, uploads.videoIds) };
      });
      const imported = await importedPosts(userId, uploads.videoIds);
      const list: YoutubeVideo[] = uploads.videoIds.map((videoId) => {
        const item = uploads.items.get(videoId)!;
        const video = details.get(videoId);
        return {
          video_id: videoId,
          title: video?.title || item.title,
          thumbnail: video?.thumbnail || item.thumbnail,
          duration: video?.duration ?? 0,
          published_at: video?.publishedAt || item.publishedAt,
          // A video YouTube does not describe to its owner is gone or out of reach: not importable.
          privacy_status: video?.privacyStatus ?? 'private',
          embeddable: video?.embeddable ?? false,
          unimportable: video ? unimportable(video) : 'private',
          post_id: imported.get(videoId) ?? null,
        };
      });
      return {
        channel: { id: channel.id, title: channel.title, thumbnail: channel.thumbnail },
        list,
        total: uploads.total,
        next_page_token: uploads.nextPageToken,
        prev_page_token: uploads.prevPageToken,
      };
    },

    /**
     * Imports videos of the caller's channel as published posts. A video already imported (before,
     * or by a simultaneous call: the unique index decides) is reported in `already_imported` and
     * left alone; a video not on the caller's channel, or one others could not watch embedded,
     * refuses the whole request.
     */
    async sync(userId: number, input: { videoIds: string[]; categoryId: number }, lang: ApiLang): Promise<SyncResult> {
      const videoIds = [...new Set(input.videoIds)];
      const [category] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, input.categoryId));
      if (!category) throw new AppError('category_not_found');

      const before = await importedPosts(userId, videoIds);
      const wanted = videoIds.filter((id) => !before.has(id));
      const found = await connections.withAccess(userId, async (access) => {
        const videos = await api.videos(access.accessToken, wanted);
        return { channelId: access.channel.id, videos };
      });
      for (const videoId of wanted) {
        const video = found.videos.get(videoId);
        if (!video || video.channelId !== found.channelId)
          throw new AppError('youtube_video_not_found', { video_id: videoId });
        if (unimportable(video)) throw new AppError('youtube_video_not_importable', { video_id: videoId });
      }

      const inserted =
        wanted.length === 0
          ? []
          : await db.transaction(async (tx) => {
              const now = clock.now();
              const rows = await tx
                .insert(posts)
                .values(
                  wanted.map((videoId) => {
                    const video = found.videos.get(videoId)!;
                    return {
                      authorId: userId,
                      categoryId: input.categoryId,
                      title: [...(video.title || videoId)].slice(0, POST_TITLE_MAX_LENGTH).join(''),
                      description: [...video.description].slice(0, POST_DESCRIPTION_MAX_LENGTH).join(''),
                      lang: postLang(video.language, lang),
                      status: POST_STATUS.published,
                      // An absolute URL: the cover is YouTube's high thumbnail, not a stored file.
                      coverKey: video.thumbnail,
                      mp4Key: '',
                      hlsKey: '',
                      duration: video.duration,
                      youtubeVideoId: videoId,
                      publishedAt: now,
                      createdAt: now,
                      updatedAt: now,
                    };
                  }),
                )
                .onConflictDoNothing({ target: [posts.authorId, posts.youtubeVideoId], where: IMPORT_INDEX_WHERE })
                .returning({ id: posts.id, videoId: posts.youtubeVideoId });
              if (rows.length > 0) {
                await countPublished(tx, { authorId: userId, categoryId: input.categoryId }, rows.length);
              }
              return rows;
            });
      for (const row of inserted) await events.emit(db, 'publishedChanged', { postId: row.id });

      const importedNow = new Map(inserted.map((r) => [r.videoId!, r.id]));
      // Those a simultaneous call imported first: read after this call's insert gave way to theirs.
      const raced = wanted.filter((id) => !importedNow.has(id));
      const taken = new Map([...before, ...(await importedPosts(userId, raced))]);
      return {
        imported: videoIds.flatMap((id) =>
          importedNow.has(id) ? [{ video_id: id, post_id: importedNow.get(id)! }] : [],
        ),
        already_imported: videoIds.flatMap((id) =>
          !importedNow.has(id) && taken.has(id) ? [{ video_id: id, post_id: taken.get(id)! }] : [],
        ),
      };
    },
  };
}

export type ChannelVideos = ReturnType<typeof createChannelVideos>;
