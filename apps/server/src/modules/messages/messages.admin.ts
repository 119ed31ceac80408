import type { Db } from '../../platform/db/database';
import { systemClock } from '../../platform/time/clock';
import { accountByEmail, cliActor } from '../operators/operators.admin';
import { createMessages, noticeOf } from './messages';

/** Operator notices from the command line (CLI `messages send`), audited as the OS user. */
export function messagesAdmin(db: Db) {
  const messages = createMessages({ db, clock: systemClock });
  return {
    /** A notice to the account with this e-mail address; a RangeError names an unknown one. */
    async sendToUser(email: string, texts: Parameters<typeof noticeOf>[0]) {
      const user = await accountByEmail(db, email);
      return messages.sendNotice(cliActor(), user.id, noticeOf(texts));
    },

    /** A notice to every account, delivered by the server's jobs. */
    sendToAll: (texts: Parameters<typeof noticeOf>[0]) => messages.sendNoticeToAll(cliActor(), noticeOf(texts)),

    broadcast: (id: number) => messages.broadcasts.status(id),
  };
}
