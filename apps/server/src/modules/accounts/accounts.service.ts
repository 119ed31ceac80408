import { and, eq, isNull, sql } from 'drizzle-orm';
import { LOGIN_TYPES, type ApiLang, type LoginType, type UserInfo } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { businessDay } from '../../platform/time/business-day';
import type { Clock } from '../../platform/time/clock';
import { isUniqueViolation, type Db } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail/mailer';
import type { RateLimitRule, RateLimits } from '../../platform/state/shared-state';
import { registerVisits, users } from './accounts.schema';
import type { EmailCodes } from './email-codes';
import { codeMail } from './mail-templates';
import { hashPassword, verifyPassword } from './passwords';
import type { SessionMeta, Sessions } from './sessions';
import type { SignUps } from './sign-ups';
import type { UserProfiles } from './user-info';

/** Failed logins: 5 per address and 20 per IP in 15 minutes; a success clears the address. */
export const loginRules = {
  perEmail: { name: 'login.email', points: 5, durationSeconds: 900 },
  perIp: { name: 'login.ip', points: 20, durationSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

interface Deps {
  db: Db;
  clock: Clock;
  limits: RateLimits;
  mailer: Mailer;
  codes: EmailCodes;
  sessions: Sessions;
  signUps: SignUps;
  profiles: UserProfiles;
}

export interface LoginResult {
  user: UserInfo;
  token: string;
}

export function createAccounts({ db, clock, limits, mailer, codes, sessions, signUps, profiles }: Deps) {
  const { inviterOf, logIn } = signUps;

  async function emailTaken(email: string): Promise<boolean> {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return existing !== undefined;
  }

  return {
    async sendEmailCode(email: string, purpose: 'register' | 'forget_password', lang: ApiLang, ip: string) {
      const taken = await emailTaken(email);
      if (purpose === 'register' && taken) throw new AppError('email_taken');
      const code = await codes.issue(email, purpose, ip);
      // For an unknown address a reset answers the same as for a known one, so it reveals nothing.
      if (purpose === 'forget_password' && !taken) return;
      try {
        await mailer.send(codeMail(email, code, purpose, lang));
      } catch (err) {
        throw Object.assign(new AppError('email_send_failed'), { cause: err });
      }
    },

    async register(
      input: { email: string; code: string; password: string; inviteCode?: string; registerType: number },
      meta: SessionMeta,
    ): Promise<LoginResult> {
      const inviterId = await inviterOf(input.inviteCode);
      if (await emailTaken(input.email)) throw new AppError('email_taken');
      const codeId = await codes.check(input.email, 'register', input.code);
      const passwordHash = await hashPassword(input.password);
      const loginType = LOGIN_TYPES.email_register;
      try {
        const { userId, token } = await db.transaction(async (tx) => {
          await codes.consume(tx, codeId);
          const userId = await signUps.createUser(tx, {
            email: input.email,
            passwordHash,
            inviterId,
            registerType: input.registerType,
          });
          return { userId, token: await logIn(tx, userId, loginType, meta) };
        });
        return { user: await profiles.infoOf(userId, loginType), token };
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('email_taken');
        throw err;
      }
    },

    async login(input: { email: string; password: string }, meta: SessionMeta): Promise<LoginResult> {
      const locked = (seconds: number) => new AppError('login_locked', { minutes: Math.ceil(seconds / 60) });
      await limits.check(loginRules.perEmail, input.email, locked);
      await limits.check(loginRules.perIp, meta.ip, locked);
      const [user] = await db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, input.email));
      if (!(await verifyPassword(user?.passwordHash ?? null, input.password)) || !user) {
        await limits.consume(loginRules.perEmail, input.email, locked);
        await limits.consume(loginRules.perIp, meta.ip, locked);
        throw new AppError('login_failed');
      }
      await limits.reset(loginRules.perEmail, input.email);
      const token = await db.transaction((tx) => logIn(tx, user.id, LOGIN_TYPES.email, meta));
      return { user: await profiles.infoOf(user.id, LOGIN_TYPES.email), token };
    },

    /** Sets a new password with a reset code and ends every session of the account. */
    async resetPassword(input: { email: string; code: string; password: string }): Promise<void> {
      const codeId = await codes.check(input.email, 'forget_password', input.code);
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        await codes.consume(tx, codeId);
        const [user] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: clock.now() })
          .where(eq(users.email, input.email))
          .returning({ id: users.id });
        if (!user) throw new AppError('code_invalid');
        await sessions.revokeAll(tx, user.id);
        return user.id;
      });
      await sessions.forgetAll(userId);
    },

    async updateProfile(
      userId: number,
      loginType: LoginType,
      changes: Partial<
        Pick<
          typeof users.$inferInsert,
          'avatar' | 'nickname' | 'gender' | 'twitter' | 'facebook' | 'youtube' | 'instagram' | 'telegramPremium'
        >
      >,
    ): Promise<UserInfo> {
      if (Object.keys(changes).length > 0) {
        await db
          .update(users)
          .set({ ...changes, updatedAt: clock.now() })
          .where(eq(users.id, userId));
      }
      return profiles.infoOf(userId, loginType);
    },

    /** Adds an e-mail (and a password) to an account created without one. */
    async addEmail(
      userId: number,
      loginType: LoginType,
      input: { email: string; code: string; password?: string },
    ): Promise<UserInfo> {
      const current = await profiles.row(userId);
      if (current.email) throw new AppError('email_already_set');
      if (await emailTaken(input.email)) throw new AppError('email_taken');
      const codeId = await codes.check(input.email, 'register', input.code);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      try {
        await db.transaction(async (tx) => {
          await codes.consume(tx, codeId);
          const updated = await tx
            .update(users)
            .set({ email: input.email, ...(passwordHash ? { passwordHash } : {}), updatedAt: clock.now() })
            .where(and(eq(users.id, userId), isNull(users.email)))
            .returning({ id: users.id });
          if (updated.length === 0) throw new AppError('email_already_set');
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_unique')) throw new AppError('email_taken');
        throw err;
      }
      return profiles.infoOf(userId, loginType);
    },

    async completeGuide(userId: number, loginType: LoginType): Promise<UserInfo> {
      await db
        .update(users)
        .set({ guideDoneAt: clock.now() })
        .where(and(eq(users.id, userId), isNull(users.guideDoneAt)));
      return profiles.infoOf(userId, loginType);
    },

    async countRegisterVisit(source: string): Promise<void> {
      const day = businessDay(clock.now());
      await db
        .insert(registerVisits)
        .values({ source, day, visits: 1 })
        .onConflictDoUpdate({
          target: [registerVisits.source, registerVisits.day],
          set: { visits: sql`${registerVisits.visits} + 1` },
        });
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
