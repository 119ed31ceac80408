import { randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { AUTH_CHALLENGE_TTL_SECONDS, type ErrorKey } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { authChallenges } from './identities.schema';

export type ChallengeKind = 'evm' | 'ton' | 'google_state' | 'google_ticket' | 'youtube_state';

export interface Challenge {
  value: string;
  subject: string | null;
  data: Record<string, unknown> | null;
  expiresAt: Date;
}

interface Refusals {
  unknown: ErrorKey;
  used: ErrorKey;
  expired: ErrorKey;
}

/** Challenges stay in the table this long after they expire, then go. */
const KEEP_EXPIRED_MS = 86_400_000;

/**
 * Single-use server values (stored in PostgreSQL so every API process sees
 * the same ones): issued with a lifetime, taken back at most once.
 */
export function createChallenges(db: Db, clock: Clock) {
  return {
    async issue(
      kind: ChallengeKind,
      options: { subject?: string; data?: Record<string, unknown>; ttlSeconds?: number } = {},
    ): Promise<Challenge> {
      const now = clock.now();
      const value = randomBytes(24).toString('base64url');
      const expiresAt = new Date(now.getTime() + (options.ttlSeconds ?? AUTH_CHALLENGE_TTL_SECONDS) * 1000);
      await db.insert(authChallenges).values({
        kind,
        value,
        subject: options.subject ?? null,
        data: options.data ?? null,
        createdAt: now,
        expiresAt,
      });
      return { value, subject: options.subject ?? null, data: options.data ?? null, expiresAt };
    },

    /** Reads a challenge that is still usable, without taking it. */
    async peek(kind: ChallengeKind, value: string): Promise<Challenge | null> {
      const [row] = await db
        .select()
        .from(authChallenges)
        .where(and(eq(authChallenges.kind, kind), eq(authChallenges.value, value), isNull(authChallenges.usedAt)));
      return row && row.expiresAt > clock.now() ? row : null;
    },

    /**
     * Marks the challenge used inside the caller's transaction and returns it;
     * unknown, already used and expired values are refused with their own message.
     */
    async take(tx: Db, kind: ChallengeKind, value: string, refuse: Refusals): Promise<Challenge> {
      const now = clock.now();
      const [taken] = await tx
        .update(authChallenges)
        .set({ usedAt: now })
        .where(and(eq(authChallenges.kind, kind), eq(authChallenges.value, value), isNull(authChallenges.usedAt)))
        .returning();
      if (!taken) {
        const [seen] = await tx
          .select({ id: authChallenges.id })
          .from(authChallenges)
          .where(and(eq(authChallenges.kind, kind), eq(authChallenges.value, value)));
        throw new AppError(seen ? refuse.used : refuse.unknown);
      }
      if (taken.expiresAt <= now) throw new AppError(refuse.expired);
      return taken;
    },

    /** Deletes challenges long expired (run now and then; nothing depends on it). */
    async prune(): Promise<void> {
      await db
        .delete(authChallenges)
        .where(lt(authChallenges.expiresAt, new Date(clock.now().getTime() - KEEP_EXPIRED_MS)));
    },
  };
}

export type Challenges = ReturnType<typeof createChallenges>;
