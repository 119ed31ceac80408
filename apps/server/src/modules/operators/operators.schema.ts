import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';

export const OPERATOR_ROLES = ['admin', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Which accounts may use the operator API, and as what (decision 038). */
export const operatorRoles = pgTable(
  'operator_roles',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    role: text().$type<OperatorRole>().notNull(),
    /** Who granted it: a user id or `cli:<os user>`. */
    grantedBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * Every operator action, written in the transaction of the change it records. Append-only: a trigger
 * (migration `audit_log_append_only`) refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** A user id, or `cli:<os user>` for the command line. */
    actor: text().notNull(),
    actorUserId: integer().references(() => users.id),
    role: text().$type<OperatorRole>().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.targetType, t.targetId, t.id), index().on(t.createdAt)],
);
