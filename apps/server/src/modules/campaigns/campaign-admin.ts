import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CampaignInput, CampaignStatus, OpsCampaign } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { audit, type OperatorActor } from '../operators/operators.module';
import { userRewards } from '../races/races.schema';
import { opsViewOf, toHundredths, type MediaUrl } from './campaign-views';
import { campaigns } from './campaigns.schema';
import type { CampaignRow } from './progress';
import type { Settlement } from './settlement';
import { sha256Hex } from './split';

/** The stored columns of an operator's settings (amounts in hundredths, rank shares in hundredths of a percent). */
function columnsOf(input: CampaignInput) {
  return {
    title: input.title,
    rules: input.rules,
    banner: input.banner,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    jackpot: toHundredths(input.jackpot),
    currency: input.currency,
    split: input.split,
    joinMode: input.join_mode,
    winners: input.split === 'draw' ? input.winners : null,
    rankShares: input.split === 'rank' ? input.rank_shares.map(toHundredths) : [],
    minWatched: input.conditions.min_watched,
    minInvites: input.conditions.min_invites,
    minShares: input.conditions.min_shares,
  };
}

/** The stored status filter: the same rule as `statusOf`. */
function statusWhere(status: CampaignStatus, now: string): SQL {
  switch (status) {
    case 'settled':
      return sql`${campaigns.settledAt} is not null`;
    case 'upcoming':
      return sql`${campaigns.settledAt} is null and ${campaigns.startsAt} > ${now}::timestamptz`;
    case 'ongoing':
      return sql`${campaigns.settledAt} is null and ${campaigns.startsAt} <= ${now}::timestamptz and ${campaigns.endsAt} > ${now}::timestamptz`;
    case 'ended':
      return sql`${campaigns.settledAt} is null and ${campaigns.endsAt} <= ${now}::timestamptz`;
  }
}

/**
 * Campaigns as operators manage them (the operator API): list, create, change before the start, settle now.
 * Each change is one transaction with its audit row (before and after; the draw seed is never in either).
 */
export function createCampaignAdmin(deps: { db: Db; clock: Clock; mediaUrl: MediaUrl; settlement: Settlement }) {
  const { db, clock, mediaUrl, settlement } = deps;

  const rewardsOf = async (tx: Db | Tx, id: number) =>
    (
      await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(userRewards)
        .where(and(eq(userRewards.source, 'campaign'), eq(userRewards.sourceId, id)))
    )[0]?.n ?? 0;
  const view = async (tx: Db | Tx, c: CampaignRow) => opsViewOf(c, clock.now(), mediaUrl, await rewardsOf(tx, c.id));

  /** A window that is already over would be settled at once: refused as the field's error. */
  function mustEndLater(input: CampaignInput, now: Date) {
    if (new Date(input.ends_at) <= now) {
      throw new AppError('validation_failed', { field: 'ends_at', reason: 'must be in the future' });
    }
  }

  return {
    async list(query: PageRequest & { status?: CampaignStatus }) {
      const where = query.status ? statusWhere(query.status, clock.now().toISOString()) : undefined;
      const rows = await db
        .select({
          campaign: campaigns,
          rewards: sql<number>`(select count(*)::int from user_rewards r where r.source = 'campaign' and r.source_id = "campaigns"."id")`,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(campaigns)
        .where(where)
        .orderBy(desc(campaigns.startsAt), desc(campaigns.id))
        .limit(query.size)
        .offset(offsetOf(query));
      const now = clock.now();
      return pageResult(
        rows.map((r) => opsViewOf(r.campaign, now, mediaUrl, r.rewards)),
        rows[0]?.total ?? 0,
        query,
      );
    },

    /** A new campaign; its draw seed is drawn now and only its sha256 is shown until settlement. */
    async create(actor: OperatorActor, input: CampaignInput): Promise<OpsCampaign> {
      const now = clock.now();
      mustEndLater(input, now);
      const seed = randomBytes(32).toString('hex');
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(campaigns)
          .values({
            ...columnsOf(input),
            drawSeed: seed,
            drawCommitment: sha256Hex(seed),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const after = await view(tx, created!);
        await audit(
          tx,
          actor,
          { action: 'campaign.create', targetType: 'campaign', targetId: created!.id, after },
          now,
        );
        return after;
      });
    },

    /** Replaces every setting of a campaign that has not started; a draw keeps its seed. */
    async update(actor: OperatorActor, id: number, input: CampaignInput): Promise<OpsCampaign> {
      const now = clock.now();
      mustEndLater(input, now);
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
        if (!before) throw new AppError('campaign_not_found');
        if (now >= before.startsAt) throw new AppError('campaign_started');
        const [changed] = await tx
          .update(campaigns)
          .set({ ...columnsOf(input), updatedAt: now })
          .where(eq(campaigns.id, id))
          .returning();
        const after = await view(tx, changed!);
        await audit(
          tx,
          actor,
          { action: 'campaign.update', targetType: 'campaign', targetId: id, before: await view(tx, before), after },
          now,
        );
        return after;
      });
    },

    /** Settles an ended campaign now (again: nothing new is written); audited in the settling transaction. */
    async settle(actor: OperatorActor, id: number): Promise<OpsCampaign> {
      let result: OpsCampaign | undefined;
      await settlement.settle(id, async (tx, before, after) => {
        result = await view(tx, after);
        await audit(
          tx,
          actor,
          {
            action: 'campaign.settle',
            targetType: 'campaign',
            targetId: id,
            // Rewards are written only by settling, so an unsettled campaign had none.
            before: before.settledAt ? result : opsViewOf(before, clock.now(), mediaUrl, 0),
            after: result,
          },
          clock.now(),
        );
      });
      return result!;
    },
  };
}

export type CampaignAdmin = ReturnType<typeof createCampaignAdmin>;
