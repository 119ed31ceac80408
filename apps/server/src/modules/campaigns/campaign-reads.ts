import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  ApiLang,
  CampaignDetail,
  CampaignListTab,
  CampaignParticipant,
  CampaignProgress,
  CampaignResult,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { users } from '../accounts/accounts.schema';
import { userRewards } from '../races/races.schema';
import { cardOf, rulesOf, statusOf, type MediaUrl } from './campaign-views';
import { campaignParticipants, campaigns } from './campaigns.schema';
import { meetsConditions, progressOf, scoreOf, type CampaignRow } from './progress';
import { drawTicket } from './split';
import { taice } from '../../platform/money';

/** The detail shows the first winners; the participants call pages through everyone. */
const RESULTS_SHOWN = 100;

/**
 * What members and visitors read of campaigns (list, detail, participants) and the one thing they do: join.
 * Listing orders (ongoing tab: running ones ending soonest first, then upcoming ones starting soonest; completed:
 * latest end first; no tab: both, ongoing first) are computed from the clock, not stored.
 */
export function createCampaignReads(deps: { db: Db; clock: Clock; mediaUrl: MediaUrl }) {
  const { db, clock, mediaUrl } = deps;

  async function row(tx: Db | Tx, id: number): Promise<CampaignRow> {
    const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, id));
    if (!c) throw new AppError('campaign_not_found');
    return c;
  }

  /**
   * The caller's progress: counted now while the campaign is open, the stored final figures once it is
   * settled. In an auto campaign every member takes part.
   */
  async function progressFor(tx: Db | Tx, c: CampaignRow, userId: number): Promise<CampaignProgress> {
    const [[stored], [reward]] = await Promise.all([
      tx
        .select()
        .from(campaignParticipants)
        .where(and(eq(campaignParticipants.campaignId, c.id), eq(campaignParticipants.userId, userId))),
      tx
        .select({ id: userRewards.id, rank: userRewards.rank, amount: userRewards.amount, status: userRewards.status })
        .from(userRewards)
        .where(and(eq(userRewards.source, 'campaign'), eq(userRewards.sourceId, c.id), eq(userRewards.userId, userId))),
    ]);
    const joined = c.joinMode === 'auto' || stored !== undefined;
    const progress = c.settledAt
      ? { watched: stored?.watched ?? 0, invites: stored?.invites ?? 0, shares: stored?.shares ?? 0 }
      : (await progressOf(tx, c, [userId])).get(userId)!;
    const qualified = c.settledAt ? (stored?.qualified ?? false) : joined && meetsConditions(c, progress);
    return {
      joined,
      ...progress,
      qualified,
      reward: reward ? { ...reward, amount: taice(reward.amount) } : null,
    };
  }

  async function resultsOf(tx: Db | Tx, c: CampaignRow): Promise<CampaignResult[]> {
    if (!c.settledAt) return [];
    const rows = await tx
      .select({
        rank: userRewards.rank,
        userId: userRewards.userId,
        amount: userRewards.amount,
        uuid: users.uuid,
        name: users.nickname,
        avatar: users.avatar,
      })
      .from(userRewards)
      .innerJoin(users, eq(users.id, userRewards.userId))
      .where(and(eq(userRewards.source, 'campaign'), eq(userRewards.sourceId, c.id)))
      .orderBy(sql`${userRewards.rank} asc nulls last`, asc(userRewards.userId))
      .limit(RESULTS_SHOWN);
    return rows.map((r) => ({
      rank: r.rank,
      user_id: r.userId,
      uuid: r.uuid,
      user_name: r.name,
      avatar: r.avatar,
      amount: taice(r.amount),
      ticket: c.split === 'draw' ? drawTicket(c.drawSeed, r.userId) : null,
    }));
  }

  async function detailOf(tx: Db | Tx, c: CampaignRow, userId: number | null, lang: ApiLang): Promise<CampaignDetail> {
    const now = clock.now();
    const [me, results] = await Promise.all([userId === null ? null : progressFor(tx, c, userId), resultsOf(tx, c)]);
    return {
      ...cardOf(c, lang, now, mediaUrl),
      rules: c.rules[lang],
      ...rulesOf(c),
      me,
      results,
      server_time: now.toISOString(),
    };
  }

  return {
    async list(query: PageRequest & { status?: CampaignListTab }, lang: ApiLang) {
      const at = clock.now();
      const now = at.toISOString();
      // 0 running, 1 upcoming, 2 ended or settled.
      const group = sql`(case when ${campaigns.settledAt} is not null or ${campaigns.endsAt} <= ${now}::timestamptz then 2
        when ${campaigns.startsAt} > ${now}::timestamptz then 1 else 0 end)`;
      const where =
        query.status === 'ongoing'
          ? sql`${campaigns.settledAt} is null and ${campaigns.endsAt} > ${now}::timestamptz`
          : query.status === 'completed'
            ? sql`(${campaigns.settledAt} is not null or ${campaigns.endsAt} <= ${now}::timestamptz)`
            : undefined;
      const rows = await db
        .select({ campaign: campaigns, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(campaigns)
        .where(where)
        .orderBy(
          group,
          sql`case ${group} when 0 then ${campaigns.endsAt} when 1 then ${campaigns.startsAt} end asc`,
          sql`case when ${group} = 2 then ${campaigns.endsAt} end desc`,
          desc(campaigns.id),
        )
        .limit(query.size)
        .offset(offsetOf(query));
      const total =
        rows[0]?.total ??
        (query.page > 1
          ? ((
              await db
                .select({ n: sql<number>`count(*)::int` })
                .from(campaigns)
                .where(where)
            )[0]?.n ?? 0)
          : 0);
      return {
        ...pageResult(
          rows.map((r) => cardOf(r.campaign, lang, at, mediaUrl)),
          total,
          query,
        ),
        server_time: at.toISOString(),
      };
    },

    async detail(id: number, userId: number | null, lang: ApiLang): Promise<CampaignDetail> {
      return detailOf(db, await row(db, id), userId, lang);
    },

    /**
     * Joins a running explicit campaign (an auto one needs nothing: every member takes part). Under the
     * campaign's row lock, which settlement holds too, so a join never lands after the final count; the
     * participant starts with the progress counted now. Joining again changes nothing.
     */
    async join(id: number, userId: number, lang: ApiLang): Promise<CampaignDetail> {
      return db.transaction(async (tx) => {
        const [c] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
        if (!c) throw new AppError('campaign_not_found');
        const status = statusOf(c, clock.now());
        if (status === 'upcoming') throw new AppError('campaign_not_started');
        if (status !== 'ongoing') throw new AppError('campaign_ended');
        if (c.joinMode === 'explicit') {
          const progress = (await progressOf(tx, c, [userId])).get(userId)!;
          const [joined] = await tx
            .insert(campaignParticipants)
            .values({
              campaignId: id,
              userId,
              joinedAt: clock.now(),
              ...progress,
              score: scoreOf(progress),
              qualified: meetsConditions(c, progress),
            })
            .onConflictDoNothing()
            .returning({ userId: campaignParticipants.userId });
          if (joined) {
            const [after] = await tx
              .update(campaigns)
              .set({ participants: sql`${campaigns.participants} + 1` })
              .where(eq(campaigns.id, id))
              .returning();
            return detailOf(tx, after!, userId, lang);
          }
        }
        return detailOf(tx, c, userId, lang);
      });
    },

    /** Participants as last refreshed: qualifiers first, then by progress and user id. */
    async participants(id: number, page: PageRequest) {
      const c = await row(db, id);
      const rows = await db
        .select({
          p: campaignParticipants,
          uuid: users.uuid,
          name: users.nickname,
          avatar: users.avatar,
        })
        .from(campaignParticipants)
        .innerJoin(users, eq(users.id, campaignParticipants.userId))
        .where(eq(campaignParticipants.campaignId, id))
        .orderBy(
          desc(campaignParticipants.qualified),
          desc(campaignParticipants.score),
          asc(campaignParticipants.userId),
        )
        .limit(page.size)
        .offset(offsetOf(page));
      const list = rows.map(({ p, uuid, name, avatar }): CampaignParticipant => ({
        user_id: p.userId,
        uuid,
        user_name: name,
        avatar,
        joined_at: p.joinedAt.toISOString(),
        watched: p.watched,
        invites: p.invites,
        shares: p.shares,
        qualified: p.qualified,
      }));
      return { ...pageResult(list, c.participants, page), refreshed_at: c.refreshedAt?.toISOString() ?? null };
    },
  };
}

export type CampaignReads = ReturnType<typeof createCampaignReads>;
