import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { auditLog, operatorRoles, type OperatorRole } from './operators.schema';

export { OPERATOR_ROLES, type OperatorRole } from './operators.schema';

/** Who does an operator action, and from where: what every audit row records. */
export interface OperatorActor {
  /** The account, or null for the command line. */
  userId: number | null;
  /** `String(userId)`, or `cli:<os user>`. */
  who: string;
  role: OperatorRole;
  requestId: string | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes one audit row in the caller's transaction: it exists only if the change it records commits. */
export async function audit(tx: Tx, actor: OperatorActor, entry: AuditEntry, at?: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actor: actor.who,
    actorUserId: actor.userId,
    role: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: actor.requestId,
    ip: actor.ip,
    ...(at ? { createdAt: at } : {}),
  });
}

/** The roles an account holds, in name order. */
export async function rolesOf(tx: Tx, userId: number): Promise<OperatorRole[]> {
  const rows = await tx
    .select({ role: operatorRoles.role })
    .from(operatorRoles)
    .where(eq(operatorRoles.userId, userId))
    .orderBy(operatorRoles.role);
  return rows.map((r) => r.role);
}

/** Operator roles and the audit log (decision 038). */
export function createOperators(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * The operator behind a request, if the logged-in account holds one of `roles` (the first held, in the
     * order given): a visitor is refused with `unauthorized`, a member without the role with `forbidden`.
     */
    async requireRole(request: FastifyRequest, roles: readonly OperatorRole[]): Promise<OperatorActor> {
      const user = request.user;
      if (!user) throw new AppError('unauthorized');
      const held = await db
        .select({ role: operatorRoles.role })
        .from(operatorRoles)
        .where(and(eq(operatorRoles.userId, user.id), inArray(operatorRoles.role, [...roles])));
      const role = roles.find((r) => held.some((h) => h.role === r));
      if (!role) throw new AppError('forbidden');
      return { userId: user.id, who: String(user.id), role, requestId: request.id, ip: request.ip };
    },

    /** `audit` with the service's clock. */
    audit: (tx: Tx, actor: OperatorActor, entry: AuditEntry) => audit(tx, actor, entry, clock.now()),
  };
}

export type Operators = ReturnType<typeof createOperators>;
