import { and, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import {
  MAX_ROW_ID,
  type IdentityKind,
  type OpsReferral,
  type OpsUserDetail,
  type OpsUserRow,
  type Page,
} from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import { offsetOf, pageResult, type PageRequest } from '../../platform/http/paging';
import type { Db } from '../../platform/db/database';
import { users } from '../accounts/accounts.schema';
import { userIdentities } from '../identities/identities.schema';
import { operatorRoles, type OperatorRole } from '../operators/operators.schema';
import { ledgerEntries, referrals } from '../points/points.schema';
import type { Ledger } from '../points/points.module';
import { prizeOrders } from '../redemption/redemption.schema';
import { balancesView, likePrefix } from './values';
import { taice } from '../../platform/money';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EVM_ADDRESS = /^0x[0-9a-f]{40}$/i;
const DIGITS = /^\d{1,20}$/;
const TON_RAW = /^-?\d+:[0-9a-f]{64}$/i;
const TON_FRIENDLY = /^[A-Za-z0-9_-]{48}$/;

type UserRow = typeof users.$inferSelect;
const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * What operators read about members (decision 045). Every search condition is one an index answers: the
 * exact keys (id, uuid, e-mail, EVM address, an identity's subject) and the prefixes of the e-mail and of the
 * lower-cased nickname (`text_pattern_ops` indexes); a TON friendly address is matched among TON identities.
 */
export function createUserReads(deps: { db: Db; ledger: Ledger }) {
  const { db, ledger } = deps;

  /** The accounts `q` names, as one condition on `users`. */
  async function matching(q: string): Promise<SQL | undefined> {
    const lower = q.toLowerCase();
    const identityKeys = [
      DIGITS.test(q) && and(eq(userIdentities.provider, 'telegram'), eq(userIdentities.subject, q)),
      TON_RAW.test(q) && and(eq(userIdentities.provider, 'ton'), eq(userIdentities.subject, lower)),
      TON_FRIENDLY.test(q) && and(eq(userIdentities.provider, 'ton'), eq(userIdentities.label, q)),
    ].filter((c): c is SQL => c !== false);
    const owners =
      identityKeys.length > 0
        ? await db
            .select({ id: userIdentities.userId })
            .from(userIdentities)
            .where(or(...identityKeys))
        : [];
    return or(
      UUID.test(q) ? eq(users.uuid, lower) : undefined,
      EVM_ADDRESS.test(q) ? eq(users.chainAddress, lower) : undefined,
      DIGITS.test(q) && Number(q) <= MAX_ROW_ID ? eq(users.id, Number(q)) : undefined,
      owners.length > 0
        ? inArray(
            users.id,
            owners.map((o) => o.id),
          )
        : undefined,
      like(users.email, likePrefix(lower)),
      like(sql`lower(${users.nickname})`, likePrefix(lower)),
    );
  }

  /** Roles and Telegram ids of a page of accounts. */
  async function extras(ids: number[]) {
    if (ids.length === 0) return { roles: new Map<number, OperatorRole[]>(), telegram: new Map<number, string>() };
    const [roleRows, telegramRows] = await Promise.all([
      db.select().from(operatorRoles).where(inArray(operatorRoles.userId, ids)).orderBy(operatorRoles.role),
      db
        .select({ userId: userIdentities.userId, subject: userIdentities.subject })
        .from(userIdentities)
        .where(and(inArray(userIdentities.userId, ids), eq(userIdentities.provider, 'telegram'))),
    ]);
    const roles = new Map<number, OperatorRole[]>();
    for (const r of roleRows) roles.set(r.userId, [...(roles.get(r.userId) ?? []), r.role]);
    return { roles, telegram: new Map(telegramRows.map((r) => [r.userId, r.subject])) };
  }

  const rowView = (u: UserRow, roles: OperatorRole[], telegramId: string | null): OpsUserRow => ({
    id: u.id,
    uuid: u.uuid,
    name: u.name,
    nickname: u.nickname,
    avatar: u.avatar,
    email: u.email,
    wallet_address: u.chainAddress,
    telegram_id: telegramId,
    roles,
    banned: u.bannedAt !== null,
    created_at: u.createdAt.toISOString(),
    last_login_at: iso(u.lastLoginAt),
  });

  async function userOf(userId: number): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('user_not_found');
    return user;
  }

  return {
    userOf,

    async search(query: PageRequest & { q?: string }): Promise<Page<OpsUserRow>> {
      const where = query.q ? await matching(query.q) : undefined;
      const [rows, total] = await Promise.all([
        db.select().from(users).where(where).orderBy(desc(users.id)).limit(query.size).offset(offsetOf(query)),
        db.$count(users, where),
      ]);
      const { roles, telegram } = await extras(rows.map((u) => u.id));
      const list = rows.map((u) => rowView(u, roles.get(u.id) ?? [], telegram.get(u.id) ?? null));
      return pageResult(list, total, query);
    },

    async detail(userId: number): Promise<OpsUserDetail> {
      const user = await userOf(userId);
      const [identities, { roles }, balances, inviter, orders, invited, confirmed, entries] = await Promise.all([
        db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.id),
        extras([userId]),
        ledger.balances(userId),
        user.inviterId
          ? db.select({ id: users.id, name: users.nickname }).from(users).where(eq(users.id, user.inviterId))
          : [],
        db.$count(prizeOrders, eq(prizeOrders.userId, userId)),
        db.$count(users, eq(users.inviterId, userId)),
        db.$count(referrals, eq(referrals.inviterId, userId)),
        db.$count(ledgerEntries, eq(ledgerEntries.userId, userId)),
      ]);
      const telegramId = identities.find((i) => i.provider === 'telegram')?.subject ?? null;
      const own = (kind: IdentityKind, subject: string | null) =>
        subject ? [{ kind, subject, label: '', created_at: null }] : [];
      return {
        ...rowView(user, roles.get(userId) ?? [], telegramId),
        gender: user.gender,
        invite_code: user.inviteCode,
        inviter: inviter[0] ?? null,
        banned_at: iso(user.bannedAt),
        ban_reason: user.banReason,
        identities: [
          ...own('email', user.email),
          ...own('evm', user.chainAddress),
          ...identities.map((i) => ({
            kind: i.provider as IdentityKind,
            subject: i.subject,
            label: i.label,
            created_at: i.createdAt.toISOString(),
          })),
        ],
        balances: balancesView(balances, user.lifetimeEarned),
        counts: {
          orders,
          invited,
          referrals: confirmed,
          posts: user.postNum,
          followers: user.followerNum,
          following: user.followingNum,
          logins: user.loginCount,
          ledger_entries: entries,
        },
      };
    },

    /** Accounts that signed up with the user's invite code, newest first, with their referral once confirmed. */
    async referrals(query: PageRequest & { user_id: number }): Promise<Page<OpsReferral>> {
      await userOf(query.user_id);
      const where = eq(users.inviterId, query.user_id);
      const [rows, total] = await Promise.all([
        db
          .select({ user: users, referral: referrals })
          .from(users)
          .leftJoin(referrals, eq(referrals.inviteeId, users.id))
          .where(where)
          .orderBy(desc(users.id))
          .limit(query.size)
          .offset(offsetOf(query)),
        db.$count(users, where),
      ]);
      const list = rows.map(({ user, referral }) => ({
        user_id: user.id,
        name: user.nickname,
        email: user.email,
        joined_at: user.createdAt.toISOString(),
        confirmed_at: iso(referral?.confirmedAt ?? null),
        reward: referral ? taice(referral.reward) : null,
      }));
      return pageResult(list, total, query);
    },
  };
}

export type UserReads = ReturnType<typeof createUserReads>;
