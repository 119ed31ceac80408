import type { Tx } from '../../platform/db/database';
import type { Messages } from '../messages/messages.module';
import type { userRewards } from './races.schema';

type RewardRow = typeof userRewards.$inferSelect;

/** "300.00 USDT": an amount in hundredths with its currency, as messages show it. */
export const prizeText = (reward: Pick<RewardRow, 'amount' | 'currency'>) =>
  `${(reward.amount / 100).toFixed(2)} ${reward.currency}`;

/** The message each reward event leaves its winner, in the event's transaction, linked to the reward. */
export function createRewardNotices(messages: Messages) {
  const about = (reward: RewardRow) => ({ userId: reward.userId, link: { kind: 'reward' as const, id: reward.id } });
  return {
    /** Written at close or settlement: a prize rank (or an equal share) to verify, or one whose rules were not met. */
    async written(tx: Tx, reward: RewardRow) {
      if (reward.status === 'ineligible') {
        await messages.send(tx, {
          ...about(reward),
          template: 'reward_ineligible',
          params: { title: reward.title, rank: reward.rank ?? 0 },
        });
      } else if (reward.rank === null) {
        await messages.send(tx, {
          ...about(reward),
          template: 'reward_shared',
          params: { title: reward.title, prize: prizeText(reward) },
        });
      } else {
        await messages.send(tx, {
          ...about(reward),
          template: 'reward_won',
          params: { title: reward.title, rank: reward.rank, prize: prizeText(reward) },
        });
      }
    },
    async approved(tx: Tx, reward: RewardRow) {
      await messages.send(tx, {
        ...about(reward),
        template: 'reward_approved',
        params: { title: reward.title, prize: prizeText(reward) },
      });
    },
    async rejected(tx: Tx, reward: RewardRow) {
      await messages.send(tx, {
        ...about(reward),
        template: 'reward_rejected',
        params: { title: reward.title, reason: reward.rejectReason },
      });
    },
  };
}

export type RewardNotices = ReturnType<typeof createRewardNotices>;
