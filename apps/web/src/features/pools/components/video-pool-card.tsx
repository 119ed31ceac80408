import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, Gift, Timer } from 'lucide-react';
import { WATCH_HEARTBEAT_SECONDS, type PostReward } from '@taice/contract';
import { formatBalance } from '../../../shared/lib/format';
import { useNow } from '../../../shared/hooks/use-now';
import { useLoginGate } from '../../../shared/session/login-gate';
import { useSession } from '../../../shared/session/session';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { RewardBurst, TaiceCoin } from '../../points';
import { useClaimPostReward } from '../api/use-claim-post-reward';
import { usePostReward } from '../api/use-post-reward';
import { useRewardCountdown } from '../api/use-reward-countdown';

/**
 * The seconds to show between two answers of the server: while the answers go down (the video plays), it
 * ticks down by itself, never more than one heartbeat below the last answer, so it never runs ahead of
 * what the server will say; paused, it stays.
 */
function useTickingCountdown(countdown: number | undefined, updatedAt: number) {
  const now = useNow({ every: 'second' });
  // The last answer and whether it was lower than the one before (adjusted while rendering, as React
  // recommends for state that follows a prop).
  const [track, setTrack] = useState<{ value?: number; at: number; falling: boolean }>({
    value: countdown,
    at: updatedAt,
    falling: false,
  });
  if (countdown !== undefined && updatedAt !== track.at) {
    setTrack({ value: countdown, at: updatedAt, falling: track.value !== undefined && countdown < track.value });
  }
  if (countdown === undefined) return undefined;
  const fresh = now - updatedAt < 2 * WATCH_HEARTBEAT_SECONDS * 1000;
  if (!track.falling || !fresh) return countdown;
  const ticked = Math.max(0, Math.floor((now - updatedAt) / 1000));
  return Math.max(0, countdown - Math.min(ticked, WATCH_HEARTBEAT_SECONDS));
}

function Celebration({ amount }: { amount: number }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <div className="flex items-center gap-4" role="status" data-testid="pool-celebration">
      <div className="relative grid size-16 shrink-0 place-items-center">
        <RewardBurst pieces={12} />
        <TaiceCoin className="reward-pop size-14 drop-shadow-[0_0.4rem_1rem_rgb(255_200_61/0.45)]" />
      </div>
      <div className="min-w-0">
        <p className="font-bold">{t('pools.card.claimedTitle')}</p>
        <p className="reward-pop text-2xl font-extrabold tabular-nums text-accent-text">
          +{formatBalance(amount, lang)} TAICE
        </p>
      </div>
    </div>
  );
}

function Countdown({ pool, onPaid }: { pool: PostReward; onPaid: (amount: number) => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const countdown = useRewardCountdown(pool.post_id, true);
  const claim = useClaimPostReward();
  const left = useTickingCountdown(countdown.data?.countdown, countdown.dataUpdatedAt);

  const data = countdown.data;
  const canClaim = data?.can_claim === 1;
  const shown = left ?? pool.watch_seconds;
  const done = Math.min(1, Math.max(0, (pool.watch_seconds - shown) / Math.max(1, pool.watch_seconds)));
  return (
    <div className="flex flex-col gap-3">
      {!canClaim && (
        <div>
          <p className="mb-1.5 flex items-center gap-1.5 text-sm font-semibold" aria-live="polite">
            <Timer className="size-4 text-accent-text" aria-hidden />
            <span data-testid="pool-countdown">
              {shown > 0 ? t('pools.card.countdown', { seconds: shown }) : t('pools.card.checking')}
            </span>
          </p>
          <div
            className="h-2 overflow-hidden rounded-full bg-surface-2"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={pool.watch_seconds}
            aria-valuenow={pool.watch_seconds - shown}
            aria-label={t('pools.card.progress')}
          >
            <div
              className="h-full rounded-full bg-accent transition-[width] duration-1000"
              style={{ width: `${done * 100}%` }}
            />
          </div>
        </div>
      )}
      <Button
        block
        disabled={!canClaim}
        loading={claim.isPending}
        className={clsx(canClaim && 'earn-glow')}
        onClick={() => claim.mutate(pool.post_id, { onSuccess: (result) => onPaid(result.amount) })}
        data-testid="pool-claim"
      >
        <Gift className="size-5" aria-hidden />
        {t('pools.card.claim', { amount: formatBalance(pool.amount, lang) })}
      </Button>
    </div>
  );
}

/**
 * The reward pool on a video, for its viewers: the reward per viewer and how many are left; for a member,
 * a countdown of the seconds still to watch (the server's measure, refreshed with the player's heartbeats)
 * and the claim button, with a short celebration; then "claimed". Nothing when the video has no open pool
 * (and the viewer did not claim from its last one).
 */
export function VideoPoolCard({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const loggedIn = useSession((s) => s.token !== null);
  const gate = useLoginGate();
  const detail = usePostReward(postId);
  // Kept here: the claim refreshes the pool (now claimed), and the celebration stays on screen above it.
  const [paid, setPaid] = useState<number | null>(null);
  const pool = detail.data;
  if (!pool || (pool.status !== 'active' && pool.is_claim === 0)) return null;
  const open = pool.status === 'active' && pool.left > 0;

  return (
    <section
      aria-label={t('pools.card.title')}
      className="flex flex-col gap-3 rounded-2xl border border-accent/30 bg-linear-to-br from-accent/15 via-surface to-surface p-4"
      data-testid="video-pool-card"
    >
      <div className="flex items-center gap-3">
        <TaiceCoin className="size-10 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="font-bold">{t('pools.card.title')}</p>
          <p className="text-sm text-muted">
            {t('pools.card.text', { amount: formatBalance(pool.amount, lang), seconds: pool.watch_seconds })}
          </p>
        </div>
        <p className="shrink-0 text-right text-sm" data-testid="pool-card-left">
          <span className="block text-lg font-extrabold tabular-nums">{pool.left}</span>
          <span className="text-xs text-muted">{t('pools.card.leftLabel', { count: pool.left })}</span>
        </p>
      </div>
      {paid !== null && <Celebration amount={paid} />}
      {pool.is_claim === 1 ? (
        <p className="flex items-center gap-2 font-semibold text-success" data-testid="pool-claimed-note">
          <CircleCheck className="size-5" aria-hidden />
          {t('pools.card.claimed')}
        </p>
      ) : pool.is_creator === 1 ? (
        <p className="text-sm text-muted">{t('pools.card.yours')}</p>
      ) : !open ? (
        <p className="text-sm text-muted">{t('pools.card.empty')}</p>
      ) : !loggedIn ? (
        <Button block onClick={() => gate(() => undefined)} data-testid="pool-login">
          {t('pools.card.logIn')}
        </Button>
      ) : (
        paid === null && <Countdown pool={pool} onPaid={setPaid} />
      )}
    </section>
  );
}
