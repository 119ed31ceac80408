import { z } from 'zod';
import { defineCall, OPERATOR_ROLES, pageOf, pageQuery } from '../call';
import { OPS_ADMIN } from './ops-access';

/** The audit log over the API (admin): searchable, never editable (decision 038). */
export const AUDIT_SEARCH_MAX_LENGTH = 100;

export const auditRowSchema = z.object({
  id: z.number().int(),
  /** A user id, or `cli:<os user>` for the command line. */
  actor: z.string(),
  /** The acting account's name (empty for the command line). */
  actor_name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** `<thing>.<verb>`, e.g. `balance.adjust`, `order.ship`. */
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** Snapshots of what the action changed. */
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

const instant = z.iso.datetime({ offset: true }).max(40);

export const opsAuditList = defineCall({
  method: 'GET',
  path: '/api/ops/audit',
  auth: 'required',
  tag: 'ops',
  roles: OPS_ADMIN,
  summary:
    'Audit rows newest first; q matches the actor exactly, an action by prefix (`order.`), a target as `type`, `type:id` or id; from inclusive, to exclusive (admin)',
  query: pageQuery
    .extend({
      q: z.string().trim().max(AUDIT_SEARCH_MAX_LENGTH).optional(),
      from: instant.optional(),
      to: instant.optional(),
    })
    .refine((v) => !v.from || !v.to || Date.parse(v.from) < Date.parse(v.to), {
      message: 'to must be after from',
      path: ['to'],
    }),
  data: pageOf(auditRowSchema),
});
