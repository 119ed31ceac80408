import { fillPlaceholders, type ApiLang, type Localized, type MessageTemplate } from '@taice/contract';
import { businessDay } from '../../platform/time/business-day';

/** A text given in every language (a prize's name), or one the same in all (a code, a carrier). */
export type MessageText = string | Localized;

/** The parameters each template takes; amounts are hundredths of TAICE, times ISO strings. */
export interface MessageParamsMap {
  order_placed: { order_no: string; prize: MessageText; amount: number };
  order_shipped: { order_no: string; prize: MessageText; carrier: string; tracking_no: string };
  order_completed: { order_no: string; prize: MessageText };
  order_cancelled: { order_no: string; prize: MessageText; amount: number };
  virtual_code_delivered: { order_no: string; prize: MessageText; code: string };
  membership_extended: { order_no: string; prize: MessageText; expires_at: string };
  new_user_reward: { amount: number };
  referral_confirmed: { amount: number };
  seven_day_bonus: { amount: number };
  /** `title` is the race's label or the campaign's title; `prize` the amount with its currency. */
  reward_won: { title: MessageText; rank: number; prize: string };
  reward_shared: { title: MessageText; prize: string };
  reward_ineligible: { title: MessageText; rank: number };
  reward_approved: { title: MessageText; prize: string };
  reward_rejected: { title: MessageText; reason: string };
  /** `title` is the video's title; `reason` the operator's, as written. */
  video_taken_down: { title: string; reason: string };
  video_put_up: { title: string; reason: string };
  operator_notice: { title: Localized; content: Localized };
}

type Shown = Record<ApiLang, { title: string; content: string }>;

/** Titles and texts; `{name}` is a parameter (amounts shown in TAICE, times as the UTC+8 day). */
const TEMPLATES: Record<Exclude<MessageTemplate, 'operator_notice'>, Shown> = {
  order_placed: {
    en_US: { title: 'Order placed', content: 'Your order {order_no} for {prize} is placed: {amount} TAICE paid.' },
    'zh-CN': { title: '兑换成功', content: '您的订单 {order_no}（{prize}）已提交，已支付 {amount} TAICE。' },
    'zh-TW': { title: '兌換成功', content: '您的訂單 {order_no}（{prize}）已提交，已支付 {amount} TAICE。' },
  },
  order_shipped: {
    en_US: {
      title: 'Order shipped',
      content: 'Your order {order_no} for {prize} has shipped with {carrier}, tracking number {tracking_no}.',
    },
    'zh-CN': {
      title: '订单已发货',
      content: '您的订单 {order_no}（{prize}）已由 {carrier} 发出，运单号 {tracking_no}。',
    },
    'zh-TW': {
      title: '訂單已出貨',
      content: '您的訂單 {order_no}（{prize}）已由 {carrier} 寄出，貨運單號 {tracking_no}。',
    },
  },
  order_completed: {
    en_US: { title: 'Order completed', content: 'Your order {order_no} for {prize} is completed.' },
    'zh-CN': { title: '订单已完成', content: '您的订单 {order_no}（{prize}）已完成。' },
    'zh-TW': { title: '訂單已完成', content: '您的訂單 {order_no}（{prize}）已完成。' },
  },
  order_cancelled: {
    en_US: {
      title: 'Order cancelled',
      content: 'Your order {order_no} for {prize} was cancelled and {amount} TAICE refunded.',
    },
    'zh-CN': { title: '订单已取消', content: '您的订单 {order_no}（{prize}）已取消，{amount} TAICE 已退回。' },
    'zh-TW': { title: '訂單已取消', content: '您的訂單 {order_no}（{prize}）已取消，{amount} TAICE 已退回。' },
  },
  virtual_code_delivered: {
    en_US: { title: 'Your code has arrived', content: 'Your code for {prize} (order {order_no}): {code}' },
    'zh-CN': { title: '兑换码已发放', content: '{prize}的兑换码（订单 {order_no}）：{code}' },
    'zh-TW': { title: '兌換碼已發放', content: '{prize}的兌換碼（訂單 {order_no}）：{code}' },
  },
  membership_extended: {
    en_US: {
      title: 'Membership extended',
      content: 'Thanks to {prize}, your membership now lasts until {expires_at}.',
    },
    'zh-CN': { title: '会员已延长', content: '已兑换{prize}，您的会员有效期延长至 {expires_at}。' },
    'zh-TW': { title: '會員已延長', content: '已兌換{prize}，您的會員有效期延長至 {expires_at}。' },
  },
  new_user_reward: {
    en_US: { title: 'Welcome reward', content: 'You watched your first video: {amount} TAICE are yours.' },
    'zh-CN': { title: '新人奖励', content: '您已观看第一个视频，获得 {amount} TAICE。' },
    'zh-TW': { title: '新人獎勵', content: '您已觀看第一部影片，獲得 {amount} TAICE。' },
  },
  referral_confirmed: {
    en_US: { title: 'Referral confirmed', content: 'A friend you invited is now active: {amount} TAICE are yours.' },
    'zh-CN': { title: '邀请成功', content: '您邀请的好友已完成任务，您获得 {amount} TAICE。' },
    'zh-TW': { title: '邀請成功', content: '您邀請的好友已完成任務，您獲得 {amount} TAICE。' },
  },
  seven_day_bonus: {
    en_US: { title: '7-day sign-in bonus', content: 'You signed in 7 days in a row: a bonus of {amount} TAICE.' },
    'zh-CN': { title: '连续签到 7 天奖励', content: '您已连续签到 7 天，获得额外奖励 {amount} TAICE。' },
    'zh-TW': { title: '連續簽到 7 天獎勵', content: '您已連續簽到 7 天，獲得額外獎勵 {amount} TAICE。' },
  },
  reward_won: {
    en_US: {
      title: 'You won a prize',
      content: 'You finished {title} at rank {rank}: {prize} once our team has verified it (within a week).',
    },
    'zh-CN': { title: '恭喜获奖', content: '您在{title}中获得第 {rank} 名：奖励 {prize}，审核通过后发放（一周内）。' },
    'zh-TW': { title: '恭喜獲獎', content: '您在{title}中獲得第 {rank} 名：獎勵 {prize}，審核通過後發放（一週內）。' },
  },
  reward_shared: {
    en_US: {
      title: 'You won a share',
      content: 'You qualified in {title}: your share is {prize}, paid once our team has verified it (within a week).',
    },
    'zh-CN': {
      title: '恭喜获奖',
      content: '您已完成{title}的全部条件：您的奖励为 {prize}，审核通过后发放（一周内）。',
    },
    'zh-TW': {
      title: '恭喜獲獎',
      content: '您已完成{title}的全部條件：您的獎勵為 {prize}，審核通過後發放（一週內）。',
    },
  },
  reward_ineligible: {
    en_US: {
      title: 'Prize rank not eligible',
      content:
        'You finished {title} at rank {rank}, but the prize rules were not all met. See the details in your rewards.',
    },
    'zh-CN': {
      title: '未满足领奖条件',
      content: '您在{title}中获得第 {rank} 名，但未满足全部领奖条件，详情请查看奖励记录。',
    },
    'zh-TW': {
      title: '未符合領獎條件',
      content: '您在{title}中獲得第 {rank} 名，但未符合全部領獎條件，詳情請查看獎勵紀錄。',
    },
  },
  reward_approved: {
    en_US: { title: 'Reward approved', content: 'Your reward from {title} is approved: {prize}.' },
    'zh-CN': { title: '奖励已发放', content: '您在{title}中的奖励已审核通过：{prize}。' },
    'zh-TW': { title: '獎勵已發放', content: '您在{title}中的獎勵已審核通過：{prize}。' },
  },
  reward_rejected: {
    en_US: { title: 'Reward not granted', content: 'Your reward from {title} was not granted: {reason}' },
    'zh-CN': { title: '奖励未通过审核', content: '您在{title}中的奖励未通过审核：{reason}' },
    'zh-TW': { title: '獎勵未通過審核', content: '您在{title}中的獎勵未通過審核：{reason}' },
  },
  video_taken_down: {
    en_US: {
      title: 'Your video was taken down',
      content: 'Your video “{title}” was taken down and no longer shows on TAICE. Reason: {reason}',
    },
    'zh-CN': { title: '您的视频已被下架', content: '您的视频“{title}”已被下架，不再在 TAICE 展示。原因：{reason}' },
    'zh-TW': { title: '您的影片已被下架', content: '您的影片「{title}」已被下架，不再於 TAICE 顯示。原因：{reason}' },
  },
  video_put_up: {
    en_US: {
      title: 'Your video is back',
      content: 'Your video “{title}” is published again and shows on TAICE. Note: {reason}',
    },
    'zh-CN': { title: '您的视频已恢复', content: '您的视频“{title}”已重新上架，恢复展示。说明：{reason}' },
    'zh-TW': { title: '您的影片已恢復', content: '您的影片「{title}」已重新上架，恢復顯示。說明：{reason}' },
  },
};

/** Parameters as shown: amounts in TAICE with 2 decimals, times as their UTC+8 day, texts in `lang`. */
function shownParams(params: Record<string, unknown>, lang: ApiLang): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (name === 'amount' && typeof value === 'number') shown[name] = (value / 100).toFixed(2);
    else if (name === 'expires_at' && typeof value === 'string') shown[name] = businessDay(new Date(value));
    else if (typeof value === 'object' && value !== null) shown[name] = String((value as Localized)[lang] ?? '');
    else shown[name] = String(value);
  }
  return shown;
}

/** A stored message's title and content in the reader's language. */
export function renderMessage(
  template: MessageTemplate,
  params: Record<string, unknown>,
  lang: ApiLang,
): { title: string; content: string } {
  const shown = shownParams(params, lang);
  if (template === 'operator_notice') return { title: shown.title ?? '', content: shown.content ?? '' };
  const text = TEMPLATES[template][lang];
  return { title: fillPlaceholders(text.title, shown), content: fillPlaceholders(text.content, shown) };
}
