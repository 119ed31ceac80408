import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { LoginType } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { sessions, users } from './accounts.schema';
import type { SessionCache } from './session-cache';

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
 * Active sessions are cached (decision 022): everything that ends one drops it
 * from the cache after its change is committed.
 */
export function createSessions(db: Db, clock: Clock, ttlDays: number, cache: SessionCache) {
  // Runs on every logged-in call the cache misses: prepared once per connection.
  const activeByHash = db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      loginType: sessions.loginType,
      expiresAt: sessions.expiresAt,
    })
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
    // Shared lock: a ban (decision 044) waits for this session to commit and then ends it, or goes first.
    const [user] = await tx.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, userId)).for('share');
    if (user?.bannedAt) throw new AppError('account_banned');
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
      const hash = tokenHash(token);
      const cached = cache.get(hash);
      if (cached) return cached;
      const startedAt = cache.generation();
      const [row] = await activeByHash.execute({ hash, now: clock.now() });
      if (!row) return null;
      const session = { ...row, loginType: row.loginType as LoginType };
      cache.set(hash, session, startedAt);
      return session;
    },

    /** Ends the session of this token; a token already ended or unknown is fine. */
    async revoke(token: string): Promise<void> {
      const hash = tokenHash(token);
      await db
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt)));
      await cache.drop({ tokenHash: hash });
    },

    /** Ends one session and opens a new one for the same login (a token refresh). */
    async rotate(session: ActiveSession, meta: SessionMeta): Promise<{ token: string; expiresAt: Date }> {
      const { token, endedHash } = await db.transaction(async (tx) => {
        const [ended] = await tx
          .update(sessions)
          .set({ revokedAt: clock.now() })
          .where(and(eq(sessions.id, session.sessionId), isNull(sessions.revokedAt)))
          .returning({ tokenHash: sessions.tokenHash });
        // Refreshed by a parallel request already: this token is no longer valid.
        if (!ended) throw new AppError('unauthorized');
        return { token: await open(tx, session.userId, session.loginType, meta), endedHash: ended.tokenHash };
      });
      await cache.drop({ tokenHash: endedHash });
      return { token, expiresAt: new Date(clock.now().getTime() + ttlDays * 86_400_000) };
    },

    /**
     * Ends every session of the user inside the caller's transaction. The caller
     * must call `forgetAll` once that transaction commits: until then the
     * sessions still read as active, so a request in between could cache one
     * again, and dropping them any earlier would not last.
     */
    async revokeAll(tx: Db, userId: number): Promise<void> {
      await tx
        .update(sessions)
        .set({ revokedAt: clock.now() })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /** Drops the user's sessions from every process's cache, after `revokeAll` committed. */
    forgetAll: (userId: number) => cache.drop({ userId }),
  };
}

export type Sessions = ReturnType<typeof createSessions>;
