import { and, count, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { users } from '../accounts/accounts.schema';
import type { Tx } from '../videos/video-events';
import { lockUserPoints } from './points-locks';
import { ledgerEntries, referrals, userActivity } from './points.schema';
import type { EarningDeps } from './earning-deps';

/** `jo***@example.com`: enough for the inviter to recognise a friend, not enough to harvest addresses. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

/**
 * Referrals (product decisions): an account registered with an invite code is
 * its inviter's pending referral until the invitee has one counted watch and
 * one share; then it is confirmed and the inviter is paid once.
 */
export function createReferrals(deps: EarningDeps) {
  const { db, clock, ledger, setting, tasks, messages, config } = deps;

  const claimKey = (userId: number, taskId: number) => `invitetask:${userId}:${taskId}`;

  async function confirmedCount(tx: Tx, inviterId: number): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(referrals).where(eq(referrals.inviterId, inviterId));
    return row?.n ?? 0;
  }

  return {
    /** Confirms the invitee's referral if its conditions are now met (in the caller's transaction, under the invitee's lock). */
    async confirmIfDue(tx: Tx, inviteeId: number, at: Date = clock.now()) {
      const [row] = await tx
        .select({ inviterId: users.inviterId, watched: userActivity.watchedVideos, shares: userActivity.shares })
        .from(users)
        .leftJoin(userActivity, eq(userActivity.userId, users.id))
        .where(eq(users.id, inviteeId));
      if (!row?.inviterId || row.inviterId === inviteeId || !row.watched || !row.shares) return;
      const reward = await setting('referral_reward', at, tx);
      const [confirmed] = await tx
        .insert(referrals)
        .values({ inviteeId, inviterId: row.inviterId, reward, confirmedAt: at })
        .onConflictDoNothing()
        .returning({ inviterId: referrals.inviterId });
      if (!confirmed) return;
      await lockUserPoints(tx, confirmed.inviterId);
      const paid = await ledger.credit(tx, {
        userId: confirmed.inviterId,
        amount: reward,
        reason: 'referral_reward',
        eventKey: `referral:${inviteeId}`,
        bucket: 'spendable',
        memo: String(inviteeId),
        at,
      });
      if (paid.moved) {
        await messages.send(tx, {
          userId: confirmed.inviterId,
          template: 'referral_confirmed',
          params: { amount: reward },
          link: { kind: 'referral', id: null },
        });
      }
      await tasks.advance(tx, confirmed.inviterId, 'invite', 'other', 1, at);
    },

    async detail(userId: number) {
      const [[user], confirmed, [earned]] = await Promise.all([
        db.select({ inviteCode: users.inviteCode, inviteNum: users.inviteNum }).from(users).where(eq(users.id, userId)),
        confirmedCount(db, userId),
        db
          .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint` })
          .from(ledgerEntries)
          .where(
            and(eq(ledgerEntries.userId, userId), sql`${ledgerEntries.reason} in ('referral_reward', 'invite_task')`),
          ),
      ]);
      if (!user) throw new AppError('user_not_found');
      return {
        inviteCode: user.inviteCode,
        inviteNum: user.inviteNum,
        confirmed,
        earned: Number(earned?.total ?? 0),
        reward: await setting('referral_reward'),
      };
    },

    /** Friends the user invited, newest first, with their referral's state. */
    async log(userId: number, page: PageRequest) {
      const where = eq(users.inviterId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: users.id,
            createdAt: users.createdAt,
            email: users.email,
            nickname: users.nickname,
            chainAddress: users.chainAddress,
            reward: referrals.reward,
            watched: userActivity.watchedVideos,
            shares: userActivity.shares,
          })
          .from(users)
          .leftJoin(referrals, eq(referrals.inviteeId, users.id))
          .leftJoin(userActivity, eq(userActivity.userId, users.id))
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(page.size)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(users).where(where),
      ]);
      const list = rows.map((r) => ({
        id: r.id,
        date: r.createdAt.toISOString(),
        address: r.chainAddress || (r.email ? maskEmail(r.email) : r.nickname),
        status: r.reward === null ? ('pending' as const) : ('confirmed' as const),
        reward: r.reward ?? 0,
        has_watched: (r.watched ?? 0) > 0 ? (1 as const) : (0 as const),
        has_shared: (r.shares ?? 0) > 0 ? (1 as const) : (0 as const),
      }));
      return pageResult(list, total?.n ?? 0, page);
    },

    async milestones(userId: number) {
      const [list, confirmed, claimed] = await Promise.all([
        config.milestones(clock.now()),
        confirmedCount(db, userId),
        db
          .select({ key: ledgerEntries.eventKey })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reason, 'invite_task'))),
      ]);
      const claimedKeys = new Set(claimed.map((c) => c.key));
      return list.map((t) => ({
        id: t.id,
        inviteNum: t.inviteNum,
        point: t.point,
        progress: Math.min(confirmed, t.inviteNum),
        complete: confirmed >= t.inviteNum,
        claimed: claimedKeys.has(claimKey(userId, t.id)),
      }));
    },

    /** Pays a reached milestone once; a second claim is refused. */
    async claimMilestone(userId: number, taskId: number) {
      const at = clock.now();
      return db.transaction(async (tx) => {
        await lockUserPoints(tx, userId);
        const task = (await config.milestones(at, tx)).find((t) => t.id === taskId);
        if (!task) throw new AppError('invite_task_not_found');
        if ((await confirmedCount(tx, userId)) < task.inviteNum) {
          throw new AppError('invite_task_not_reached', { num: task.inviteNum });
        }
        const paid = await ledger.credit(tx, {
          userId,
          amount: task.point,
          reason: 'invite_task',
          eventKey: claimKey(userId, task.id),
          bucket: 'spendable',
          memo: `invite ${task.inviteNum}`,
          at,
        });
        if (!paid.moved && task.point > 0) throw new AppError('invite_task_claimed');
        const balances = await ledger.balances(userId, tx);
        return { point: task.point, value: balances.spendable + balances.locked };
      });
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
