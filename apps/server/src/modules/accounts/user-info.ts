import { eq } from 'drizzle-orm';
import type { LoginType, PublicProfile, UserInfo } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db } from '../../platform/db/database';
import type { LevelsService } from '../levels/levels.module';
import { users } from './accounts.schema';

export type UserRow = typeof users.$inferSelect;

/** The outside identities bound to an account; the identities module provides them. */
export type BindingsOf = (userId: number) => Promise<UserInfo['bindings']>;

/** The user info of spec section 3, and the public profile others see. */
export function createUserProfiles(db: Db, levels: LevelsService, bindingsOf: BindingsOf) {
  async function row(userId: number): Promise<UserRow> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('user_not_found');
    return user;
  }

  async function info(user: UserRow, loginType: LoginType): Promise<UserInfo> {
    return {
      id: user.id,
      uuid: user.uuid,
      unread_num: user.unreadNum,
      post_num: user.postNum,
      be_follow_num: user.followerNum,
      follow_num: user.followingNum,
      user_level: await levels.levelOf(user.lifetimeEarned),
      invite_code: user.inviteCode,
      invite_num: user.inviteNum,
      chain_address: user.chainAddress ?? '',
      chain: user.chain,
      // SPK lives on chain; the wallet module fills it once a wallet is connected.
      spk: 0,
      avatar: user.avatar,
      name: user.name,
      nickname: user.nickname,
      email: user.email ?? '',
      gender: user.gender,
      twitter: user.twitter,
      facebook: user.facebook,
      youtube: user.youtube,
      instagram: user.instagram,
      telegram_premium: user.telegramPremium,
      // The account is new while its registration session is its only login.
      is_new_register: user.loginCount <= 1 ? 1 : 0,
      is_new_desc: user.guideDoneAt ? 1 : 0,
      logType: loginType,
      bindings: await bindingsOf(user.id),
    };
  }

  return {
    row,
    info,
    async infoOf(userId: number, loginType: LoginType): Promise<UserInfo> {
      return info(await row(userId), loginType);
    },
    async publicProfile(userId: number): Promise<PublicProfile> {
      const user = await row(userId);
      return {
        id: user.id,
        uuid: user.uuid,
        avatar: user.avatar,
        name: user.name,
        nickname: user.nickname,
        gender: user.gender,
        twitter: user.twitter,
        facebook: user.facebook,
        youtube: user.youtube,
        instagram: user.instagram,
        post_num: user.postNum,
        be_follow_num: user.followerNum,
        follow_num: user.followingNum,
        user_level: await levels.levelOf(user.lifetimeEarned),
        created_at: user.createdAt.toISOString(),
      };
    },
  };
}

export type UserProfiles = ReturnType<typeof createUserProfiles>;
