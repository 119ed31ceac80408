import { and, eq, sql } from 'drizzle-orm';
import { parseApiLang, type ApiLang } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { userIdentities } from '../identities/identities.schema';
import { telegramChats } from './telegram.schema';
import type { NotifyKind } from './bot-texts';

export type ChatSettings = Record<NotifyKind, boolean>;

const COLUMN_OF: Record<NotifyKind, 'notifySignIn' | 'notifyResults' | 'notifyOrders'> = {
  sign_in: 'notifySignIn',
  results: 'notifyResults',
  orders: 'notifyOrders',
};

/** The bot's private chats and what each Telegram user opted into (decision 057). */
export function createChats(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * Keeps the chat of a Telegram user who wrote to the bot: its id, the language from the user's Telegram
     * settings, and no longer blocked (a user who writes has unblocked the bot).
     */
    async remember(from: { id: number; language_code?: string }, chatId: number): Promise<ApiLang> {
      const lang = parseApiLang(from.language_code);
      const now = clock.now();
      await db
        .insert(telegramChats)
        .values({ telegramUserId: from.id, chatId, lang, updatedAt: now })
        .onConflictDoUpdate({
          target: telegramChats.telegramUserId,
          set: { chatId, lang, blockedAt: null, updatedAt: now },
        });
      return lang;
    },

    async settings(telegramUserId: number): Promise<ChatSettings> {
      const [row] = await db.select().from(telegramChats).where(eq(telegramChats.telegramUserId, telegramUserId));
      return {
        sign_in: row?.notifySignIn ?? false,
        results: row?.notifyResults ?? false,
        orders: row?.notifyOrders ?? false,
      };
    },

    /** Turns one notification on or off; setting the value it has changes nothing. */
    async setNotify(telegramUserId: number, kind: NotifyKind, on: boolean): Promise<ChatSettings> {
      await db
        .update(telegramChats)
        .set({ [COLUMN_OF[kind]]: on, updatedAt: clock.now() })
        .where(eq(telegramChats.telegramUserId, telegramUserId));
      return this.settings(telegramUserId);
    },

    /** Whether the Telegram user has logged in to TAICE (so has an account to be told about). */
    async isLinked(telegramUserId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: userIdentities.id })
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, 'telegram'), eq(userIdentities.subject, String(telegramUserId))));
      return Boolean(row);
    },

    /** Telegram answered that the user blocked the bot: nothing more is sent until they write again. */
    async markBlocked(telegramUserId: number): Promise<void> {
      await db
        .update(telegramChats)
        .set({ blockedAt: sql`coalesce(${telegramChats.blockedAt}, ${clock.now()})` })
        .where(eq(telegramChats.telegramUserId, telegramUserId));
    },
  };
}

export type Chats = ReturnType<typeof createChats>;
