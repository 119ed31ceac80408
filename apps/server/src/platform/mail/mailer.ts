import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { mailOutbox } from './mail.schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Mail goes out through SMTP when `SMTP_URL` is set. Without it (development)
 * each message is written to the log and to the `mail_outbox` table, which
 * `npm run ops -- outbox` prints.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    // Loaded with the first message, not at start-up (decision 034).
    let transport: Promise<Transporter> | null = null;
    return {
      async send(mail) {
        transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
        await (await transport).sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      options.log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, 'mail written to the outbox');
      await options.db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
