import { and, eq, isNull, sql } from 'drizzle-orm';
import type { LedgerReason } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { businessDay } from '../../platform/time/business-day';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import type { Tx } from '../videos/video-events';
import { ledgerAccounts, ledgerEntries } from './points.schema';

export type Bucket = 'spendable' | 'locked';

/**
 * The system accounts on the other side of user entries (`adjustments`: operators' corrections, decision 045;
 * `pools`: the escrow of reward pools on videos, decision 050).
 */
export const SYSTEM_ACCOUNTS = ['issuance', 'redemption', 'adjustments', 'pools'] as const;
/** Reasons that give a user back or pass on TAICE that was already earned: not earnings (lifetime, races). */
const NOT_EARNED = sql.raw(`('refund', 'pool_claim', 'pool_refund')`);
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

  /** Moves an amount from a system account into a user's bucket (once per event key). */
  async function payIn(tx: Tx, m: Movement, source: SystemAccount): Promise<MovementResult> {
    const to = await userAccount(tx, m.userId, m.bucket);
    const result = await record(tx, m, await systemAccount(tx, source), to, m.amount);
    if (result.moved) {
      await tx
        .update(ledgerAccounts)
        .set({ balance: sql`${ledgerAccounts.balance} + ${m.amount}` })
        .where(eq(ledgerAccounts.id, to));
    }
    return result;
  }

  /** Raises the user's lifetime total (the level) with what they were given. */
  async function raiseLifetime(tx: Tx, m: Movement) {
    await tx
      .update(users)
      .set({ lifetimeEarned: sql`${users.lifetimeEarned} + ${m.amount}` })
      .where(eq(users.id, m.userId));
  }

  /**
   * Moves an amount out of a user's bucket to a system account (once per event key). The balance test and
   * the debit are one statement, so parallel ones cannot overdraw; `insufficient_balance` rolls back the
   * caller's transaction.
   */
  async function payOut(tx: Tx, m: Movement, sink: SystemAccount): Promise<MovementResult> {
    const from = await userAccount(tx, m.userId, m.bucket);
    const result = await record(tx, m, from, await systemAccount(tx, sink), -m.amount);
    if (!result.moved) return result;
    const debited = await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} - ${m.amount}` })
      .where(and(eq(ledgerAccounts.id, from), sql`${ledgerAccounts.balance} >= ${m.amount}`))
      .returning({ id: ledgerAccounts.id });
    if (debited.length === 0) throw new AppError('insufficient_balance');
    return result;
  }

  /**
   * Sums the entries of every user (or of one: their entries carry their id, so the user's index finds
   * them) and compares them with the stored balances and lifetime totals.
   */
  async function check(userId?: number) {
    const of = (column: string) => (userId === undefined ? sql`true` : sql`${sql.identifier(column)} = ${userId}`);
    const mismatches: string[] = [];
    // Whole-table aggregates, one pass each: a per-account subquery took minutes on 50,000 members.
    const accounts = await db.execute<{
      id: number;
      user_id: number;
      kind: Bucket;
      balance: number;
      computed: number;
    }>(sql`
      with moves as (
        select to_account_id as account_id, amount from ledger_entries where ${of('user_id')}
        union all
        select from_account_id, -amount from ledger_entries where ${of('user_id')}
      ), sums as (select account_id, sum(amount) as total from moves group by account_id)
      select a.id, a.user_id, a.kind, a.balance::float8 as balance, coalesce(s.total, 0)::float8 as computed
      from ledger_accounts a left join sums s on s.account_id = a.id
      where a.user_id is not null and ${of('user_id')}
      order by a.id`);
    for (const a of accounts.rows) {
      if (a.balance !== a.computed || a.balance < 0) {
        mismatches.push(
          `account ${a.id} (user ${a.user_id}, ${a.kind}): balance ${a.balance}, entries say ${a.computed}`,
        );
      }
    }
    const lifetimes = await db.execute<{ id: number; lifetime_earned: number; computed: number }>(sql`
      with earned as (
        select user_id, sum(user_delta) as total from ledger_entries
        where user_delta > 0 and reason not in ${NOT_EARNED} and ${of('user_id')} group by user_id
      )
      select u.id, u.lifetime_earned::float8 as lifetime_earned, coalesce(e.total, 0)::float8 as computed
      from users u left join earned e on e.user_id = u.id
      where ${of('id')}`);
    for (const u of lifetimes.rows) {
      if (u.lifetime_earned !== u.computed) {
        mismatches.push(`user ${u.id}: lifetime ${u.lifetime_earned}, entries say ${u.computed}`);
      }
    }
    if (userId === undefined) {
      // An escrow holds what was put in it: what left it never exceeds what came in.
      const escrow = await db.execute<{ held: number }>(sql`
        with pools as (select id from ledger_accounts where user_id is null and kind = 'pools')
        select coalesce(sum(case when e.to_account_id = p.id then e.amount else -e.amount end), 0)::float8 as held
        from ledger_entries e join pools p on p.id in (e.to_account_id, e.from_account_id)`);
      const held = escrow.rows[0]?.held ?? 0;
      if (held < 0) mismatches.push(`pools escrow: ${held} (paid out more than was funded)`);
    }
    const [entries] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries where ${of('user_id')}`)
    ).rows;
    return { accounts: accounts.rows, lifetimes: lifetimes.rows, entries: entries?.n ?? 0, mismatches };
  }

  return {
    /**
     * Pays a user from issuance; their lifetime earnings (level) grow with it.
     * An amount of 0 (an operator switched a reward off) moves nothing.
     */
    async credit(tx: Tx, m: Movement): Promise<MovementResult> {
      if (m.amount === 0) return { moved: false, entryId: 0 };
      const result = await payIn(tx, m, 'issuance');
      if (!result.moved) return result;
      await raiseLifetime(tx, m);
      for (const listener of earningListeners) await listener(tx, m);
      return result;
    },

    /** Adds a listener to every earning (see EarningListener). */
    onEarned(listener: EarningListener): void {
      earningListeners.push(listener);
    },

    /** Takes an amount from a user's bucket for a purchase; never below 0 (`insufficient_balance`). */
    debit: (tx: Tx, m: Movement): Promise<MovementResult> => payOut(tx, m, 'redemption'),

    /**
     * Gives a user back what a purchase took (a cancelled order), from the redemption account. It
     * is not an earning: lifetime earnings (the level) stay as they are.
     */
    refund: (tx: Tx, m: Movement): Promise<MovementResult> => payIn(tx, m, 'redemption'),

    /**
     * An operator's correction (decision 045): `m.amount` into the user's bucket, or out of it when `out`
     * (never below 0), against the adjustments account. What is given counts toward the lifetime total like
     * any credit (and what is taken lowers it no more than a spend does); races do not count it.
     */
    async adjust(tx: Tx, m: Movement, out: boolean): Promise<MovementResult> {
      if (out) return payOut(tx, m, 'adjustments');
      const result = await payIn(tx, m, 'adjustments');
      if (result.moved) await raiseLifetime(tx, m);
      return result;
    },

    /**
     * Puts an amount of a user's bucket in the pools' escrow (a creator funding a reward pool, decision 050);
     * never below 0 (`insufficient_balance`). A spend, not a loss of earnings: lifetime and races keep it.
     */
    escrow: (tx: Tx, m: Movement): Promise<MovementResult> => payOut(tx, m, 'pools'),

    /**
     * Pays an amount out of the pools' escrow into a user's bucket: a viewer's reward (`pool_claim`) or the
     * creator's unspent part (`pool_refund`). Neither is an earning: TAICE passed between members must not
     * raise a level or a race standing, or members could pass the same TAICE round to farm them (decision
     * 050); so no lifetime total and no earning listeners.
     */
    release: (tx: Tx, m: Movement): Promise<MovementResult> => payIn(tx, m, 'pools'),

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
      const { accounts, entries, mismatches } = await check();
      return { accounts: accounts.length, entries, mismatches };
    },

    /** `verify` for one user, with what each of their accounts and their lifetime total hold and should hold. */
    verifyUser: (userId: number) => check(userId),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
