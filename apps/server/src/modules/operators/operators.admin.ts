import os from 'node:os';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import { audit, changeRole, rolesOf, type OperatorActor } from './operators';
import {
  auditLog,
  OPERATOR_ROLES,
  operatorRoles,
  operatorSessions,
  operatorTotp,
  type OperatorRole,
} from './operators.schema';

/** The operator at the command line: the OS account that ran it, with every power (decision 038). */
export function cliActor(): OperatorActor {
  return { userId: null, who: `cli:${os.userInfo().username}`, role: 'admin', requestId: null, ip: null };
}

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

/** The account with this e-mail address, locked for the change; a RangeError names an unknown one. */
export async function accountByEmail(tx: Pick<Db, 'select'>, email: string): Promise<{ id: number; email: string }> {
  const [user] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
    .for('update');
  if (!user?.email) throw new RangeError(`no account with the e-mail address ${email}`);
  return { id: user.id, email: user.email };
}

/** Role changes and the audit trail, for `src/ops` (CLI `users`, `audit`). */
export function operatorsAdmin(db: Db, actor: OperatorActor = cliActor()) {
  return {
    /** Gives the account a role; returns its roles after. Granting a held role changes nothing and audits nothing. */
    async grant(email: string, role: string) {
      if (!isOperatorRole(role)) throw new RangeError(`the role must be one of ${OPERATOR_ROLES.join(', ')}`);
      return db.transaction(async (tx) => {
        const user = await accountByEmail(tx, email);
        return { ...user, roles: await changeRole(tx, actor, { userId: user.id, role, give: true }) };
      });
    },

    /** Takes every role from the account. */
    async revoke(email: string) {
      return db.transaction(async (tx) => {
        const user = await accountByEmail(tx, email);
        const before = await rolesOf(tx, user.id);
        if (before.length === 0) return { ...user, roles: [] };
        await tx.delete(operatorRoles).where(eq(operatorRoles.userId, user.id));
        await audit(tx, actor, { action: 'role.revoke', targetType: 'user', targetId: user.id, before, after: [] });
        return { ...user, roles: [] };
      });
    },

    /**
     * Removes the account's TOTP secret and ends its verified sessions, for an operator who lost the device:
     * the next console visit enrols again. Returns whether there was one (a reset of none audits nothing).
     */
    async totpReset(email: string) {
      return db.transaction(async (tx) => {
        const user = await accountByEmail(tx, email);
        const removed = await tx.delete(operatorTotp).where(eq(operatorTotp.userId, user.id)).returning();
        await tx.delete(operatorSessions).where(eq(operatorSessions.userId, user.id));
        if (removed.length > 0) await audit(tx, actor, { action: 'totp.reset', targetType: 'user', targetId: user.id });
        return { ...user, reset: removed.length > 0 };
      });
    },

    /** Audit rows, newest first; `target` is `type` or `type:id`. */
    async list(options: { target?: string; limit?: number; beforeId?: number } = {}) {
      const where: SQL[] = [];
      if (options.target) {
        const [type = '', id] = options.target.split(':', 2);
        where.push(eq(auditLog.targetType, type));
        if (id !== undefined) where.push(eq(auditLog.targetId, id));
      }
      if (options.beforeId) where.push(lt(auditLog.id, options.beforeId));
      return db
        .select()
        .from(auditLog)
        .where(and(...where))
        .orderBy(desc(auditLog.id))
        .limit(options.limit ?? 50);
    },
  };
}
