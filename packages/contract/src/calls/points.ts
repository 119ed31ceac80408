import { z } from 'zod';
import { defineCall, pageOf, pageQuery, rowId } from '../call';

/**
 * TAICE amounts travel as numbers of TAICE with at most 2 decimals; the
 * server keeps integers in hundredths (product decisions: money rules).
 */
const amount = z.number();
const flag = z.union([z.literal(0), z.literal(1)]);

export const CURRENCY_KEYS = ['taice'] as const;
export const TASK_TYPES = ['new_user', 'day', 'week', 'advanced'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_KEYS = [
  'watch_video',
  'sign_in',
  'share_post',
  'comment',
  'like',
  'buy_spk_nft',
  'invite',
  'invite_base_nft',
] as const;
export type TaskKey = (typeof TASK_KEYS)[number];

/** Why a ledger entry happened; each has a text in the three UI languages on the client. */
export const LEDGER_REASONS = [
  'sign_in',
  'new_user_reward',
  'referral_reward',
  'invite_task',
  'task_reward',
  'daily_task_issue',
  'redeem',
  'refund',
  'operator_adjust',
  'race_reward',
  'campaign_reward',
  // Reward pools on videos (decision 050): a creator's TAICE into escrow, a viewer's reward, the unspent part back.
  'pool_fund',
  'pool_claim',
  'pool_refund',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];
export const BUCKETS = ['spendable', 'locked'] as const;

const currencyKey = z.enum(CURRENCY_KEYS).default('taice');

export const walletSchema = z.object({
  currency_key: z.string(),
  name: z.string(),
  /** Total balance: spendable + locked. */
  value: amount,
  spendable: amount,
  /** Earned from daily tasks: counts for level and leaderboard, cannot be spent. */
  locked: amount,
});

export const walletDetailSchema = walletSchema.extend({
  /** TAICE earned today (UTC+8 business day), all reasons, including today's daily-task estimate. */
  daily_add_point: amount,
  /** 1 while today's sign-in reward is available and not taken. */
  is_sign_in_reward: flag,
  /** What signing in today pays (the 7-day bonus included when today is day 7). */
  sign_in_reward: amount,
  /** Days left until the 7-day bonus. */
  surplus_sign_in_days: z.number().int(),
  seven_days_sign_in_reward: amount,
  /** Current streak (days in a row signed in, today included if signed). */
  sign_in_days: z.number().int(),
  /** 1 once the user has a counted watch today (sign-in needs one). */
  has_watched_today: flag,
});
export type WalletDetail = z.infer<typeof walletDetailSchema>;

export const wallets = defineCall({
  method: 'GET',
  path: '/api/frontend/user/wallets',
  auth: 'required',
  tag: 'points',
  summary: "The user's balances, one per currency",
  data: z.array(walletSchema),
});

export const walletDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/user/walletDetail',
  auth: 'required',
  tag: 'points',
  summary: 'TAICE balance with its spendable part, today’s earnings and the sign-in state',
  query: z.object({ currency_key: currencyKey }),
  data: walletDetailSchema,
});

/** The second call family's name for walletDetail (spec section 7). */
export const getWalletDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/user/getWalletDetail',
  auth: 'required',
  tag: 'points',
  summary: 'Alias of walletDetail',
  query: z.object({ currency_key: currencyKey }),
  data: walletDetailSchema,
});

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** Positive for earnings, negative for spending. */
  amount,
  reason: z.enum(LEDGER_REASONS),
  bucket: z.enum(BUCKETS),
  /** Free detail, e.g. the task's name or the prize. */
  memo: z.string(),
  created_at: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const walletLog = defineCall({
  method: 'GET',
  path: '/api/frontend/user/walletLog',
  auth: 'required',
  tag: 'points',
  summary: 'The TAICE ledger of the user, newest first, optionally of one reason',
  query: pageQuery.extend({ reason: z.enum(LEDGER_REASONS).optional(), currency_key: currencyKey }),
  data: pageOf(ledgerEntrySchema),
});

export const dailyEarningsSchema = z.array(z.object({ day: z.string(), amount }));

export const pointsChart = defineCall({
  method: 'GET',
  path: '/api/frontend/user/pointsChart',
  auth: 'required',
  tag: 'points',
  summary: 'TAICE earned per business day over the last 30 days (for the points chart)',
  data: dailyEarningsSchema,
});

export const userTaskPointLog = defineCall({
  method: 'GET',
  path: '/api/frontend/task/userTaskPointLog',
  auth: 'required',
  tag: 'points',
  summary: 'Points from tasks, sign-in and rewards, newest first',
  query: pageQuery,
  data: pageOf(ledgerEntrySchema),
});

// ---- Sign-in ---------------------------------------------------------------

export const signInConfigs = defineCall({
  method: 'GET',
  path: '/api/frontend/sign-in/configs',
  auth: 'optional',
  tag: 'points',
  summary: 'Reward per streak day, the 7-day bonus, and (logged in) the user’s streak',
  data: z.object({
    days: z.array(z.object({ day: z.number().int(), reward: amount, is_signed: flag, is_today: flag })),
    seven_days_sign_in_reward: amount,
    sign_in_days: z.number().int(),
    is_sign_in_reward: flag,
    has_watched_today: flag,
  }),
});

export const signInResultSchema = z.object({
  /** Day of the streak this sign-in is (1 to 7). */
  day: z.number().int(),
  reward: amount,
  /** The 7-day bonus paid with this sign-in (0 on other days). */
  bonus: amount,
  value: amount,
});

export const signIn = defineCall({
  method: 'POST',
  path: '/api/frontend/sign-in',
  auth: 'required',
  tag: 'points',
  summary: 'Take today’s sign-in reward (needs one counted watch today; once per UTC+8 day)',
  data: signInResultSchema,
});

export const homeClaimReward = defineCall({
  method: 'POST',
  path: '/api/frontend/home/claim-reward',
  auth: 'required',
  tag: 'points',
  summary: 'The Home check-in strip’s claim: the same as sign-in (one reward per day, whichever is called)',
  data: signInResultSchema,
});

// ---- Tasks -----------------------------------------------------------------

export const questSchema = z.object({
  id: z.number().int(),
  task_name: z.string(),
  task_key: z.enum(TASK_KEYS),
  /** `time` (minutes watched) or `other` (a count). */
  unit_key: z.enum(['time', 'other']),
  complete_num: z.number().int(),
  total_num: z.number().int(),
  point: amount,
  is_complete: flag,
  /** Daily tasks: the group (1 to 5) it belongs to; 0 otherwise. */
  group_no: z.number().int(),
});
export type Quest = z.infer<typeof questSchema>;

export const taskDetailSchema = z.object({
  /** TAICE credited today. */
  today_user_point: amount,
  /** Daily-task TAICE earned today, issued (locked) at 00:00 UTC+8. */
  today_estimated_eaming: amount,
  is_has_new_user_task: z.boolean(),
  total_point: amount,
  /** Seconds of counted watch time, ever and today. */
  total_view_seconds: z.number().int(),
  today_view_seconds: z.number().int(),
  /** Daily tasks: the open group (1 to group_total), or group_total + 1 when all are done. */
  group_no: z.number().int(),
  group_total: z.number().int(),
  group_bonus: amount,
  quest: z.array(questSchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const userTaskDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/task/userTaskDetail',
  auth: 'required',
  tag: 'points',
  summary: 'Tasks of one type with progress; for daily tasks the open group',
  query: z.object({ task_type: z.enum(TASK_TYPES).default('day') }),
  data: taskDetailSchema,
});

export const unfinishTaskNum = defineCall({
  method: 'GET',
  path: '/api/frontend/task/unfinishTaskNum',
  auth: 'required',
  tag: 'points',
  summary: 'How many tasks are open (not complete) today, for badges',
  data: z.object({ num: z.number().int() }),
});

export const newDailyTask = defineCall({
  method: 'GET',
  path: '/api/frontend/task/newDailyTask',
  auth: 'required',
  tag: 'points',
  summary: 'The open daily group: its three subtasks and the bonus for finishing it',
  data: z.object({
    group_no: z.number().int(),
    group_total: z.number().int(),
    group_bonus: amount,
    all_done: z.boolean(),
    quest: z.array(questSchema),
  }),
});

// ---- Referrals -------------------------------------------------------------

export const invitationDetail = defineCall({
  method: 'GET',
  path: '/api/frontend/userInvitation/invitationDetail',
  auth: 'required',
  tag: 'points',
  summary: 'The invite code and link, friends invited and confirmed, and TAICE earned from referrals',
  data: z.object({
    user: z.object({ invite_code: z.string(), invite_num: z.number().int() }),
    /** Path of the invite link; the client prefixes its origin. */
    invite_path: z.string(),
    confirmed_num: z.number().int(),
    reward_points: amount,
    referral_reward: amount,
  }),
});

export const invitationRowSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  /** The friend's wallet address, or a masked e-mail or name. */
  address: z.string(),
  status: z.enum(['pending', 'confirmed']),
  reward: amount,
  /** What the friend still has to do: watched one video, shared one. */
  has_watched: flag,
  has_shared: flag,
});

const invitationLogData = pageOf(invitationRowSchema);

export const invitationLog = defineCall({
  method: 'GET',
  path: '/api/frontend/userInvitation/invitationLog',
  auth: 'required',
  tag: 'points',
  summary: 'Friends invited, newest first',
  query: pageQuery,
  data: invitationLogData,
});

export const userInvitationLog = defineCall({
  method: 'GET',
  path: '/api/frontend/user/invitationLog',
  auth: 'required',
  tag: 'points',
  summary: 'Alias of userInvitation/invitationLog',
  query: pageQuery,
  data: invitationLogData,
});

export const inviteTaskSchema = z.object({
  id: z.number().int(),
  /** Confirmed friends needed. */
  invite_num: z.number().int(),
  point: amount,
  progress: z.number().int(),
  is_complete: flag,
  is_claimed: flag,
});

export const inviteTaskList = defineCall({
  method: 'GET',
  path: '/api/frontend/inviteTask/list',
  auth: 'required',
  tag: 'points',
  summary: 'Invitation milestones and whether each is reached and claimed',
  data: z.array(inviteTaskSchema),
});

export const inviteTaskClaim = defineCall({
  method: 'POST',
  path: '/api/frontend/inviteTask/claim',
  auth: 'required',
  tag: 'points',
  summary: 'Claim a reached invitation milestone (once)',
  body: z.object({ id: rowId }),
  data: z.object({ point: amount, value: amount }),
});
