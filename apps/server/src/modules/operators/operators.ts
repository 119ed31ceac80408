import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { opsAccessCalls } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { auditLog, operatorRoles, operatorSessions, type OperatorRole } from './operators.schema';

/** The calls an operator makes before the second factor: to learn the state of it, enrol and verify. */
export const SECOND_FACTOR_FREE: ReadonlySet<string> = new Set(
  [opsAccessCalls.opsAuthStatus, opsAccessCalls.opsTotpEnrol, opsAccessCalls.opsTotpVerify].map((c) => c.path),
);

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

/**
 * Gives (`give`) or takes one role, with its audit row; returns the roles after. Asking for the state the
 * account is already in changes nothing and audits nothing.
 */
export async function changeRole(
  tx: Tx,
  actor: OperatorActor,
  change: { userId: number; role: OperatorRole; give: boolean },
  at?: Date,
): Promise<OperatorRole[]> {
  const { userId, role, give } = change;
  const before = await rolesOf(tx, userId);
  if (before.includes(role) === give) return before;
  if (give) await tx.insert(operatorRoles).values({ userId, role, grantedBy: actor.who });
  else await tx.delete(operatorRoles).where(and(eq(operatorRoles.userId, userId), eq(operatorRoles.role, role)));
  const after = give ? [...before, role].sort() : before.filter((r) => r !== role);
  const action = give ? 'role.grant' : 'role.revoke';
  await audit(tx, actor, { action, targetType: 'user', targetId: userId, before, after }, at);
  return after;
}

/** Operator roles and the audit log (decision 038). */
export function createOperators(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * The operator behind a request, if the logged-in account holds one of `roles` (the first held, in the
     * order given; by default the roles of the route's call): a visitor is refused with `unauthorized`, a
     * member without the role with `forbidden`, a session not verified with the second factor (decision 044)
     * with `ops_second_factor_required`, except on the calls that verify it.
     */
    async requireRole(
      request: FastifyRequest,
      roles: readonly OperatorRole[] = request.routeOptions.config.roles ?? [],
    ): Promise<OperatorActor> {
      const user = request.user;
      if (!user) throw new AppError('unauthorized');
      const held = await db
        .select({ role: operatorRoles.role, verifiedUntil: operatorSessions.verifiedUntil })
        .from(operatorRoles)
        .leftJoin(
          operatorSessions,
          and(eq(operatorSessions.sessionId, user.sessionId), gt(operatorSessions.verifiedUntil, clock.now())),
        )
        .where(and(eq(operatorRoles.userId, user.id), inArray(operatorRoles.role, [...roles])));
      const role = roles.find((r) => held.some((h) => h.role === r));
      if (!role) throw new AppError('forbidden');
      if (!held[0]?.verifiedUntil && !SECOND_FACTOR_FREE.has(request.routeOptions.url ?? '')) {
        throw new AppError('ops_second_factor_required');
      }
      return { userId: user.id, who: String(user.id), role, requestId: request.id, ip: request.ip };
    },

    /** `audit` with the service's clock. */
    audit: (tx: Tx, actor: OperatorActor, entry: AuditEntry) => audit(tx, actor, entry, clock.now()),
  };
}

export type Operators = ReturnType<typeof createOperators>;

/**
 * Checks every operator call (a call with `roles`) before its input is read, after the session check: so a
 * member learns nothing of an operator call's input, and no operator call can forget the second factor.
 */
export const operatorsGate = fp<{ operators: Operators }>(
  async (app, { operators }) => {
    app.addHook('preValidation', async (request) => {
      const roles = request.routeOptions.config.roles;
      if (roles) await operators.requireRole(request, roles);
    });
  },
  { name: 'operators-gate', dependencies: ['auth'] },
);
