import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ApiLang, EligibilityCheck, OpsReward, Reward, RewardSource, RewardStatus } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import { users } from '../accounts/accounts.schema';
import { audit, type OperatorActor } from '../operators/operators.module';
import type { Ledger } from '../points/points.module';
import type { RewardNotices } from './reward-notices';
import { userRewards } from './races.schema';
import { taice } from '../../platform/money';

type RewardRow = typeof userRewards.$inferSelect;

/** The rules a reward missed, in the reader's words: "Invites 3/50 · Wallet not bound". */
const missedText: Record<ApiLang, Record<EligibilityCheck['rule'], string>> = {
  en_US: { invites: 'Invites', watched: 'Videos watched', uploads: 'Videos uploaded', wallet: 'Wallet not bound' },
  'zh-CN': { invites: '邀请人数', watched: '观看视频', uploads: '上传视频', wallet: '未绑定钱包' },
  'zh-TW': { invites: '邀請人數', watched: '觀看影片', uploads: '上傳影片', wallet: '未綁定錢包' },
};

function reasonOf(row: RewardRow, lang: ApiLang): string {
  if (row.status === 'rejected') return row.rejectReason;
  if (row.status !== 'ineligible') return '';
  return row.checks
    .filter((c) => !c.passed)
    .map((c) =>
      c.rule === 'wallet' ? missedText[lang].wallet : `${missedText[lang][c.rule]} ${c.actual}/${c.required}`,
    )
    .join(' · ');
}

function toReward(row: RewardRow, lang: ApiLang): Reward {
  return {
    id: row.id,
    source: row.source,
    source_id: row.sourceId,
    title: row.title[lang],
    rank: row.rank,
    amount: taice(row.amount),
    currency: row.currency,
    status: row.status,
    reason: reasonOf(row, lang),
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    payout_ref: row.payoutRef,
  };
}

/**
 * Rewards of races and campaigns: what members see of theirs, and the operators' one decision on each
 * pending reward. Approval pays TAICE through the ledger under the reward's event key (`reward:{id}`), so it
 * pays once however often it is pressed; a token is recorded as approved and owed on chain.
 */
export function createRewards(deps: { db: Db; clock: Clock; ledger: Ledger; notices: RewardNotices }) {
  const { db, clock, ledger, notices } = deps;

  async function pendingForUpdate(tx: Tx, id: number): Promise<RewardRow> {
    const [row] = await tx.select().from(userRewards).where(eq(userRewards.id, id)).for('update');
    if (!row) throw new AppError('reward_not_found');
    if (row.status !== 'pending') throw new AppError('reward_not_pending');
    return row;
  }

  async function opsRows(where: SQL | undefined, page: PageRequest, lang: ApiLang) {
    const rows = await db
      .select({
        reward: userRewards,
        name: users.nickname,
        email: users.email,
        wallet: users.chainAddress,
      })
      .from(userRewards)
      .innerJoin(users, eq(users.id, userRewards.userId))
      .where(where)
      .orderBy(userRewards.source, desc(userRewards.sourceId), userRewards.rank, userRewards.id)
      .limit(page.size)
      .offset(offsetOf(page));
    return rows.map((r): OpsReward => ({
      ...toReward(r.reward, lang),
      user_id: r.reward.userId,
      user_name: r.name,
      email: r.email ?? '',
      wallet_address: r.wallet ?? '',
      checks: r.reward.checks,
      decided_by: r.reward.decidedBy,
    }));
  }

  async function opsOne(id: number, lang: ApiLang): Promise<OpsReward> {
    const [row] = await opsRows(eq(userRewards.id, id), { page: 1, size: 1 }, lang);
    return row!;
  }

  return {
    /** The caller's totals per currency. */
    async totals(userId: number) {
      const rows = await db
        .select({
          currency: userRewards.currency,
          status: userRewards.status,
          sum: sql<number>`sum(${userRewards.amount})::bigint`,
          n: sql<number>`count(*)::int`,
        })
        .from(userRewards)
        .where(eq(userRewards.userId, userId))
        .groupBy(userRewards.currency, userRewards.status);
      const currencies = [...new Set(rows.map((r) => r.currency))].sort();
      const sumOf = (currency: string, status: RewardStatus) =>
        taice(Number(rows.find((r) => r.currency === currency && r.status === status)?.sum ?? 0));
      return {
        totals: currencies.map((currency) => ({
          currency,
          pending: sumOf(currency, 'pending'),
          approved: sumOf(currency, 'approved'),
          paid: sumOf(currency, 'paid'),
        })),
        count: rows.reduce((n, r) => n + r.n, 0),
      };
    },

    async log(userId: number, page: PageRequest & { source?: RewardSource }, lang: ApiLang) {
      const mine = and(eq(userRewards.userId, userId), page.source ? eq(userRewards.source, page.source) : undefined);
      const [rows, total] = await Promise.all([
        db.select().from(userRewards).where(mine).orderBy(desc(userRewards.id)).limit(page.size).offset(offsetOf(page)),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(userRewards)
          .where(mine),
      ]);
      return pageResult(
        rows.map((r) => toReward(r, lang)),
        total[0]?.n ?? 0,
        page,
      );
    },

    /** One of the caller's rewards; another member's is as unknown as a missing one. */
    async one(userId: number, id: number, lang: ApiLang) {
      const [row] = await db
        .select()
        .from(userRewards)
        .where(and(eq(userRewards.id, id), eq(userRewards.userId, userId)));
      if (!row) throw new AppError('reward_not_found');
      return { ...toReward(row, lang), checks: row.checks };
    },

    async opsList(
      query: PageRequest & { source?: RewardSource; source_id?: number; status?: RewardStatus },
      lang: ApiLang,
    ) {
      const where = and(
        query.source ? eq(userRewards.source, query.source) : undefined,
        query.source_id ? eq(userRewards.sourceId, query.source_id) : undefined,
        query.status ? eq(userRewards.status, query.status) : undefined,
      );
      const [list, total] = await Promise.all([
        opsRows(where, query, lang),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(userRewards)
          .where(where),
      ]);
      return pageResult(list, total[0]?.n ?? 0, query);
    },

    async approve(actor: OperatorActor, id: number, lang: ApiLang): Promise<OpsReward> {
      await db.transaction(async (tx) => {
        const before = await pendingForUpdate(tx, id);
        const now = clock.now();
        let change: Partial<RewardRow> = { status: 'approved' };
        if (before.currency === 'TAICE') {
          const paid = await ledger.credit(tx, {
            userId: before.userId,
            amount: before.amount,
            reason: before.source === 'race' ? 'race_reward' : 'campaign_reward',
            eventKey: `reward:${before.id}`,
            bucket: 'spendable',
            memo: before.title.en_US,
            at: now,
          });
          change = { status: 'paid', paidAt: now, ledgerEntryId: paid.entryId, payoutRef: String(paid.entryId) };
        }
        const [after] = await tx
          .update(userRewards)
          .set({ ...change, decidedAt: now, decidedBy: actor.who })
          .where(eq(userRewards.id, id))
          .returning();
        await audit(
          tx,
          actor,
          {
            action: 'reward.approve',
            targetType: 'reward',
            targetId: id,
            before: { status: before.status },
            after: { status: after!.status, ledger_entry_id: after!.ledgerEntryId },
          },
          now,
        );
        await notices.approved(tx, after!);
      });
      return opsOne(id, lang);
    },

    async reject(actor: OperatorActor, id: number, reason: string, lang: ApiLang): Promise<OpsReward> {
      await db.transaction(async (tx) => {
        const before = await pendingForUpdate(tx, id);
        const [after] = await tx
          .update(userRewards)
          .set({ status: 'rejected', rejectReason: reason, decidedAt: clock.now(), decidedBy: actor.who })
          .where(eq(userRewards.id, id))
          .returning();
        await audit(
          tx,
          actor,
          {
            action: 'reward.reject',
            targetType: 'reward',
            targetId: id,
            before: { status: before.status },
            after: { status: 'rejected', reason },
          },
          clock.now(),
        );
        await notices.rejected(tx, after!);
      });
      return opsOne(id, lang);
    },
  };
}

export type Rewards = ReturnType<typeof createRewards>;
