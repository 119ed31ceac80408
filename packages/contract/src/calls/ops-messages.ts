import { z } from 'zod';
import { defineCall, rowId } from '../call';
import { multiline } from '../text';
import { OPS_ADMIN } from './ops-access';

/**
 * The operator side of the message center (role `admin`): a notice to one account or to all. Each
 * text has an English version; the Chinese ones fall back to it when left out. Every call writes an
 * audit row.
 */
export const NOTICE_TITLE_MAX_LENGTH = 80;
export const NOTICE_TEXT_MAX_LENGTH = 600;

const title = z.string().trim().min(1).max(NOTICE_TITLE_MAX_LENGTH);
const text = multiline(z.string().trim().min(1).max(NOTICE_TEXT_MAX_LENGTH));

export const noticeBody = z.object({
  title_en: title,
  title_cn: title.optional(),
  title_tw: title.optional(),
  text_en: text,
  text_cn: text.optional(),
  text_tw: text.optional(),
});

export const opsMessageSend = defineCall({
  method: 'POST',
  path: '/api/ops/messages/send',
  auth: 'required',
  tag: 'operators',
  roles: OPS_ADMIN,
  summary: 'Send a notice to one account (admin)',
  body: noticeBody.extend({ user_id: rowId }),
  data: z.object({ id: z.number().int() }),
});

const broadcastSchema = z.object({
  id: z.number().int(),
  /** Accounts that have the notice so far. */
  sent: z.number().int(),
  done: z.boolean(),
  created_at: z.string(),
});

export const opsMessageBroadcast = defineCall({
  method: 'POST',
  path: '/api/ops/messages/broadcast',
  auth: 'required',
  tag: 'operators',
  roles: OPS_ADMIN,
  summary: 'Send a notice to every account (admin); delivered in batches by a job',
  body: noticeBody,
  data: broadcastSchema,
});

export const opsMessageBroadcastStatus = defineCall({
  method: 'GET',
  path: '/api/ops/messages/broadcast',
  auth: 'required',
  tag: 'operators',
  roles: OPS_ADMIN,
  summary: 'How far a broadcast has got (admin)',
  query: z.object({ id: rowId }),
  data: broadcastSchema,
});
