import type { LedgerEntry, LedgerReason, UiLang } from '@taice/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../../shared/lib/format';

/** What each ledger reason is called on screen. */
export const reasonKey = {
  sign_in: 'points.reason.sign_in',
  new_user_reward: 'points.reason.new_user_reward',
  referral_reward: 'points.reason.referral_reward',
  invite_task: 'points.reason.invite_task',
  task_reward: 'points.reason.task_reward',
  daily_task_issue: 'points.reason.daily_task_issue',
  redeem: 'points.reason.redeem',
  refund: 'points.reason.refund',
  operator_adjust: 'points.reason.operator_adjust',
  race_reward: 'points.reason.race_reward',
  campaign_reward: 'points.reason.campaign_reward',
  pool_fund: 'points.reason.pool_fund',
  pool_claim: 'points.reason.pool_claim',
  pool_refund: 'points.reason.pool_refund',
} as const satisfies Record<LedgerReason, string>;

/** A line under the reason, from the entry's memo where it says something to the user. */
export function ledgerDetail(entry: LedgerEntry, t: TFunction, lang: UiLang): string | null {
  const memo = entry.memo.trim();
  if (!memo) return null;
  switch (entry.reason) {
    case 'sign_in': {
      const day = /^day (\d+)$/.exec(memo)?.[1];
      return day ? t('checkIn.streakDay', { day: Number(day) }) : null;
    }
    case 'daily_task_issue':
      return /^\d{4}-\d{2}-\d{2}$/.test(memo)
        ? t('points.detail.issuedFor', { date: formatDate(`${memo}T12:00:00Z`, lang) })
        : null;
    case 'invite_task': {
      const n = /^invite (\d+)$/.exec(memo)?.[1];
      return n ? t('referral.milestoneName', { count: Number(n) }) : null;
    }
    case 'task_reward': {
      const type = memo.split('.')[0];
      if (type === 'new_user') return t('tasks.tab.new_user');
      if (type === 'week') return t('tasks.tab.week');
      if (type === 'advanced') return t('tasks.tab.advanced');
      return null;
    }
    case 'redeem':
    case 'refund':
    case 'operator_adjust':
    case 'race_reward':
    case 'campaign_reward':
      return memo;
    default:
      return null;
  }
}
