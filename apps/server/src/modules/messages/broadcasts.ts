import { eq, sql } from 'drizzle-orm';
import type { Localized } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import { queueJob } from '../../platform/jobs/jobs';
import type { Clock } from '../../platform/time/clock';
import { users } from '../accounts/accounts.schema';
import { messageBroadcasts, messages } from './messages.schema';

export const BROADCAST_TASK = 'messages.broadcast';
/** Accounts written per batch: one short transaction each, so a broadcast never holds many rows for long. */
export const BROADCAST_BATCH = 1_000;

export interface Notice {
  title: Localized;
  content: Localized;
}

/**
 * An operator notice to every account (decision 039), delivered by a durable job in batches of
 * accounts in id order. A batch's messages, the unread counts and the broadcast's cursor change in
 * one transaction, and a message per broadcast and account is unique, so running a batch again (a
 * retry, a second worker) sends nobody a second message.
 */
export function createBroadcasts(deps: { db: Db; clock: Clock; batchSize?: number }) {
  const { db, clock } = deps;
  const batchSize = deps.batchSize ?? BROADCAST_BATCH;

  return {
    /** Records the broadcast and queues its first batch, in the caller's transaction. */
    async start(tx: Db, notice: Notice, createdBy: string): Promise<{ id: number }> {
      const [row] = await tx
        .insert(messageBroadcasts)
        .values({ params: notice, createdBy, createdAt: clock.now() })
        .returning({ id: messageBroadcasts.id });
      await queueJob(tx, BROADCAST_TASK, { broadcastId: row!.id }, { key: `${BROADCAST_TASK}:${row!.id}` });
      return { id: row!.id };
    },

    /** Delivers the next batch; queues the one after it unless this was the last. Returns whether it is done. */
    async runBatch(broadcastId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [b] = await tx
          .select()
          .from(messageBroadcasts)
          .where(eq(messageBroadcasts.id, broadcastId))
          .for('update');
        if (!b || b.finishedAt) return true;
        const now = clock.now().toISOString();
        const { rows } = await tx.execute<{ last_id: number | null; seen: number; sent: number }>(sql`
          with batch as (
            select id from ${users} where id > ${b.cursor} order by id limit ${batchSize}
          ), sent as (
            insert into ${messages} (user_id, template, params, broadcast_id, created_at)
            select id, 'operator_notice', ${JSON.stringify(b.params)}::jsonb, ${b.id}, ${now}::timestamptz from batch
            on conflict (broadcast_id, user_id) where broadcast_id is not null do nothing
            returning user_id
          ), counted as (
            update ${users} set unread_num = unread_num + 1 where id in (select user_id from sent) returning id
          )
          select (select max(id) from batch) as last_id, (select count(*)::int from batch) as seen,
            (select count(*)::int from counted) as sent`);
        const { last_id: lastId, seen, sent } = rows[0]!;
        const done = seen < batchSize;
        await tx
          .update(messageBroadcasts)
          .set({
            cursor: lastId ?? b.cursor,
            sent: b.sent + sent,
            ...(done ? { finishedAt: clock.now() } : {}),
          })
          .where(eq(messageBroadcasts.id, b.id));
        if (!done) await queueJob(tx, BROADCAST_TASK, { broadcastId: b.id }, { key: `${BROADCAST_TASK}:${b.id}` });
        return done;
      });
    },

    async status(broadcastId: number) {
      const [b] = await db.select().from(messageBroadcasts).where(eq(messageBroadcasts.id, broadcastId));
      return b ?? null;
    },
  };
}

export type Broadcasts = ReturnType<typeof createBroadcasts>;
