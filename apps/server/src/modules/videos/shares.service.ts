import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import { flag } from './reactions.service';
import type { VideosDeps } from './videos.deps';
import { posts, shareReceives, shares } from './videos.schema';

export type ShareChannel = 'copy' | 'telegram' | 'twitter' | 'facebook' | 'native';

/** Who opened a shared link: the account when logged in, otherwise the signed device id. */
export function viewerKeyOf(userId: number | null, deviceId: string | null): string | null {
  if (userId !== null) return `user:${userId}`;
  return deviceId ? `device:${deviceId}` : null;
}

/**
 * Shares: each one gets a random, unguessable code carried by the link it
 * hands out. Opening a link counts once per viewer (never the sharer), and a
 * logged-in sharer hears about it through `shareReceived`.
 */
export function createShares({ db, clock, postCards, events }: VideosDeps) {
  return {
    async share(postId: number, userId: number | null, channel: ShareChannel) {
      return db.transaction(async (tx) => {
        await postCards.publishedPost(postId, tx, true);
        // 96 random bits: a link cannot be guessed from another one.
        const code = randomBytes(12).toString('base64url');
        const now = clock.now();
        const [created] = await tx
          .insert(shares)
          .values({ code, postId, userId, channel, createdAt: now })
          .returning({ id: shares.id });
        const [counts] = await tx
          .update(posts)
          .set({ shareNum: sql`${posts.shareNum} + 1` })
          .where(eq(posts.id, postId))
          .returning({ shareNum: posts.shareNum });
        if (userId !== null) {
          await events.emit(tx, 'videoShared', { userId, postId, shareId: created!.id, channel, at: now });
        }
        return { share_code: code, share_num: counts!.shareNum, path: `/videoDetail?id=${postId}&share=${code}` };
      });
    },

    /** Someone opened a shared link; 1 when it counted for the share. */
    async receive(code: string, userId: number | null, deviceId: string | null) {
      const [found] = await db.select().from(shares).where(eq(shares.code, code));
      if (!found) throw new AppError('share_not_found');
      await postCards.publishedPost(found.postId);
      const viewerKey = viewerKeyOf(userId, deviceId);
      if (viewerKey === null || (userId !== null && userId === found.userId)) return { counted: flag(false) };
      return db.transaction(async (tx) => {
        const now = clock.now();
        const inserted = await tx
          .insert(shareReceives)
          .values({ shareId: found.id, viewerKey, createdAt: now })
          .onConflictDoNothing()
          .returning({ shareId: shareReceives.shareId });
        if (inserted.length === 0) return { counted: flag(false) };
        await tx
          .update(shares)
          .set({ receiveNum: sql`${shares.receiveNum} + 1` })
          .where(eq(shares.id, found.id));
        if (found.userId !== null) {
          await events.emit(tx, 'shareReceived', {
            sharerId: found.userId,
            postId: found.postId,
            shareId: found.id,
            viewerUserId: userId,
            at: now,
          });
        }
        return { counted: flag(true) };
      });
    },
  };
}

export type Shares = ReturnType<typeof createShares>;
