import { and, eq, gt, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, NobleCryptoPlugin, ScureBase32Plugin, TOTP } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { AuthUser } from '../../platform/http/auth';
import type { RateLimitRule, RateLimits } from '../../platform/state/shared-state';
import type { Clock } from '../../platform/time/clock';
import { users } from '../accounts/accounts.schema';
import { audit, rolesOf, type OperatorActor } from './operators';
import { operatorSessions, operatorTotp } from './operators.schema';

/** Wrong codes an operator may enter before waiting: 5 per 15 minutes keeps guessing 6 digits hopeless. */
export const totpFailures: RateLimitRule = { name: 'ops-totp.failures', points: 5, durationSeconds: 900 };

const ISSUER = 'TAICE';
/** RFC 6238: 30-second steps; a code of the step before or after is accepted (clock drift, typing time). */
const TOLERANCE_SECONDS = 30;
const totpCodes = new TOTP({ crypto: new NobleCryptoPlugin(), base32: new ScureBase32Plugin() });

/** The TOTP second factor of operators (decision 044): enrolment, and verifying a session for a while. */
export function createSecondFactor(deps: { db: Db; clock: Clock; limits: RateLimits; verifiedMinutes: number }) {
  const { db, clock, limits, verifiedMinutes } = deps;

  async function verifiedUntil(sessionId: number): Promise<Date | null> {
    const [row] = await db
      .select({ until: operatorSessions.verifiedUntil })
      .from(operatorSessions)
      .where(and(eq(operatorSessions.sessionId, sessionId), gt(operatorSessions.verifiedUntil, clock.now())));
    return row?.until ?? null;
  }

  return {
    async status(user: AuthUser) {
      const [totp] = await db
        .select({ confirmedAt: operatorTotp.confirmedAt })
        .from(operatorTotp)
        .where(eq(operatorTotp.userId, user.id));
      const until = await verifiedUntil(user.sessionId);
      return {
        roles: await rolesOf(db, user.id),
        totp_enrolled: Boolean(totp?.confirmedAt),
        verified_until: until?.toISOString() ?? null,
      };
    },

    /** A new secret, replacing one not confirmed yet; refused once a secret is confirmed (the CLI resets it). */
    async enrol(userId: number) {
      const secret = generateSecret();
      const enrolled = await db
        .insert(operatorTotp)
        .values({ userId, secret, createdAt: clock.now() })
        .onConflictDoUpdate({
          target: operatorTotp.userId,
          set: { secret, lastStep: null, createdAt: clock.now() },
          setWhere: isNull(operatorTotp.confirmedAt),
        })
        .returning({ userId: operatorTotp.userId });
      if (enrolled.length === 0) throw new AppError('totp_already_enrolled');
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      const otpauthUrl = generateURI({ issuer: ISSUER, label: user?.email ?? `user ${userId}`, secret });
      return { secret, otpauth_url: otpauthUrl, qr_data_url: await QRCode.toDataURL(otpauthUrl) };
    },

    /**
     * Verifies the actor's session for `verifiedMinutes` from now. A code of a time step already used
     * (by any session) is refused, so a code seen over a shoulder cannot be replayed; the first good code
     * confirms the enrolment (audited).
     */
    async verify(actor: OperatorActor & { userId: number }, sessionId: number, code: string) {
      const key = String(actor.userId);
      await limits.check(totpFailures, key);
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const [totp] = await tx.select().from(operatorTotp).where(eq(operatorTotp.userId, actor.userId)).for('update');
        if (!totp) throw new AppError('totp_not_enrolled');
        const checked = await totpCodes.verify(code, {
          secret: totp.secret,
          epoch: Math.floor(now.getTime() / 1000),
          epochTolerance: TOLERANCE_SECONDS,
          ...(totp.lastStep === null ? {} : { afterTimeStep: totp.lastStep }),
        });
        if (!checked.valid) return null;
        await tx
          .update(operatorTotp)
          .set({ lastStep: checked.timeStep, confirmedAt: totp.confirmedAt ?? now })
          .where(eq(operatorTotp.userId, actor.userId));
        if (!totp.confirmedAt) {
          await audit(tx, actor, { action: 'totp.enrol', targetType: 'user', targetId: actor.userId }, now);
        }
        const until = new Date(now.getTime() + verifiedMinutes * 60_000);
        await tx
          .insert(operatorSessions)
          .values({ sessionId, userId: actor.userId, verifiedUntil: until })
          .onConflictDoUpdate({ target: operatorSessions.sessionId, set: { verifiedUntil: until } });
        return until;
      });
      if (!result) {
        await limits.consume(totpFailures, key);
        throw new AppError('totp_code_invalid');
      }
      return { verified_until: result.toISOString() };
    },
  };
}

export type SecondFactor = ReturnType<typeof createSecondFactor>;
