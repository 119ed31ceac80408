import escapeHtml from 'escape-html';
import { sql } from 'drizzle-orm';
import { GrammyError, type Api } from 'grammy';
import type { FastifyBaseLogger } from 'fastify';
import type { ApiLang, MessageTemplate } from '@taice/contract';
import type { Db, Tx } from '../../platform/db/database';
import { queueJob } from '../../platform/jobs/jobs';
import { businessDay } from '../../platform/time/business-day';
import type { Clock } from '../../platform/time/clock';
import { renderMessage, type WrittenMessage } from '../messages/messages.module';
import { BOT_TEXTS, type NotifyKind } from './bot-texts';
import { openAppKeyboard, type BotSettings } from './bot';
import type { Chats } from './chats';

export const SEND_TASK = 'telegram.send';
export const SIGN_IN_REMINDER_TASK = 'telegram.sign_in_reminders';

/** The message-center messages a Telegram user can be told of, by the notification that covers them. */
const KIND_OF_TEMPLATE: Partial<Record<MessageTemplate, NotifyKind>> = {
  reward_won: 'results',
  reward_shared: 'results',
  reward_ineligible: 'results',
  reward_approved: 'results',
  reward_rejected: 'results',
  order_shipped: 'orders',
};

const FLAG_OF: Record<NotifyKind, string> = {
  sign_in: 'notify_sign_in',
  results: 'notify_results',
  orders: 'notify_orders',
};

/** Reminders are spread out so that a day's batch stays under Telegram's 30 messages a second. */
const REMINDER_SPACING_MS = 50;

/** A notice with what sending it needs: its chat, the chat's choices and, for a message, the message. */
type DueNotice = {
  id: number;
  kind: 'message' | 'sign_in_reminder';
  status: string;
  telegram_user_id: number;
  chat_id: number | null;
  lang: ApiLang | null;
  blocked: boolean | null;
  notify_sign_in: boolean | null;
  notify_results: boolean | null;
  notify_orders: boolean | null;
  /** For a reminder: whether the account signed in on its day since it was queued. */
  signed_in: boolean;
  template: MessageTemplate | null;
  params: Record<string, unknown> | null;
};

const sendKey = (id: number) => `${SEND_TASK}:${id}`;

/**
 * The bot's notifications (decision 057). Each is a row of `telegram_notices`, queued in the transaction of the
 * event it tells of, and a durable send job. The job sends a row once: it holds the row's lock while it sends,
 * skips a row no longer queued, and when Telegram answers 429 it queues itself again after `retry_after`.
 */
export function createNotices(deps: {
  db: Db;
  clock: Clock;
  api: Api;
  settings: BotSettings;
  chats: Chats;
  log: FastifyBaseLogger;
}) {
  const { db, clock, api, settings, chats, log } = deps;

  async function queueRows(tx: Tx, ids: number[], spacingMs = 0): Promise<void> {
    const now = clock.now().getTime();
    for (const [i, id] of ids.entries()) {
      await queueJob(tx, SEND_TASK, { noticeId: id }, { key: sendKey(id), runAt: new Date(now + i * spacingMs) });
    }
  }

  /** The text and button of a notice in the chat's language. */
  function compose(notice: DueNotice, lang: ApiLang) {
    const texts = BOT_TEXTS[lang];
    const shown =
      notice.kind === 'sign_in_reminder'
        ? { title: texts.reminderTitle, content: texts.reminder }
        : renderMessage(notice.template!, notice.params!, lang);
    return {
      text: `<b>${escapeHtml(shown.title)}</b>\n${escapeHtml(shown.content)}`,
      keyboard: openAppKeyboard(settings, notice.kind === 'sign_in_reminder' ? texts.signInNow : texts.openApp),
    };
  }

  /** Whether the notice is still to be sent: a chat to send to, still opted in, still relevant. */
  function isDue(notice: DueNotice): boolean {
    if (notice.chat_id === null || notice.blocked) return false;
    if (notice.kind === 'sign_in_reminder') return Boolean(notice.notify_sign_in) && !notice.signed_in;
    const kind = notice.template && KIND_OF_TEMPLATE[notice.template];
    return kind === 'results' ? Boolean(notice.notify_results) : kind === 'orders' && Boolean(notice.notify_orders);
  }

  async function finish(tx: Tx, id: number, status: 'sent' | 'skipped'): Promise<void> {
    await tx.execute(sql`update telegram_notices set status = ${status}, done_at = ${clock.now()} where id = ${id}`);
  }

  return {
    /**
     * Queues the Telegram copy of a message-center message, in the message's transaction, when its owner has
     * a Telegram chat with the bot that opted into the message's kind. Queuing one message twice makes one.
     */
    async queueForMessage(tx: Tx, message: WrittenMessage): Promise<void> {
      const kind = KIND_OF_TEMPLATE[message.template];
      if (!kind) return;
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into telegram_notices (telegram_user_id, kind, ref)
        select c.telegram_user_id, 'message', ${String(message.id)}
        from user_identities i
        join telegram_chats c on c.telegram_user_id = case when i.provider = 'telegram' then i.subject::bigint end
        where i.user_id = ${message.userId} and i.provider = 'telegram'
          and c.${sql.raw(FLAG_OF[kind])} and c.blocked_at is null
        on conflict do nothing
        returning id`);
      await queueRows(
        tx,
        rows.map((r) => r.id),
      );
    },

    /**
     * The day's sign-in reminders: to each opted-in Telegram user whose account has not signed in on this
     * UTC+8 day. Run again the same day, it queues only those not reminded yet.
     */
    async queueSignInReminders(): Promise<number> {
      const day = businessDay(clock.now());
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: number }>(sql`
          insert into telegram_notices (telegram_user_id, kind, ref)
          select c.telegram_user_id, 'sign_in_reminder', ${day}
          from telegram_chats c
          join user_identities i on i.provider = 'telegram' and i.subject = c.telegram_user_id::text
          where c.notify_sign_in and c.blocked_at is null
            and not exists (select 1 from sign_ins s where s.user_id = i.user_id and s.day = ${day})
          order by c.telegram_user_id
          on conflict do nothing
          returning id`);
        await queueRows(
          tx,
          rows.map((r) => r.id),
          REMINDER_SPACING_MS,
        );
        return rows.length;
      });
    },

    /** The send job: sends one notice at most once. */
    async send(noticeId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<DueNotice>(sql`
          select n.id, n.kind, n.status, n.telegram_user_id, c.chat_id, c.lang, c.blocked_at is not null as blocked,
            c.notify_sign_in, c.notify_results, c.notify_orders, m.template, m.params,
            case when n.kind = 'sign_in_reminder' then exists (
              select 1 from user_identities i join sign_ins s on s.user_id = i.user_id and s.day = n.ref::date
              where i.provider = 'telegram' and i.subject = n.telegram_user_id::text) else false end as signed_in
          from telegram_notices n
          left join telegram_chats c on c.telegram_user_id = n.telegram_user_id
          -- The ref is a message's id only for a message (a day for a reminder): the case keeps the cast to those.
          left join messages m on m.id = case when n.kind = 'message' then n.ref::int end
          where n.id = ${noticeId}
          for update of n skip locked`);
        const notice = rows[0];
        if (!notice || notice.status !== 'queued') return;
        if (!isDue(notice)) return finish(tx, notice.id, 'skipped');
        const content = compose(notice, notice.lang!);
        try {
          await api.sendMessage(notice.chat_id!, content.text, {
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
            ...(content.keyboard ? { reply_markup: content.keyboard } : {}),
          });
        } catch (error) {
          if (!(error instanceof GrammyError)) throw error; // Telegram unreachable: the job retries with backoff
          if (error.error_code === 429) {
            const waitSeconds = error.parameters.retry_after ?? 1;
            await tx.execute(sql`update telegram_notices set throttled = throttled + 1 where id = ${notice.id}`);
            await queueJob(
              tx,
              SEND_TASK,
              { noticeId: notice.id },
              { key: sendKey(notice.id), runAt: new Date(clock.now().getTime() + waitSeconds * 1000) },
            );
            return;
          }
          log.warn({ noticeId, code: error.error_code, description: error.description }, 'telegram notice refused');
          if (error.error_code === 403) await chats.markBlocked(notice.telegram_user_id);
          return finish(tx, notice.id, 'skipped');
        }
        await finish(tx, notice.id, 'sent');
      });
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
