import { and, count, desc, eq } from 'drizzle-orm';
import type { OperatorRole } from '@taice/contract';
import type { Db, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Clock } from '../../platform/time/clock';
import { sessions as sessionRows, users } from '../accounts/accounts.schema';
import type { Sessions } from '../accounts/accounts.module';
import { audit, changeRole, type OperatorActor } from './operators';

type SessionRow = typeof sessionRows.$inferSelect;

/**
 * What an admin does to other accounts from the console (decision 044): bans, sessions and roles. Each change
 * is audited in its own transaction; sessions it ends are dropped from every process's cache once committed.
 */
export function createOperatorAccess(deps: { db: Db; clock: Clock; sessions: Sessions }) {
  const { db, clock, sessions } = deps;

  /** The account, locked for the change; `user_not_found` names an unknown one. */
  async function lockedUser(tx: Tx, userId: number) {
    const [user] = await tx
      .select({ id: users.id, bannedAt: users.bannedAt, banReason: users.banReason })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('user_not_found');
    return user;
  }

  const banView = (u: { id: number; bannedAt: Date | null; banReason: string | null }) => ({
    user_id: u.id,
    banned: u.bannedAt !== null,
    banned_at: u.bannedAt?.toISOString() ?? null,
    ban_reason: u.banReason,
  });

  const sessionView = (s: SessionRow) => ({
    id: s.id,
    login_type: s.loginType,
    ip: s.ip ?? '',
    user_agent: s.userAgent ?? '',
    device_id: s.deviceId ?? '',
    created_at: s.createdAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
    revoked_at: s.revokedAt?.toISOString() ?? null,
    active: s.revokedAt === null && s.expiresAt > clock.now(),
  });

  /** Sets or lifts the ban; a ban also ends every session. Asking for the current state changes nothing. */
  async function setBan(actor: OperatorActor, userId: number, reason: string | null) {
    if (userId === actor.userId) throw new AppError('ops_own_account');
    const user = await db.transaction(async (tx) => {
      const before = await lockedUser(tx, userId);
      if ((before.bannedAt !== null) === (reason !== null)) return before;
      const now = clock.now();
      const after = { ...before, bannedAt: reason === null ? null : now, banReason: reason };
      await tx.update(users).set({ bannedAt: after.bannedAt, banReason: reason }).where(eq(users.id, userId));
      if (reason !== null) await sessions.revokeAll(tx as Db, userId);
      const snapshot = (u: typeof before) => ({ banned: u.bannedAt !== null, reason: u.banReason });
      await audit(
        tx,
        actor,
        {
          action: reason === null ? 'user.unban' : 'user.ban',
          targetType: 'user',
          targetId: userId,
          before: snapshot(before),
          after: snapshot(after),
        },
        now,
      );
      return after;
    });
    if (reason !== null) await sessions.forgetAll(userId);
    return banView(user);
  }

  return {
    ban: (actor: OperatorActor, userId: number, reason: string) => setBan(actor, userId, reason),
    unban: (actor: OperatorActor, userId: number) => setBan(actor, userId, null),

    /** The account's sessions, newest first. */
    async sessionsOf(userId: number, page: PageRequest) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('user_not_found');
      const where = eq(sessionRows.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(sessionRows)
          .where(where)
          .orderBy(desc(sessionRows.id))
          .limit(page.size)
          .offset(offsetOf(page)),
        db.select({ n: count() }).from(sessionRows).where(where),
      ]);
      return pageResult(rows.map(sessionView), total?.n ?? 0, page);
    },

    /** Ends one session of the account at once; ending one already ended changes nothing. */
    async revokeSession(actor: OperatorActor, userId: number, sessionId: number) {
      const session = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(sessionRows)
          .where(and(eq(sessionRows.id, sessionId), eq(sessionRows.userId, userId)))
          .for('update');
        if (!row) throw new AppError('not_found');
        if (row.revokedAt) return row;
        const now = clock.now();
        await tx.update(sessionRows).set({ revokedAt: now }).where(eq(sessionRows.id, sessionId));
        const entry = {
          action: 'session.revoke',
          targetType: 'user',
          targetId: userId,
          after: { session_id: sessionId },
        };
        await audit(tx, actor, entry, now);
        return { ...row, revokedAt: now };
      });
      await sessions.forgetAll(userId);
      return sessionView(session);
    },

    /** Grants (`give`) or revokes one role; an admin cannot take their own admin role (no console locks itself out). */
    async setRole(actor: OperatorActor, change: { userId: number; role: OperatorRole; give: boolean }) {
      if (!change.give && change.role === 'admin' && change.userId === actor.userId) {
        throw new AppError('ops_own_account');
      }
      const roles = await db.transaction(async (tx) => {
        await lockedUser(tx, change.userId);
        return changeRole(tx, actor, change, clock.now());
      });
      return { user_id: change.userId, roles };
    },
  };
}

export type OperatorAccess = ReturnType<typeof createOperatorAccess>;
