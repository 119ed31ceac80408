import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LoginType } from '@taice/contract';
import { AppError } from '../../platform/app-error';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/database';
import { sessions } from './accounts.schema';

export interface SessionMeta {
  deviceId: string | null;
  ip: string;
  userAgent: string | null;
}

/** Who opens a session: kept with it for the user's own security review. */
export function sessionMeta(request: FastifyRequest): SessionMeta {
  return { deviceId: request.ctx.deviceId, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export interface ActiveSession {
  sessionId: number;
  userId: number;
  loginType: LoginType;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Bearer tokens: 32 random bytes (base64url), stored only as their SHA-256,
 * valid for a fixed time from login, ended by logout or a password reset.
 */
export function createSessions(db: Db, clock: Clock, ttlDays: number) {
  // Runs on every logged-in call: prepared once per connection.
  const activeByHash = db
    .select({ sessionId: sessions.id, userId: sessions.userId, loginType: sessions.loginType })
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('active_session_by_token');

  async function open(tx: Db, userId: number, loginType: LoginType, meta: SessionMeta): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await tx.insert(sessions).values({
      userId,
      tokenHash: tokenHash(token),
      loginType,
      deviceId: meta.deviceId,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlDays * 86_400_000),
    });
    return token;
  }

  return {
    open,

    async resolve(token: string): Promise<ActiveSession | null> {
      const [row] = await activeByHash.execute({ hash: tokenHash(token), now: clock.now() });
      return row ? { ...row, loginType: row.loginType as LoginType } : null;
    },

    /** Ends the session of this token; a token already ended or unknown is fine. */
    async revoke(token: string): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.tokenHash, tokenHash(token)), isNull(sessions.revokedAt)));
    },

    /** Ends one session and opens a new one for the same login (a token refresh). */
    async rotate(session: ActiveSession, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
      const token = await db.transaction(async (tx) => {
        const ended = await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt)))
          .returning({ id: sessions.id });
        // Refreshed by a parallel request already: this token is no longer valid.
        if (ended.length === 0) throw new AppError('unauthorized');
        return open(tx, session.userId, session.loginType, meta);
      });
      return { token, expiresAt: new Date(clock.now().getTime() + ttlDays * 86_400_000) };
    },

    async revokeAll(tx: Db, userId: number): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
