import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { POST_STATUS, type Creator } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { users } from '../accounts/accounts.schema';
import { flag } from './reactions.service';
import type { VideosDeps } from './videos.deps';
import { creatorProfiles, follows, posts } from './videos.schema';

const viewerFollow = alias(follows, 'viewer_follow');

/** Joins the viewer's follow of `users` (no row for visitors). */
const viewerFollows = (viewerId: number | null) =>
  and(eq(viewerFollow.followerId, viewerId ?? 0), eq(viewerFollow.followeeId, users.id));

const creatorColumns = {
  id: users.id,
  uuid: users.uuid,
  nickname: users.nickname,
  avatar: users.avatar,
  followerNum: users.followerNum,
  followingNum: users.followingNum,
  postNum: users.postNum,
  createdAt: users.createdAt,
  viewerFollows: viewerFollow.followerId,
  /** Views of the creator's published videos. */
  viewNum:
    sql<number>`(select coalesce(sum(${posts.viewNum}), 0) from ${posts} where ${posts.authorId} = ${users.id} and ${posts.status} = ${POST_STATUS.published})`.mapWith(
      Number,
    ),
};

/** What every list of users shows of each: who they are, their counts and whether the viewer follows them. */
interface UserRow {
  id: number;
  uuid: string;
  nickname: string;
  avatar: string;
  followerNum: number;
  postNum: number;
  viewerFollows: number | null;
}

function toUserSummary(row: UserRow) {
  return {
    id: row.id,
    uuid: row.uuid,
    nickname: row.nickname,
    avatar: row.avatar,
    be_follow_num: row.followerNum,
    is_follow: flag(row.viewerFollows !== null),
    post_num: row.postNum,
  };
}

function toCreator(row: UserRow & { followingNum: number; viewNum: number }): Creator {
  return { ...toUserSummary(row), follow_num: row.followingNum, view_num: row.viewNum };
}

/**
 * Follows and creators. A follow toggle locks both users' rows (in id order,
 * so crossing follows cannot deadlock) and changes the follow row and both
 * counters together: `follower_num` and `following_num` always equal the rows.
 */
export function createFollows({ db, clock }: VideosDeps) {
  async function userExists(id: number): Promise<boolean> {
    const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return found !== undefined;
  }

  return {
    async follow(userId: number, targetId: number) {
      if (userId === targetId) throw new AppError('follow_self');
      return db.transaction(async (tx) => {
        const locked = await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, [userId, targetId]))
          // Newest account first, the order a referral payout takes them in (points-locks.ts).
          .orderBy(desc(users.id))
          .for('no key update');
        if (!locked.some((row) => row.id === targetId)) throw new AppError('user_not_found');
        const edge = and(eq(follows.followerId, userId), eq(follows.followeeId, targetId));
        const removed = await tx.delete(follows).where(edge).returning({ followeeId: follows.followeeId });
        const followed = removed.length === 0;
        if (followed)
          await tx.insert(follows).values({ followerId: userId, followeeId: targetId, createdAt: clock.now() });
        const delta = followed ? 1 : -1;
        await tx
          .update(users)
          .set({ followingNum: sql`${users.followingNum} + ${delta}` })
          .where(eq(users.id, userId));
        const [target] = await tx
          .update(users)
          .set({ followerNum: sql`${users.followerNum} + ${delta}` })
          .where(eq(users.id, targetId))
          .returning({ followerNum: users.followerNum });
        return { is_follow: flag(followed), be_follow_num: target!.followerNum };
      });
    },

    /** Whom `ownerId` follows (`follow`) or who follows them (`fans`), last followed first. */
    async followLog(viewerId: number | null, id: number | undefined, type: 'follow' | 'fans', page: PageRequest) {
      const ownerId = id ?? viewerId;
      if (ownerId === null) throw new AppError('unauthorized');
      if (id !== undefined && id !== viewerId && !(await userExists(id))) throw new AppError('user_not_found');
      const [owner, other] =
        type === 'follow' ? [follows.followerId, follows.followeeId] : [follows.followeeId, follows.followerId];
      const where = eq(owner, ownerId);
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: users.id,
            uuid: users.uuid,
            nickname: users.nickname,
            avatar: users.avatar,
            followerNum: users.followerNum,
            postNum: users.postNum,
            followedAt: follows.createdAt,
            viewerFollows: viewerFollow.followerId,
          })
          .from(follows)
          .innerJoin(users, eq(users.id, other))
          .leftJoin(viewerFollow, viewerFollows(viewerId))
          .where(where)
          .orderBy(desc(follows.createdAt), desc(other))
          .limit(page.size)
          .offset(offsetOf(page)),
        db.select({ total: count() }).from(follows).where(where),
      ]);
      const list = rows.map((row) => ({ ...toUserSummary(row), followed_at: row.followedAt.toISOString() }));
      return pageResult(list, counted?.total ?? 0, page);
    },

    /** Creators with published videos, most followed first. */
    async creatorList(viewerId: number | null, page: PageRequest) {
      const where = gt(users.postNum, 0);
      const [rows, [counted]] = await Promise.all([
        db
          .select(creatorColumns)
          .from(users)
          .leftJoin(viewerFollow, viewerFollows(viewerId))
          .where(where)
          .orderBy(desc(users.followerNum), asc(users.id))
          .limit(page.size)
          .offset(offsetOf(page)),
        db.select({ total: count() }).from(users).where(where),
      ]);
      return pageResult(rows.map(toCreator), counted?.total ?? 0, page);
    },

    /** One user as a creator, with their description. */
    async creatorDetail(id: number, viewerId: number | null) {
      const [row] = await db
        .select({ ...creatorColumns, description: creatorProfiles.description })
        .from(users)
        .leftJoin(viewerFollow, viewerFollows(viewerId))
        .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
        .where(eq(users.id, id));
      if (!row) throw new AppError('user_not_found');
      return { ...toCreator(row), description: row.description ?? '', created_at: row.createdAt.toISOString() };
    },
  };
}

export type Follows = ReturnType<typeof createFollows>;
