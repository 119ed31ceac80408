import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';

/**
 * Checks the pools against the ledger (decision 050): for every pool, funding = escrow left + payouts +
 * refund, from its row, from its claims and from its ledger entries (`pool:{id}:…`); and the `pools`
 * escrow account holds exactly what the pools say is left. Returns the differences (none when sound).
 */
export async function verifyPools(db: Db): Promise<{ pools: number; mismatches: string[] }> {
  const mismatches: string[] = [];
  const { rows } = await db.execute<{
    id: number;
    total: number;
    left_amount: number;
    paid: number;
    refunded: number;
    claims_paid: number;
    fund_entry: number;
    claim_entries: number;
    refund_entry: number;
  }>(sql`
    with entries as (
      select split_part(event_key, ':', 2)::int as pool_id,
        sum(amount) filter (where reason = 'pool_fund') as fund,
        sum(amount) filter (where reason = 'pool_claim') as claims,
        sum(amount) filter (where reason = 'pool_refund') as refund
      from ledger_entries where event_key like 'pool:%' group by 1
    ), claims as (select pool_id, sum(amount) as paid from post_reward_claims group by pool_id)
    select p.id, p.total::float8 as total, p.left_amount::float8 as left_amount,
      (p.claimed::bigint * p.amount)::float8 as paid, p.refunded::float8 as refunded,
      coalesce(c.paid, 0)::float8 as claims_paid, coalesce(e.fund, 0)::float8 as fund_entry,
      coalesce(e.claims, 0)::float8 as claim_entries, coalesce(e.refund, 0)::float8 as refund_entry
    from post_reward_pools p
    left join claims c on c.pool_id = p.id
    left join entries e on e.pool_id = p.id
    order by p.id`);
  let left = 0;
  for (const p of rows) {
    left += p.left_amount;
    if (p.total !== p.left_amount + p.paid + p.refunded)
      mismatches.push(
        `pool ${p.id}: total ${p.total} but left ${p.left_amount} + paid ${p.paid} + refunded ${p.refunded}`,
      );
    if (p.fund_entry !== p.total) mismatches.push(`pool ${p.id}: funded ${p.total}, ledger says ${p.fund_entry}`);
    if (p.claims_paid !== p.paid || p.claim_entries !== p.paid)
      mismatches.push(`pool ${p.id}: paid ${p.paid}, claims say ${p.claims_paid}, ledger says ${p.claim_entries}`);
    if (p.refund_entry !== p.refunded)
      mismatches.push(`pool ${p.id}: refunded ${p.refunded}, ledger says ${p.refund_entry}`);
  }
  const { rows: escrow } = await db.execute<{ held: number }>(sql`
    with pools as (select id from ledger_accounts where user_id is null and kind = 'pools')
    select coalesce(sum(case when e.to_account_id = p.id then e.amount else -e.amount end), 0)::float8 as held
    from ledger_entries e join pools p on p.id in (e.to_account_id, e.from_account_id)`);
  const held = escrow[0]?.held ?? 0;
  if (held !== left) mismatches.push(`pools escrow holds ${held}, the pools say ${left} is left`);
  return { pools: rows.length, mismatches };
}
