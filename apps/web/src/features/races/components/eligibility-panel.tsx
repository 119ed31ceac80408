import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Award, CircleCheck, Trophy, Wallet } from 'lucide-react';
import type { MyRanking, Race } from '@taice/contract';
import { formatBalance, formatInteger } from '../../../shared/lib/format';
import { paths, profileEditPath } from '../../../shared/routing/paths';
import { usePreferences } from '../../../shared/stores/preferences';
import { GoalProgress } from '../../../shared/ui/goal-progress';
import { eligibilityProgress, rankRange, targetTier, type RuleProgress } from '../race-model';
import { MyRankPrompt } from './my-rank-prompt';
import { ruleIcon } from './prize-table';
import { isPodium, RankBadge } from './rank-badge';

/** Whether the caller's wallet is bound; while the race runs, the way to bind one. */
function WalletStatus({ bound, final }: { bound: boolean; final: boolean }) {
  const { t } = useTranslation();
  if (bound) {
    return (
      <span className="flex items-center gap-1 font-semibold text-success">
        <CircleCheck className="size-4" aria-hidden />
        {t('races.eligibility.walletBound')}
      </span>
    );
  }
  if (final) return <span className="text-muted">{t('races.eligibility.walletMissing')}</span>;
  return (
    <Link
      to={profileEditPath('bind')}
      className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold text-accent-text underline-offset-2 hover:underline"
    >
      <Wallet className="size-4" aria-hidden />
      {t('races.eligibility.bindWallet')}
    </Link>
  );
}

function RuleBar({ progress, final, aiUploads }: { progress: RuleProgress; final: boolean; aiUploads: boolean }) {
  const { t } = useTranslation();
  const { rule, required, actual, met } = progress;
  return (
    <GoalProgress
      icon={ruleIcon[rule]}
      label={t(rule === 'uploads' && aiUploads ? 'races.eligibility.aiUploads' : `races.eligibility.${rule}`)}
      actual={actual}
      required={required}
      met={met}
      status={rule === 'wallet' ? <WalletStatus bound={met} final={final} /> : undefined}
      testId={`rule-${rule}`}
    />
  );
}

/**
 * The caller's standing in the race: rank and points, then how far they are with each rule of the prize tier
 * they are in (or the nearest one above them); for a race that has ended, what the rules asked and what the
 * caller had, with the way to their rewards. A visitor is asked to log in.
 */
export function EligibilityPanel({ race, me, className }: { race: Race; me: MyRanking | null; className?: string }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const final = race.status !== 'running';
  const target = me ? targetTier(race.prizes, me.rank) : null;
  const prize = target && {
    tier: t(
      target.tier.rank_from === target.tier.rank_to ? 'races.eligibility.tierOne' : 'races.eligibility.tierRange',
      {
        ranks: rankRange(target.tier),
      },
    ),
    amount: `${formatBalance(target.tier.amount, lang)} ${target.tier.currency}`,
  };
  return (
    <section
      aria-labelledby="standing-title"
      className={clsx('rounded-2xl border border-border bg-surface p-4 wide:p-5', className)}
      data-testid="my-standing"
    >
      <h2 id="standing-title" className="mb-3 text-lg font-bold">
        {t('races.eligibility.title')}
      </h2>
      {!me ? (
        <MyRankPrompt text={t('races.eligibility.logIn')} />
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-3 rounded-xl bg-surface-2 p-3">
            {isPodium(me.rank) ? (
              <RankBadge rank={me.rank} className="size-12 text-lg" />
            ) : (
              <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent/15 text-accent-text">
                <Trophy className="size-6" aria-hidden />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {me.rank === null ? t('races.notRanked') : t('races.rankLabel', { rank: formatInteger(me.rank, lang) })}
              </p>
              <p className="text-sm text-muted">
                {me.rank === null
                  ? t('races.eligibility.notRankedText')
                  : t('races.eligibility.points', { points: formatBalance(me.points, lang) })}
              </p>
            </div>
          </div>
          {target && prize && (
            <>
              <p className="text-sm" data-testid="target-tier">
                {t(`races.eligibility.${target.inTier ? 'inTier' : 'aimTier'}${final ? 'Final' : ''}`, prize)}
              </p>
              <ul className="flex flex-col gap-3">
                {eligibilityProgress(target.tier, me).map((progress) => (
                  <RuleBar
                    key={progress.rule}
                    progress={progress}
                    final={final}
                    aiUploads={target.tier.ai_uploads === true}
                  />
                ))}
              </ul>
              {final ? (
                <Link
                  to={paths.promoteRewards}
                  className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-border bg-surface-2 px-4 text-sm font-semibold hover:bg-border/70"
                >
                  <Award className="size-4 text-accent-text" aria-hidden />
                  {t('races.eligibility.seeRewards')}
                </Link>
              ) : (
                <p className="text-xs text-muted">{t('races.eligibility.note')}</p>
              )}
            </>
          )}
        </div>
      )}
    </section>
  );
}
