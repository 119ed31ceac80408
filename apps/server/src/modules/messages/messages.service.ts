import type pg from 'pg';
import { and, eq, isNull, sql } from 'drizzle-orm';
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

/** A message as written, for the listeners that tell the user elsewhere too (the Telegram bot). */
export interface WrittenMessage {
  id: number;
  userId: number;
  template: MessageTemplate;
  params: Record<string, unknown>;
}

/** Runs in the writer's transaction: what it queues commits with the message or not at all. */
export type WrittenListener = (tx: Tx, message: WrittenMessage) => Promise<void>;

interface PageRow {
  unread_num: number;
  total: number;
  /** The message columns are null when the page is empty (the user's row comes alone). */
  id: number | null;
  template: MessageTemplate | null;
  params: Record<string, unknown> | null;
  link_kind: MessageLinkKind | null;
  link_id: number | null;
  is_read: boolean | null;
  created_at: Date | null;
}

/** A page of one user's messages with the counts, in one statement: `$1` user, `$2` size, `$3` offset. */
function pageStatement(name: string, unreadOnly: boolean) {
  const filter = unreadOnly ? 'and m.read_at is null' : '';
  const total = unreadOnly ? 'u.unread_num' : '(select count(*)::int from messages c where c.user_id = u.id)';
  return {
    name,
    text: `select u.unread_num, ${total} as total, m.id, m.template, m.params, m.link_kind, m.link_id,
        m.read_at is not null as is_read, m.created_at
      from users u
      left join lateral (
        select * from messages m where m.user_id = u.id ${filter} order by m.id desc limit $2 offset $3
      ) m on true
      where u.id = $1
      order by m.id desc`,
  };
}
// Two statements, so that each keeps the plan of its own index.
const WHOLE_PAGE = pageStatement('message_page', false);
const UNREAD_PAGE = pageStatement('message_unread_page', true);

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
  // The pool drizzle runs on, for the named prepared statements of the list.
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const listeners: WrittenListener[] = [];

  return {
    /** Adds a listener told of every message written from now on. */
    onWritten(listener: WrittenListener): void {
      listeners.push(listener);
    },

    /** Writes a message in the caller's transaction, counts it unread and tells the listeners. */
    async send<T extends MessageTemplate>(tx: Tx, m: NewMessage<T>): Promise<{ id: number }> {
      const params = m.params ?? {};
      const [row] = await tx
        .insert(messages)
        .values({
          userId: m.userId,
          template: m.template,
          params,
          linkKind: m.link?.kind ?? null,
          linkId: m.link?.id ?? null,
          createdAt: clock.now(),
        })
        .returning({ id: messages.id });
      await bumpUnread(tx, m.userId, 1);
      for (const listener of listeners)
        await listener(tx, { id: row!.id, userId: m.userId, template: m.template, params });
      return { id: row!.id };
    },

    /**
     * The user's messages, newest first, in `lang`; unread ones only with `unread`. One prepared
     * statement reads the page and both counts; only the whole list is counted, the unread count is
     * kept on the user.
     */
    async list(userId: number, page: PageRequest & { unread?: number }, lang: ApiLang) {
      const statement = page.unread ? UNREAD_PAGE : WHOLE_PAGE;
      const { rows } = await pool.query<PageRow>({
        ...statement,
        values: [userId, page.size, offsetOf(page)],
      });
      const first = rows[0];
      const list: Message[] = rows
        .filter((r) => r.id !== null)
        .map((r) => ({
          id: r.id!,
          template: r.template!,
          ...renderMessage(r.template!, r.params!, lang),
          link: r.link_kind ? { kind: r.link_kind, id: r.link_id } : null,
          is_read: r.is_read ? 1 : 0,
          created_at: r.created_at!.toISOString(),
        }));
      return { ...pageResult(list, first?.total ?? 0, page), unread_num: first?.unread_num ?? 0 };
    },

    /** Marks one of the user's messages read; reading again changes nothing. */
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
