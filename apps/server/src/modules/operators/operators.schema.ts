import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { OperatorRole } from '@taice/contract';
import { sessions, users } from '../accounts/accounts.schema';

export { OPERATOR_ROLES, type OperatorRole } from '@taice/contract';

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

/** An operator's TOTP secret (RFC 6238, decision 044); confirmed by the first good code. */
export const operatorTotp = pgTable('operator_totp', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  /** Base32, as authenticator apps take it. */
  secret: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  /** The time step of the last code accepted: a code of this step or an earlier one is refused (no replay). */
  lastStep: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Sessions verified with the second factor, and until when: operator sessions are short-lived. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    sessionId: integer()
      .primaryKey()
      .references(() => sessions.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    verifiedUntil: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId)],
);
