import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LoginType } from '@taice/contract';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/database';
import { sessions } from './accounts.schema';

export interface SessionMeta {
  deviceId: string | null;
  ip: string;
  userAgent: string | null;
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

  return {
    async open(tx: Db, userId: number, loginType: LoginType, meta: SessionMeta): Promise<string> {
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
    },

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

    async revokeAll(tx: Db, userId: number): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
