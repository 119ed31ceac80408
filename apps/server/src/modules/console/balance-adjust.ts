import { eq, sql } from 'drizzle-orm';
import type { LedgerReason, OpsAdjustInput, OpsLedgerEntry, OpsLedgerVerify, Page } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Clock } from '../../platform/time/clock';
import type { Db, Tx } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import { audit, type OperatorActor } from '../operators/operators.module';
import type { Ledger } from '../points/points.module';
import { ledgerEntries } from '../points/points.schema';
import { balancesView } from './values';
import { taice } from '../../platform/money';

// A type, not an interface: `execute` wants a record of columns.
type EntryRow = {
  id: number;
  user_delta: number;
  reason: LedgerReason;
  bucket: OpsLedgerEntry['bucket'];
  memo: string;
  event_key: string;
  day: string;
  created_at: Date;
  balance_after: number;
  total_after: number;
};

const entryView = (e: EntryRow): OpsLedgerEntry => ({
  id: e.id,
  amount: taice(e.user_delta),
  reason: e.reason,
  bucket: e.bucket,
  memo: e.memo,
  event_key: e.event_key,
  balance_after: taice(e.balance_after),
  total_after: taice(e.total_after),
  day: e.day,
  created_at: new Date(e.created_at).toISOString(),
});

/**
 * A user's ledger for operators, its verification, and the balance adjustment (decision 045). The balance
 * after each entry is the running sum of the user's entries (their index), so it shows what the ledger says
 * even where a stored balance would disagree (`verify` names that).
 */
export function createBalanceAdjust(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;

  async function entries(tx: Tx, userId: number, page: PageRequest, entryId?: number) {
    const { rows } = await tx.execute<EntryRow>(sql`
      select * from (
        select id, user_delta::float8 as user_delta, reason, bucket, memo, event_key, day::text as day, created_at,
          sum(user_delta) over (partition by bucket order by id)::float8 as balance_after,
          sum(user_delta) over (order by id)::float8 as total_after
        from ledger_entries where user_id = ${userId}
      ) e
      where ${entryId === undefined ? sql`true` : sql`id = ${entryId}`}
      order by id desc limit ${page.size} offset ${offsetOf(page)}`);
    return rows.map(entryView);
  }

  return {
    async page(userId: number, page: PageRequest): Promise<Page<OpsLedgerEntry>> {
      const [list, total] = await Promise.all([
        entries(db, userId, page),
        db.$count(ledgerEntries, eq(ledgerEntries.userId, userId)),
      ]);
      return pageResult(list, total, page);
    },

    async verify(userId: number): Promise<OpsLedgerVerify> {
      const result = await ledger.verifyUser(userId);
      const lifetime = result.lifetimes[0];
      return {
        ok: result.mismatches.length === 0,
        entries: result.entries,
        accounts: result.accounts.map((a) => ({
          bucket: a.kind,
          balance: taice(a.balance),
          computed: taice(a.computed),
        })),
        lifetime_earned: taice(lifetime?.lifetime_earned ?? 0),
        lifetime_computed: taice(lifetime?.computed ?? 0),
        mismatches: result.mismatches,
      };
    },

    /**
     * Moves TAICE into or out of the user's spendable bucket against the adjustments account, with the reason
     * as the entry's memo and an audit row, in one transaction. The event key `adjust:{user}:{key}` makes a
     * retried request pay once (it returns the first entry, writes no second audit row); a debit beyond the
     * balance is refused with `insufficient_balance` and changes nothing.
     */
    adjust: (actor: OperatorActor, input: OpsAdjustInput) =>
      db.transaction(async (tx) => {
        const lifetime = () =>
          tx
            .select({ value: users.lifetimeEarned })
            .from(users)
            .where(eq(users.id, input.user_id))
            .then(([user]) => user?.value);
        if ((await lifetime()) === undefined) throw new AppError('user_not_found');
        const now = clock.now();
        const amount = Math.round(Math.abs(input.amount) * 100);
        const result = await ledger.adjust(
          tx,
          {
            userId: input.user_id,
            amount,
            reason: 'operator_adjust',
            eventKey: `adjust:${input.user_id}:${input.idempotency_key}`,
            bucket: 'spendable',
            memo: input.reason,
            at: now,
          },
          input.amount < 0,
        );
        const balances = await ledger.balances(input.user_id, tx);
        const [entry] = await entries(tx, input.user_id, { page: 1, size: 1 }, result.entryId);
        if (result.moved) {
          const delta = input.amount < 0 ? -amount : amount;
          await audit(
            tx,
            actor,
            {
              action: 'balance.adjust',
              targetType: 'user',
              targetId: input.user_id,
              before: { spendable: taice(balances.spendable - delta) },
              after: {
                spendable: taice(balances.spendable),
                amount: taice(delta),
                reason: input.reason,
                entry_id: result.entryId,
              },
            },
            now,
          );
        }
        return { entry: entry!, moved: result.moved, balances: balancesView(balances, (await lifetime())!) };
      }),
  };
}

export type BalanceAdjust = ReturnType<typeof createBalanceAdjust>;
