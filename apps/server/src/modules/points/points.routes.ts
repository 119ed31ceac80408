import type { FastifyInstance } from 'fastify';
import { pointsCalls } from '@taice/contract';
import { currentUser } from '../../platform/http/auth';
import { registerCall } from '../../platform/http/call-routes';
import type { Bucket } from './ledger';
import type { Referrals } from './referrals';
import type { SignIn } from './sign-in';
import type { Tasks } from './tasks';
import type { Wallet } from './wallet';
import { taice } from '../../platform/money';

/** Hundredths (the ledger) → TAICE (the wire). */
const bit = (value: boolean) => (value ? (1 as const) : (0 as const));

/** The TAICE wallet as the wallet calls show it. */
function wallet(balances: Record<Bucket, number>) {
  return {
    currency_key: 'taice',
    name: 'TAICE',
    value: taice(balances.spendable + balances.locked),
    spendable: taice(balances.spendable),
    locked: taice(balances.locked),
  };
}

export async function pointsRoutes(
  app: FastifyInstance,
  deps: { wallet: Wallet; signIn: SignIn; tasks: Tasks; referrals: Referrals },
) {
  const { wallet: wallets, signIn, tasks, referrals } = deps;

  // One statement reads everything the wallet shows (wallet.snapshot); the rest is cached configuration.
  async function walletDetail(userId: number) {
    const snapshot = await wallets.snapshot(userId);
    const { today } = snapshot;
    const s = await signIn.stateFrom(snapshot);
    return {
      ...wallet(snapshot.balances),
      daily_add_point: taice(today.credited + today.estimated),
      is_sign_in_reward: bit(!s.signedToday && s.hasWatchedToday),
      sign_in_reward: taice(s.reward + s.bonus),
      surplus_sign_in_days: 7 - s.streak,
      seven_days_sign_in_reward: taice(s.sevenDayBonus),
      sign_in_days: s.streak,
      has_watched_today: bit(s.hasWatchedToday),
    };
  }

  registerCall(app, pointsCalls.wallets, async ({ request }) => {
    return [wallet(await wallets.balances(currentUser(request).id))];
  });
  registerCall(app, pointsCalls.walletDetail, ({ request }) => walletDetail(currentUser(request).id));
  registerCall(app, pointsCalls.getWalletDetail, ({ request }) => walletDetail(currentUser(request).id));

  const inTaice = <P extends { list: { amount: number }[] }>(page: P): P => ({
    ...page,
    list: page.list.map((e) => ({ ...e, amount: taice(e.amount) })),
  });
  registerCall(app, pointsCalls.walletLog, async ({ query, request }) =>
    inTaice(await wallets.log(currentUser(request).id, query.reason, query)),
  );
  registerCall(app, pointsCalls.userTaskPointLog, async ({ query, request }) =>
    inTaice(await wallets.taskLog(currentUser(request).id, query)),
  );
  registerCall(app, pointsCalls.pointsChart, async ({ request }) =>
    (await wallets.chart(currentUser(request).id)).map((d) => ({ day: d.day, amount: taice(d.amount) })),
  );

  registerCall(app, pointsCalls.signInConfigs, async ({ request }) => {
    const userId = request.user?.id;
    const s = userId ? await signIn.state(userId) : null;
    const table = s?.rewards ?? (await signIn.rewardTable());
    const streak = s?.streak ?? 0;
    return {
      days: table.map((reward, i) => ({
        day: i + 1,
        reward: taice(reward),
        is_signed: bit(i < streak),
        is_today: bit(s !== null && i + 1 === s.nextDay),
      })),
      seven_days_sign_in_reward: taice(s?.sevenDayBonus ?? (await signIn.sevenDayBonus())),
      sign_in_days: streak,
      is_sign_in_reward: bit(s !== null && !s.signedToday && s.hasWatchedToday),
      has_watched_today: bit(s?.hasWatchedToday ?? false),
    };
  });

  const takeSignIn = async (userId: number) => {
    const r = await signIn.signIn(userId);
    return { day: r.day, reward: taice(r.reward), bonus: taice(r.bonus), value: taice(r.value) };
  };
  registerCall(app, pointsCalls.signIn, ({ request }) => takeSignIn(currentUser(request).id));
  registerCall(app, pointsCalls.homeClaimReward, ({ request }) => takeSignIn(currentUser(request).id));

  registerCall(app, pointsCalls.userTaskDetail, async ({ query, request }) => {
    const snapshot = await wallets.snapshot(currentUser(request).id);
    const { today } = snapshot;
    const [list, newUser] = await Promise.all([
      tasks.questsFrom(snapshot, query.task_type, request.ctx.lang),
      tasks.questsFrom(snapshot, 'new_user', request.ctx.lang),
    ]);
    return {
      today_user_point: taice(today.credited),
      today_estimated_eaming: taice(today.estimated),
      is_has_new_user_task: newUser.quest.some((q) => !q.is_complete),
      total_point: taice(today.lifetimeEarned),
      total_view_seconds: today.lifetimeWatchSeconds,
      today_view_seconds: today.watchSeconds,
      group_no: list.groupNo,
      group_total: list.groupTotal,
      group_bonus: taice(list.groupBonus),
      quest: list.quest,
    };
  });

  registerCall(app, pointsCalls.unfinishTaskNum, async ({ request }) => {
    const userId = currentUser(request).id;
    const lists = await Promise.all(
      (['day', 'new_user', 'week'] as const).map((type) => tasks.quests(userId, type, request.ctx.lang)),
    );
    return { num: lists.flatMap((l) => l.quest).filter((q) => !q.is_complete).length };
  });

  registerCall(app, pointsCalls.newDailyTask, async ({ request }) => {
    const list = await tasks.quests(currentUser(request).id, 'day', request.ctx.lang);
    return {
      group_no: list.groupNo,
      group_total: list.groupTotal,
      group_bonus: taice(list.groupBonus),
      all_done: list.groupNo > list.groupTotal,
      quest: list.quest,
    };
  });

  registerCall(app, pointsCalls.invitationDetail, async ({ request }) => {
    const d = await referrals.detail(currentUser(request).id);
    return {
      user: { invite_code: d.inviteCode, invite_num: d.inviteNum },
      invite_path: `/Home?invite_code=${encodeURIComponent(d.inviteCode)}`,
      confirmed_num: d.confirmed,
      reward_points: taice(d.earned),
      referral_reward: taice(d.reward),
    };
  });

  const invitationLog = async (userId: number, page: { page: number; size: number }) => {
    const result = await referrals.log(userId, page);
    return { ...result, list: result.list.map((r) => ({ ...r, reward: taice(r.reward) })) };
  };
  registerCall(app, pointsCalls.invitationLog, ({ query, request }) => invitationLog(currentUser(request).id, query));
  registerCall(app, pointsCalls.userInvitationLog, ({ query, request }) =>
    invitationLog(currentUser(request).id, query),
  );

  registerCall(app, pointsCalls.inviteTaskList, async ({ request }) =>
    (await referrals.milestones(currentUser(request).id)).map((m) => ({
      id: m.id,
      invite_num: m.inviteNum,
      point: taice(m.point),
      progress: m.progress,
      is_complete: bit(m.complete),
      is_claimed: bit(m.claimed),
    })),
  );
  registerCall(app, pointsCalls.inviteTaskClaim, async ({ body, request }) => {
    const r = await referrals.claimMilestone(currentUser(request).id, body.id);
    return { point: taice(r.point), value: taice(r.value) };
  });
}
