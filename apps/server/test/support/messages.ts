import { eq } from 'drizzle-orm';
import type { MessageTemplate } from '@taice/contract';
import { users } from '../../src/modules/accounts/accounts.schema';
import { createMessages, type NewMessage } from '../../src/modules/messages/messages.module';
import type { TestApp } from './test-app';

/** Writes messages as another module would, each in its own transaction. */
export async function sendMessages<T extends MessageTemplate>(t: TestApp, ...list: NewMessage<T>[]): Promise<number[]> {
  const messages = createMessages({ db: t.database.db, clock: t.clock });
  const ids: number[] = [];
  for (const m of list) ids.push((await t.database.db.transaction((tx) => messages.send(tx, m))).id);
  return ids;
}

/** A plain message for `userId`, as many times as asked. */
export function notices(userId: number, n: number): NewMessage<'operator_notice'>[] {
  return Array.from({ length: n }, (_, i) => ({
    userId,
    template: 'operator_notice' as const,
    params: {
      title: { en_US: `Notice ${i + 1}`, 'zh-CN': `通知 ${i + 1}`, 'zh-TW': `通知 ${i + 1}` },
      content: { en_US: `Text ${i + 1}`, 'zh-CN': `内容 ${i + 1}`, 'zh-TW': `內容 ${i + 1}` },
    },
  }));
}

/** The stored unread count and the number of unread messages: they must always agree. */
export async function unreadState(t: TestApp, userId: number): Promise<{ stored: number; actual: number }> {
  const [user] = await t.database.db.select({ n: users.unreadNum }).from(users).where(eq(users.id, userId));
  const { rows } = await t.database.pool.query<{ n: number }>(
    'select count(*)::int as n from messages where user_id = $1 and read_at is null',
    [userId],
  );
  return { stored: user!.n, actual: rows[0]!.n };
}
