import { and, eq } from 'drizzle-orm';
import { POST_STATUS, type ApiLang, type ErrorKey } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db } from '../../platform/db/database';
import { queueJob } from '../../platform/jobs/jobs';
import type { Clock } from '../../platform/time/clock';
import { categories, posts } from '../videos/videos.schema';
import { studioUploads } from './studio.schema';

export const PROCESS_TASK = 'studio.process_video';
/** Attempts of one processing job before the post is marked failed (a failed transcode fails at once). */
export const PROCESS_MAX_ATTEMPTS = 5;

export const processJobKey = (postId: number) => `${PROCESS_TASK}:${postId}`;

/** Queues the processing of `postId` in the caller's transaction (one waiting job per post). */
export function queueProcessing(tx: Parameters<typeof queueJob>[0], postId: number) {
  return queueJob(tx, PROCESS_TASK, { postId }, { key: processJobKey(postId), maxAttempts: PROCESS_MAX_ATTEMPTS });
}

export interface StorePostInput {
  upload_id: string;
  title: string;
  description: string;
  category_id: number;
  tags: string[];
  cover_frame?: number;
  cover_url?: string;
  ai_generated: 0 | 1;
}

/**
 * Posts made from uploads: `storePost` creates the post processing (status 4) and queues its processing in the
 * same transaction, once per upload; `retryPost` queues a failed post (5) again.
 */
export function createStudioPosts(deps: {
  db: Db;
  clock: Clock;
  /** The storage key of a cover image the user uploaded (`upload/token?type=cover`), or null. */
  ownCoverKey: (userId: number, url: string) => string | null;
}) {
  const { db, clock, ownCoverKey } = deps;

  return {
    async store(userId: number, input: StorePostInput, lang: ApiLang): Promise<{ id: number; status: number }> {
      return db.transaction(async (tx) => {
        const [upload] = await tx
          .select()
          .from(studioUploads)
          .where(and(eq(studioUploads.id, input.upload_id), eq(studioUploads.userId, userId)))
          .for('update');
        if (!upload) throw new AppError('studio_upload_not_found');
        // One post per upload: asking again answers the same post.
        if (upload.postId !== null) {
          const [post] = await tx.select({ status: posts.status }).from(posts).where(eq(posts.id, upload.postId));
          return { id: upload.postId, status: post?.status ?? POST_STATUS.processing };
        }
        if (upload.status === 'refused') {
          throw new AppError((upload.refusal || 'studio_upload_refused') as ErrorKey, upload.refusalParams);
        }
        if (upload.removedAt) throw new AppError('studio_upload_not_found');
        if (upload.status !== 'ready') throw new AppError('studio_upload_not_ready');

        const [category] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(eq(categories.id, input.category_id));
        if (!category) throw new AppError('category_not_found');

        let coverKey = '';
        if (input.cover_url !== undefined && input.cover_url !== '') {
          coverKey = ownCoverKey(userId, input.cover_url) ?? '';
          if (!coverKey) throw new AppError('studio_cover_invalid');
        } else if (input.cover_frame !== undefined) {
          coverKey = upload.frames[input.cover_frame] ?? '';
          if (!coverKey) throw new AppError('studio_cover_invalid');
        }
        const tags = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))];
        const now = clock.now();
        const [post] = await tx
          .insert(posts)
          .values({
            authorId: userId,
            categoryId: category.id,
            title: input.title,
            description: input.description,
            lang,
            status: POST_STATUS.processing,
            aiGenerated: input.ai_generated === 1,
            tags,
            // '' until processing sets it: the chosen frame or image, else the poster.
            coverKey,
            mp4Key: '',
            duration: upload.duration,
            width: upload.width,
            height: upload.height,
            publishedAt: now,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: posts.id });
        await tx.update(studioUploads).set({ postId: post!.id, updatedAt: now }).where(eq(studioUploads.id, upload.id));
        await queueProcessing(tx, post!.id);
        return { id: post!.id, status: POST_STATUS.processing };
      });
    },

    async retry(userId: number, postId: number): Promise<{ id: number; status: number }> {
      return db.transaction(async (tx) => {
        const [post] = await tx
          .select({ authorId: posts.authorId, status: posts.status })
          .from(posts)
          .where(eq(posts.id, postId))
          .for('update');
        if (!post || post.authorId !== userId || post.status === POST_STATUS.deleted) {
          throw new AppError('post_not_found');
        }
        if (post.status !== POST_STATUS.failed) throw new AppError('studio_post_not_failed');
        const [upload] = await tx
          .select({ removedAt: studioUploads.removedAt })
          .from(studioUploads)
          .where(eq(studioUploads.postId, postId));
        if (!upload || upload.removedAt) throw new AppError('studio_source_missing');
        await tx
          .update(posts)
          .set({ status: POST_STATUS.processing, failureReason: '', updatedAt: clock.now() })
          .where(eq(posts.id, postId));
        await queueProcessing(tx, postId);
        return { id: postId, status: POST_STATUS.processing };
      });
    },
  };
}

export type StudioPosts = ReturnType<typeof createStudioPosts>;
