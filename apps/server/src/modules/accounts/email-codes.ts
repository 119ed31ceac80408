import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { EMAIL_CODE_LENGTH } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { RateLimitRule, RateLimits } from '../../platform/state/shared-state';
import { emailCodes } from './accounts.schema';

export type CodePurpose = 'register' | 'forget_password';

const CODE_TTL_MS = 10 * 60_000;
const MAX_TRIES = 5;
/** One code per address (and purpose) per minute, and at most 20 an hour from one IP. */
export const codeRules = {
  perAddress: { name: 'email-code.address', points: 1, durationSeconds: 60 },
  perIp: { name: 'email-code.ip', points: 20, durationSeconds: 3600 },
} satisfies Record<string, RateLimitRule>;

/**
 * E-mail codes: 6 digits, valid 10 minutes, single use, and burned after 5
 * tries. Only an HMAC of the code is stored.
 */
export function createEmailCodes(db: Db, clock: Clock, limits: RateLimits, secret: string) {
  const digest = (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${purpose}:${email}:${code}`).digest();

  return {
    /** Makes a new code (the previous ones of the address and purpose stop counting). */
    async issue(email: string, purpose: CodePurpose, ip: string): Promise<string> {
      await limits.consume(
        codeRules.perAddress,
        `${purpose}:${email}`,
        (seconds) => new AppError('code_cooldown', { seconds }),
      );
      await limits.consume(
        codeRules.perIp,
        ip,
        (seconds) => new AppError('code_ip_limit', { minutes: Math.ceil(seconds / 60) }),
      );
      const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx
          .update(emailCodes)
          .set({ usedAt: now })
          .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
        await tx.insert(emailCodes).values({
          email,
          purpose,
          codeHash: digest(email, purpose, code).toString('hex'),
          ip,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        });
      });
      return code;
    },

    /**
     * Checks a code and returns its id for `consume`. Every check counts as a
     * try, atomically, so parallel guesses cannot exceed the limit.
     */
    async check(email: string, purpose: CodePurpose, code: string): Promise<number> {
      const now = clock.now();
      const [latest] = await db
        .select({ id: emailCodes.id, expiresAt: emailCodes.expiresAt })
        .from(emailCodes)
        .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)))
        .orderBy(desc(emailCodes.createdAt))
        .limit(1);
      if (!latest) throw new AppError('code_invalid');
      if (latest.expiresAt <= now) throw new AppError('code_expired');
      const [tried] = await db
        .update(emailCodes)
        .set({ attempts: sql`${emailCodes.attempts} + 1` })
        .where(
          and(
            eq(emailCodes.id, latest.id),
            isNull(emailCodes.usedAt),
            lt(emailCodes.attempts, MAX_TRIES),
            gt(emailCodes.expiresAt, now),
          ),
        )
        .returning({ codeHash: emailCodes.codeHash, attempts: emailCodes.attempts });
      if (!tried) throw new AppError('code_exhausted');
      const expected = Buffer.from(tried.codeHash, 'hex');
      const given = digest(email, purpose, code.trim());
      if (expected.length === given.length && timingSafeEqual(expected, given)) return latest.id;
      throw new AppError(tried.attempts >= MAX_TRIES ? 'code_exhausted' : 'code_invalid');
    },

    /** Uses a checked code up inside the caller's transaction; a code used meanwhile is refused. */
    async consume(tx: Db, id: number): Promise<void> {
      const used = await tx
        .update(emailCodes)
        .set({ usedAt: clock.now() })
        .where(and(eq(emailCodes.id, id), isNull(emailCodes.usedAt)))
        .returning({ id: emailCodes.id });
      if (used.length === 0) throw new AppError('code_invalid');
    },
  };
}

export type EmailCodes = ReturnType<typeof createEmailCodes>;
