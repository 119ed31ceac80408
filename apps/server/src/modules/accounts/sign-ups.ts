import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { NICKNAME_MAX_LENGTH, type LoginType } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import { users } from './accounts.schema';
import type { SessionMeta, Sessions } from './sessions';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const NAME_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function randomFrom(alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
}

export interface NewAccount {
  email?: string;
  passwordHash?: string;
  chainAddress?: string;
  /** A name from the login provider; a generated one otherwise. */
  nickname?: string;
  avatar?: string;
  inviterId: number | null;
  registerType: number;
}

/** What every way of signing up shares: the invite code, the new row, the first session. */
export function createSignUps(db: Db, clock: Clock, sessions: Sessions) {
  return {
    /**
     * The inviter behind an invite code. A code the user typed is refused when
     * unknown; one that came along with a link (`unknown: 'ignore'`) must not
     * stand between a visitor and their first login.
     */
    async inviterOf(
      inviteCode: string | undefined,
      tx: Db = db,
      unknown: 'refuse' | 'ignore' = 'refuse',
    ): Promise<number | null> {
      if (!inviteCode) return null;
      const [inviter] = await tx.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode));
      if (!inviter && unknown === 'refuse') throw new AppError('invite_code_unknown');
      return inviter?.id ?? null;
    },

    async createUser(tx: Db, account: NewAccount): Promise<number> {
      const generated = `TAICE_${randomFrom(NAME_ALPHABET, 6)}`;
      const nickname = account.nickname?.trim().slice(0, NICKNAME_MAX_LENGTH) || generated;
      const [user] = await tx
        .insert(users)
        .values({
          email: account.email,
          passwordHash: account.passwordHash,
          chainAddress: account.chainAddress,
          avatar: account.avatar ?? '',
          name: nickname,
          nickname,
          inviteCode: randomFrom(INVITE_ALPHABET, 8),
          inviterId: account.inviterId,
          registerType: account.registerType,
        })
        .returning({ id: users.id });
      if (account.inviterId !== null) {
        await tx
          .update(users)
          .set({ inviteNum: sql`${users.inviteNum} + 1` })
          .where(eq(users.id, account.inviterId));
      }
      return user!.id;
    },

    /** Records a login on the account and opens its session. */
    async logIn(tx: Db, userId: number, loginType: LoginType, meta: SessionMeta): Promise<string> {
      await tx
        .update(users)
        .set({ loginCount: sql`${users.loginCount} + 1`, lastLoginAt: clock.now() })
        .where(eq(users.id, userId));
      return sessions.open(tx, userId, loginType, meta);
    },
  };
}

export type SignUps = ReturnType<typeof createSignUps>;
