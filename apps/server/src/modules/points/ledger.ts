import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LedgerReason } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { businessDay } from '../../platform/time/business-day';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import type { Tx } from '../videos/video-events';
import { ledgerAccounts, ledgerEntries } from './points.schema';

export type Bucket = 'spendable' | 'locked';

/** The system accounts on the other side of user entries. */
export const SYSTEM_ACCOUNTS = ['issuance', 'redemption'] as const;
type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

export interface Movement {
  userId: number;
  /** Hundredths of TAICE, > 0. */
  amount: number;
  reason: LedgerReason;
  /** Names the business event; the same key never moves money twice. */
  eventKey: string;
  bucket: Bucket;
  memo?: string;
  at: Date;
  /** The business day the amount was earned, when not the day of `at` (daily issuance). */
  day?: string;
}

/**
 * Runs in the transaction of every earning that moved (a credit, not a refund): races and campaigns keep
 * their standings from it, so they count exactly what the ledger paid.
 */
export type EarningListener = (tx: Tx, m: Movement) => Promise<void>;

export interface MovementResult {
  /** false when the event key was already used: nothing moved this time. */
  moved: boolean;
  entryId: number;
}

/**
 * The TAICE ledger. Every change of a balance is one entry here, in the
 * caller's transaction: an append-only row moving an amount between two
 * accounts, plus the user's balance kept beside it. System accounts keep no
 * balance (theirs is the sum of their entries), so no single row becomes a
 * point every payment waits on.
 */
export function createLedger(db: Db) {
  const systemIds = new Map<SystemAccount, number>();
  const earningListeners: EarningListener[] = [];

  /** System accounts are seeded (points.seed), so an id read here is never one a rollback could undo. */
  async function systemAccount(tx: Tx, kind: SystemAccount): Promise<number> {
    const known = systemIds.get(kind);
    if (known) return known;
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(isNull(ledgerAccounts.userId), eq(ledgerAccounts.kind, kind)));
    if (!row) throw new Error(`ledger system account ${kind} is missing: run the seed`);
    systemIds.set(kind, row.id);
    return row.id;
  }

  async function userAccount(tx: Tx, userId: number, kind: Bucket): Promise<number> {
    const [created] = await tx
      .insert(ledgerAccounts)
      .values({ userId, kind })
      .onConflictDoNothing()
      .returning({ id: ledgerAccounts.id });
    if (created) return created.id;
    const [row] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)));
    return row!.id;
  }

  async function addToBalance(tx: Tx, accountId: number, amount: number) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
      .where(eq(ledgerAccounts.id, accountId));
  }

  async function record(tx: Tx, m: Movement, from: number, to: number, userDelta: number) {
    if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new Error(`bad ledger amount ${m.amount}`);
    const [entry] = await tx
      .insert(ledgerEntries)
      .values({
        eventKey: m.eventKey,
        reason: m.reason,
        fromAccountId: from,
        toAccountId: to,
        amount: m.amount,
        userId: m.userId,
        userDelta,
        bucket: m.bucket,
        memo: m.memo ?? '',
        day: m.day ?? businessDay(m.at),
        createdAt: m.at,
      })
      .onConflictDoNothing({ target: ledgerEntries.eventKey })
      .returning({ id: ledgerEntries.id });
    if (entry) return { moved: true, entryId: entry.id };
    const [first] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventKey, m.eventKey));
    return { moved: false, entryId: first!.id };
  }

  return {
    /**
     * Pays a user from issuance; their lifetime earnings (level) grow with it.
     * An amount of 0 (an operator switched a reward off) moves nothing.
     */
    async credit(tx: Tx, m: Movement): Promise<MovementResult> {
      if (m.amount === 0) return { moved: false, entryId: 0 };
      const to = await userAccount(tx, m.userId, m.bucket);
      const result = await record(tx, m, await systemAccount(tx, 'issuance'), to, m.amount);
      if (!result.moved) return result;
      await addToBalance(tx, to, m.amount);
      await tx
        .update(users)
        .set({ lifetimeEarned: sql`${users.lifetimeEarned} + ${m.amount}` })
        .where(eq(users.id, m.userId));
      for (const listener of earningListeners) await listener(tx, m);
      return result;
    },

    /** Adds a listener to every earning (see EarningListener). */
    onEarned(listener: EarningListener): void {
      earningListeners.push(listener);
    },

    /**
     * Takes an amount from a user's bucket for a purchase. The balance test
     * and the debit are one statement, so parallel spends cannot overdraw;
     * `insufficient_balance` rolls back the caller's transaction.
     */
    async debit(tx: Tx, m: Movement): Promise<MovementResult> {
      const from = await userAccount(tx, m.userId, m.bucket);
      const result = await record(tx, m, from, await systemAccount(tx, 'redemption'), -m.amount);
      if (!result.moved) return result;
      const debited = await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} - ${m.amount}` })
        .where(and(eq(ledgerAccounts.id, from), sql`${ledgerAccounts.balance} >= ${m.amount}`))
        .returning({ id: ledgerAccounts.id });
      if (debited.length === 0) throw new AppError('insufficient_balance');
      return result;
    },

    /**
     * Gives a user back what a purchase took (a cancelled order), from the redemption account. It
     * is not an earning: lifetime earnings (the level) stay as they are.
     */
    async refund(tx: Tx, m: Movement): Promise<MovementResult> {
      const to = await userAccount(tx, m.userId, m.bucket);
      const result = await record(tx, m, await systemAccount(tx, 'redemption'), to, m.amount);
      if (result.moved) await addToBalance(tx, to, m.amount);
      return result;
    },

    /** The user's balances in hundredths. */
    async balances(userId: number, tx: Tx = db): Promise<Record<Bucket, number>> {
      const rows = await tx
        .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId));
      const of = (kind: Bucket) => rows.find((r) => r.kind === kind)?.balance ?? 0;
      return { spendable: of('spendable'), locked: of('locked') };
    },

    /**
     * Recomputes every user balance and lifetime total from the entries; the
     * rows that disagree are returned (none when the ledger is sound).
     */
    async verify(): Promise<{ accounts: number; entries: number; mismatches: string[] }> {
      const mismatches: string[] = [];
      // Whole-table aggregates, one pass each: a per-account subquery took minutes on 50,000 members.
      const accounts = await db.execute<{
        id: number;
        user_id: number;
        kind: string;
        balance: number;
        computed: number;
      }>(sql`
        with moves as (
          select to_account_id as account_id, amount from ledger_entries
          union all
          select from_account_id, -amount from ledger_entries
        ), sums as (select account_id, sum(amount) as total from moves group by account_id)
        select a.id, a.user_id, a.kind, a.balance, coalesce(s.total, 0) as computed
        from ledger_accounts a left join sums s on s.account_id = a.id
        where a.user_id is not null`);
      for (const a of accounts.rows) {
        if (Number(a.balance) !== Number(a.computed) || Number(a.balance) < 0) {
          mismatches.push(
            `account ${a.id} (user ${a.user_id}, ${a.kind}): balance ${a.balance}, entries say ${a.computed}`,
          );
        }
      }
      const lifetimes = await db.execute<{ id: number; lifetime_earned: number; computed: number }>(sql`
        with earned as (
          select user_id, sum(user_delta) as total from ledger_entries
          where user_delta > 0 and reason <> 'refund' group by user_id
        )
        select u.id, u.lifetime_earned, coalesce(e.total, 0) as computed
        from users u left join earned e on e.user_id = u.id`);
      for (const u of lifetimes.rows) {
        if (Number(u.lifetime_earned) !== Number(u.computed)) {
          mismatches.push(`user ${u.id}: lifetime ${u.lifetime_earned}, entries say ${u.computed}`);
        }
      }
      const [entries] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries`)).rows;
      return { accounts: accounts.rows.length, entries: entries?.n ?? 0, mismatches };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
