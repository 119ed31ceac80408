import { and, eq, isNull } from 'drizzle-orm';
import { LOGIN_TYPES, type LoginType, type UserInfo } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { isUniqueViolation, type Db } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import type { LoginResult, NewAccount, SessionMeta, SignUps, UserProfiles } from '../accounts/accounts.module';
import { userIdentities } from './identities.schema';

export type Provider = 'ton' | 'telegram' | 'google';

/** Names shown in messages about a provider. */
export const PROVIDER_NAMES: Record<Provider, string> = {
  ton: 'TON',
  telegram: 'Telegram',
  google: 'Google',
};

export interface Identity {
  provider: Provider;
  subject: string;
  label: string;
}

/** A proof's single-use part (nonce, payload, ticket), taken inside the login's transaction. */
export type TakeProof = (tx: Db) => Promise<void>;

const IDENTITY_UNIQUE = 'user_identities_provider_subject_unique';
const USER_PROVIDER_UNIQUE = 'user_identities_user_provider_unique';
const WALLET_UNIQUE = 'users_chain_address_unique';

/**
 * Accounts found, created and extended through outside identities: an EVM
 * wallet (users.chain_address), a TON wallet, Telegram, Google. The proofs
 * are checked by the caller; this keeps the one-identity-one-account rules.
 */
export function createIdentities(db: Db, signUps: SignUps, profiles: UserProfiles) {
  /**
   * Logs in the account `find` names, or creates one. Two first logins of the
   * same identity at once race on a unique index; the loser retries and finds
   * the winner's account.
   */
  async function logInOrSignUp(
    find: (tx: Db) => Promise<number | null>,
    create: (tx: Db) => Promise<number>,
    takeProof: TakeProof,
    loginType: LoginType,
    meta: SessionMeta,
    uniqueIndexes: string[],
  ): Promise<LoginResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { userId, token } = await db.transaction(async (tx) => {
          await takeProof(tx);
          const userId = (await find(tx)) ?? (await create(tx));
          return { userId, token: await signUps.logIn(tx, userId, loginType, meta) };
        });
        return { user: await profiles.infoOf(userId, loginType), token };
      } catch (err) {
        if (attempt === 0 && uniqueIndexes.some((name) => isUniqueViolation(err, name))) continue;
        throw err;
      }
    }
  }

  async function ownerOf(tx: Db, provider: Provider, subject: string): Promise<number | null> {
    const [row] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
    return row?.userId ?? null;
  }

  /** Attaches an identity to an account, refusing one held elsewhere or a second one of a provider. */
  async function attach(tx: Db, userId: number, identity: Identity): Promise<void> {
    const provider = PROVIDER_NAMES[identity.provider];
    const owner = await ownerOf(tx, identity.provider, identity.subject);
    if (owner === userId) return;
    if (owner !== null) throw new AppError('identity_already_bound', { provider });
    const [held] = await tx
      .select({ id: userIdentities.id })
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, identity.provider)));
    if (held) throw new AppError('account_has_identity', { provider });
    await tx.insert(userIdentities).values({ userId, ...identity });
  }

  function bindRefusal(err: unknown, provider: Provider): unknown {
    const name = PROVIDER_NAMES[provider];
    if (isUniqueViolation(err, IDENTITY_UNIQUE)) return new AppError('identity_already_bound', { provider: name });
    if (isUniqueViolation(err, USER_PROVIDER_UNIQUE)) return new AppError('account_has_identity', { provider: name });
    return err;
  }

  return {
    /** Login or sign-up with a TON, Telegram or Google identity. */
    logInWithIdentity(
      identity: Identity,
      account: Omit<NewAccount, 'inviterId'> & { inviteCode: string | undefined },
      takeProof: TakeProof,
      loginType: LoginType,
      meta: SessionMeta,
      /** Google: an account holding the same verified e-mail is the same person. */
      linkByEmail?: string,
    ): Promise<LoginResult> {
      const { inviteCode, ...fields } = account;
      return logInOrSignUp(
        async (tx) => {
          const owner = await ownerOf(tx, identity.provider, identity.subject);
          if (owner !== null || !linkByEmail) return owner;
          const [byEmail] = await tx.select({ id: users.id }).from(users).where(eq(users.email, linkByEmail));
          if (byEmail) await attach(tx, byEmail.id, identity);
          return byEmail?.id ?? null;
        },
        async (tx) => {
          const userId = await signUps.createUser(tx, {
            ...fields,
            inviterId: await signUps.inviterOf(inviteCode, tx, 'ignore'),
          });
          await tx.insert(userIdentities).values({ userId, ...identity });
          return userId;
        },
        takeProof,
        loginType,
        meta,
        [IDENTITY_UNIQUE, 'users_email_unique'],
      );
    },

    /** Login or sign-up with an EVM wallet address whose signature the caller has verified. */
    logInWithWallet(
      chainAddress: string,
      inviteCode: string | undefined,
      takeProof: TakeProof,
      meta: SessionMeta,
    ): Promise<LoginResult> {
      return logInOrSignUp(
        async (tx) => {
          const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.chainAddress, chainAddress));
          return owner?.id ?? null;
        },
        async (tx) =>
          signUps.createUser(tx, {
            chainAddress,
            inviterId: await signUps.inviterOf(inviteCode, tx, 'ignore'),
            registerType: 1,
          }),
        takeProof,
        LOGIN_TYPES.wallet,
        meta,
        [WALLET_UNIQUE],
      );
    },

    async bindIdentity(
      userId: number,
      loginType: LoginType,
      identity: Identity,
      takeProof: TakeProof,
      /** Google's verified e-mail: an account without one takes it, unless another account has it. */
      fillEmail?: string,
    ): Promise<UserInfo> {
      try {
        await db.transaction(async (tx) => {
          await takeProof(tx);
          await attach(tx, userId, identity);
          if (!fillEmail) return;
          const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, fillEmail));
          if (holder) return;
          await tx
            .update(users)
            .set({ email: fillEmail })
            .where(and(eq(users.id, userId), isNull(users.email)));
        });
      } catch (err) {
        throw bindRefusal(err, identity.provider);
      }
      return profiles.infoOf(userId, loginType);
    },

    async bindWallet(userId: number, loginType: LoginType, chainAddress: string, takeProof: TakeProof) {
      try {
        await db.transaction(async (tx) => {
          await takeProof(tx);
          const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.chainAddress, chainAddress));
          if (owner && owner.id !== userId) throw new AppError('wallet_already_bound');
          const [me] = await tx
            .select({ chainAddress: users.chainAddress })
            .from(users)
            .where(eq(users.id, userId))
            .for('update');
          if (me?.chainAddress === chainAddress) return;
          if (me?.chainAddress) throw new AppError('account_has_wallet');
          await tx.update(users).set({ chainAddress }).where(eq(users.id, userId));
        });
      } catch (err) {
        if (isUniqueViolation(err, WALLET_UNIQUE)) throw new AppError('wallet_already_bound');
        throw err;
      }
      return profiles.infoOf(userId, loginType);
    },
  };
}

export type Identities = ReturnType<typeof createIdentities>;
