import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { businessDay } from '../../platform/time/business-day';
import type { campaigns } from './campaigns.schema';

export type CampaignRow = typeof campaigns.$inferSelect;

export interface Progress {
  watched: number;
  invites: number;
  shares: number;
}

export const scoreOf = (p: Progress) => p.watched + p.invites + p.shares;

/**
 * Whether a member taking part qualifies: every condition met, and in an auto campaign some activity (its
 * participants are the members active in the window, so all-zero conditions do not make everyone a winner).
 * `qualifiedSql` below is the same rule for the stored rows.
 */
export function meetsConditions(c: CampaignRow, p: Progress): boolean {
  return (
    p.watched >= c.minWatched &&
    p.invites >= c.minInvites &&
    p.shares >= c.minShares &&
    (c.joinMode === 'explicit' || scoreOf(p) > 0)
  );
}

export function qualifiedSql(c: CampaignRow, p: { watched: SQL; invites: SQL; shares: SQL }): SQL {
  const active = c.joinMode === 'explicit' ? sql`true` : sql`(${p.watched} + ${p.invites} + ${p.shares}) > 0`;
  return sql`(${p.watched} >= ${c.minWatched} and ${p.invites} >= ${c.minInvites} and ${p.shares} >= ${c.minShares} and ${active})`;
}

/** The business days (UTC+8) the window touches: its videos watched are counted on them. */
export function windowDays(c: Pick<CampaignRow, 'startsAt' | 'endsAt'>): { first: string; last: string } {
  return { first: businessDay(c.startsAt), last: businessDay(new Date(c.endsAt.getTime() - 1)) };
}

/**
 * The progress of a set of members in a campaign, as one set-based query: `members` is a FROM item naming
 * each member's id as `u.id` (an array for the caller or a page, the participants' table for the refresh job
 * and settlement). Everything is counted inside the window [starts_at, ends_at):
 * - shares: the member's rows in `shares`;
 * - invites: referrals confirmed with the member as inviter;
 * - watched: `user_daily_stats.watched_videos` over the business days the window touches. Heartbeats are
 *   applied by a batched SQL path that does not always emit `videoWatched`, so the day stats are the one
 *   reliable count; a window that starts or ends inside a day counts that whole day.
 * Each part is an index range: the days' primary key, `referrals(inviter_id)`, `shares(user_id, created_at)`.
 */
export function progressQuery(c: CampaignRow, members: SQL): SQL {
  const { first, last } = windowDays(c);
  const from = c.startsAt.toISOString();
  const to = c.endsAt.toISOString();
  return sql`select u.id as user_id,
      coalesce((select sum(d.watched_videos) from user_daily_stats d
        where d.user_id = u.id and d.day between ${first}::date and ${last}::date), 0)::int as watched,
      (select count(*) from referrals r
        where r.inviter_id = u.id and r.confirmed_at >= ${from}::timestamptz and r.confirmed_at < ${to}::timestamptz)::int as invites,
      (select count(*) from shares s
        where s.user_id = u.id and s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz)::int as shares
    from ${members}`;
}

/** The members `ids` as a FROM item for `progressQuery`. */
export const membersOf = (ids: number[]) => sql`unnest(${`{${ids.join(',')}}`}::int[]) as u(id)`;

/** The campaign's participants as a FROM item for `progressQuery`. */
export const participantsOf = (campaignId: number) =>
  sql`(select user_id as id from campaign_participants where campaign_id = ${campaignId}) as u`;

/** The progress of the members `ids` now, by user id. */
export async function progressOf(tx: Tx, c: CampaignRow, ids: number[]): Promise<Map<number, Progress>> {
  if (ids.length === 0) return new Map();
  const { rows } = await tx.execute<{ user_id: number; watched: number; invites: number; shares: number }>(
    progressQuery(c, membersOf(ids)),
  );
  return new Map(rows.map((r) => [r.user_id, { watched: r.watched, invites: r.invites, shares: r.shares }]));
}

/**
 * Members with activity in the window, for auto campaigns (the refresh job adds them as participants). These
 * reads scan the window's rows of the three tables (none has an index by time alone).
 */
export function activeMembersQuery(c: CampaignRow): SQL {
  const { first, last } = windowDays(c);
  const from = c.startsAt.toISOString();
  const to = c.endsAt.toISOString();
  return sql`select d.user_id from user_daily_stats d
      where d.day between ${first}::date and ${last}::date and d.watched_videos > 0
    union select r.inviter_id from referrals r
      where r.confirmed_at >= ${from}::timestamptz and r.confirmed_at < ${to}::timestamptz
    union select s.user_id from shares s
      where s.user_id is not null and s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz`;
}
