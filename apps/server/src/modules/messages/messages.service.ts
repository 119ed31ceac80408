import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ApiLang, Message, MessageTemplate } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { users } from '../accounts/accounts.schema';
import { messages, type MessageLinkKind } from './messages.schema';
import { renderMessage, type MessageParamsMap } from './templates';

export interface NewMessage<T extends MessageTemplate = MessageTemplate> {
  userId: number;
  template: T;
  params?: MessageParamsMap[T];
  /** What the message opens: an order, the wallet, the referrals. */
  link?: { kind: MessageLinkKind; id: number | null };
}

/** Adds `delta` to the user's unread count; returns the count after. */
async function bumpUnread(tx: Tx, userId: number, delta: number): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ unreadNum: sql`${users.unreadNum} + ${delta}` })
    .where(eq(users.id, userId))
    .returning({ unread: users.unreadNum });
  return row?.unread ?? 0;
}

async function unreadOf(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx.select({ unread: users.unreadNum }).from(users).where(eq(users.id, userId));
  return row?.unread ?? 0;
}

/**
 * Writing and reading messages (decision 039). Every change of a message's read state changes
 * `users.unread_num` by the same amount in the same statement or transaction, so the count is never
 * recomputed and never drifts.
 */
export function createMessageService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** Writes a message in the caller's transaction and counts it unread. */
    async send<T extends MessageTemplate>(tx: Tx, m: NewMessage<T>): Promise<{ id: number }> {
      const [row] = await tx
        .insert(messages)
        .values({
          userId: m.userId,
          template: m.template,
          params: m.params ?? {},
          linkKind: m.link?.kind ?? null,
          linkId: m.link?.id ?? null,
          createdAt: clock.now(),
        })
        .returning({ id: messages.id });
      await bumpUnread(tx, m.userId, 1);
      return { id: row!.id };
    },

    /** The user's messages, newest first, in `lang`; unread ones only with `unread`. */
    async list(userId: number, page: PageRequest & { unread?: number }, lang: ApiLang) {
      const where = page.unread
        ? and(eq(messages.userId, userId), isNull(messages.readAt))
        : eq(messages.userId, userId);
      const [rows, [counts]] = await Promise.all([
        db.select().from(messages).where(where).orderBy(desc(messages.id)).limit(page.size).offset(offsetOf(page)),
        // The unread count is kept on the user; only the whole list is counted.
        db
          .select({
            unread: users.unreadNum,
            total: page.unread
              ? users.unreadNum
              : sql<number>`(${db.select({ n: count() }).from(messages).where(where)})`.mapWith(Number),
          })
          .from(users)
          .where(eq(users.id, userId)),
      ]);
      const list: Message[] = rows.map((r) => ({
        id: r.id,
        template: r.template,
        ...renderMessage(r.template, r.params as Record<string, unknown>, lang),
        link: r.linkKind ? { kind: r.linkKind, id: r.linkId } : null,
        is_read: r.readAt ? 1 : 0,
        created_at: r.createdAt.toISOString(),
      }));
      const unread = counts?.unread ?? 0;
      return { ...pageResult(list, counts?.total ?? 0, page), unread_num: unread };
    },

    /** Marks one of the user's messages read; reading it again changes nothing. */
    async read(userId: number, id: number): Promise<{ unread_num: number }> {
      return db.transaction(async (tx) => {
        const [marked] = await tx
          .update(messages)
          .set({ readAt: clock.now() })
          .where(and(eq(messages.id, id), eq(messages.userId, userId), isNull(messages.readAt)))
          .returning({ id: messages.id });
        if (marked) return { unread_num: await bumpUnread(tx, userId, -1) };
        const [own] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.id, id), eq(messages.userId, userId)));
        if (!own) throw new AppError('message_not_found');
        return { unread_num: await unreadOf(tx, userId) };
      });
    },

    /** Marks every message of the user read, in one statement with the count's change. */
    async allRead(userId: number): Promise<{ unread_num: number }> {
      const { rows } = await db.execute<{ unread_num: number }>(sql`
        with marked as (
          update ${messages} set read_at = ${clock.now().toISOString()}::timestamptz
          where user_id = ${userId} and read_at is null
          returning 1
        )
        update ${users} set unread_num = unread_num - (select count(*) from marked)
        where id = ${userId}
        returning unread_num`);
      return { unread_num: rows[0]?.unread_num ?? 0 };
    },
  };
}

export type MessageService = ReturnType<typeof createMessageService>;
