import type { Localized } from '@taice/contract';
import type { Db } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { audit, type OperatorActor } from '../operators/operators.module';
import { createBroadcasts, type Notice } from './broadcasts';
import { createMessageService } from './messages.service';

/** The message center (decision 039): messages written on events, read by their owner, notices from operators. */
export function createMessages(deps: { db: Db; clock: Clock; broadcastBatchSize?: number }) {
  const { db, clock } = deps;
  const service = createMessageService(deps);
  const broadcasts = createBroadcasts({ db, clock, batchSize: deps.broadcastBatchSize });

  return {
    ...service,
    broadcasts,

    /** An operator's notice to one account, audited in the same transaction. */
    async sendNotice(actor: OperatorActor, userId: number, notice: Notice): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const sent = await service.send(tx, { userId, template: 'operator_notice', params: notice });
        await audit(
          tx,
          actor,
          { action: 'message.send', targetType: 'user', targetId: userId, after: { message_id: sent.id, ...notice } },
          clock.now(),
        );
        return sent;
      });
    },

    /** An operator's notice to every account: queued for the broadcast job, audited in the same transaction. */
    async sendNoticeToAll(actor: OperatorActor, notice: Notice): Promise<{ id: number }> {
      return db.transaction(async (tx) => {
        const started = await broadcasts.start(tx, notice, actor.who);
        await audit(
          tx,
          actor,
          { action: 'message.broadcast', targetType: 'broadcast', targetId: started.id, after: notice },
          clock.now(),
        );
        return started;
      });
    },
  };
}

export type Messages = ReturnType<typeof createMessages>;

/** A notice's texts from the English ones and the optional Chinese ones (which fall back to English). */
export function noticeOf(t: {
  title_en: string;
  title_cn?: string;
  title_tw?: string;
  text_en: string;
  text_cn?: string;
  text_tw?: string;
}): Notice {
  const localized = (en: string, cn?: string, tw?: string): Localized => ({
    en_US: en,
    'zh-CN': cn ?? en,
    'zh-TW': tw ?? en,
  });
  return {
    title: localized(t.title_en, t.title_cn, t.title_tw),
    content: localized(t.text_en, t.text_cn, t.text_tw),
  };
}
