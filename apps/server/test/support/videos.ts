import { eq, sql } from 'drizzle-orm';
import { POST_STATUS } from '@taice/contract';
import { users } from '../../src/modules/accounts/accounts.schema';
import { categories, posts } from '../../src/modules/videos/videos.schema';
import type { TestApp } from './test-app';

let counter = 0;

/** A category of the seeded ones (by key), or the first. */
export async function categoryId(t: TestApp, key?: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: categories.id })
    .from(categories)
    .where(key ? eq(categories.key, key) : sql`true`)
    .orderBy(categories.sort)
    .limit(1);
  if (!row) throw new Error(`no category ${key ?? ''}`);
  return row.id;
}

export interface NewPost {
  title?: string;
  description?: string;
  categoryId?: number;
  duration?: number;
  status?: (typeof POST_STATUS)[keyof typeof POST_STATUS];
  publishedAt?: Date;
  aiGenerated?: boolean;
}

/**
 * A video by `authorId`, inserted directly (its media keys point nowhere);
 * keeps the author's and category's post counts true like the real paths do.
 */
export async function createPost(t: TestApp, authorId: number, options: NewPost = {}): Promise<number> {
  counter += 1;
  const db = t.database.db;
  const category = options.categoryId ?? (await categoryId(t));
  const status = options.status ?? POST_STATUS.published;
  const [post] = await db
    .insert(posts)
    .values({
      authorId,
      categoryId: category,
      title: options.title ?? `Test video ${counter}`,
      description: options.description ?? '',
      status,
      coverKey: `test/${counter}.jpg`,
      mp4Key: `test/${counter}.mp4`,
      hlsKey: `test/${counter}/index.m3u8`,
      duration: options.duration ?? 60,
      width: 640,
      height: 360,
      publishedAt: options.publishedAt ?? t.clock.now(),
      aiGenerated: options.aiGenerated ?? false,
    })
    .returning({ id: posts.id });
  if (status === POST_STATUS.published) {
    await db
      .update(users)
      .set({ postNum: sql`${users.postNum} + 1` })
      .where(eq(users.id, authorId));
    await db
      .update(categories)
      .set({ postNum: sql`${categories.postNum} + 1` })
      .where(eq(categories.id, category));
  }
  return post!.id;
}
