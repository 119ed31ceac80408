import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Eye, Gift, Medal, Upload, UserPlus, Wallet, type LucideIcon } from 'lucide-react';
import type { EligibilityRule, PrizeTier } from '@taice/contract';
import { formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { rankRange } from '../race-model';
import { RewardAmount } from './reward-amount';

export const ruleIcon: Record<EligibilityRule, LucideIcon> = {
  invites: UserPlus,
  watched: Eye,
  uploads: Upload,
  wallet: Wallet,
};

/** What one tier asks, as short chips: "50 friends invited", "Wallet bound". */
function TierRules({ tier }: { tier: PrizeTier }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const rules: { rule: EligibilityRule; text: string }[] = [];
  if (tier.min_invites > 0)
    rules.push({
      rule: 'invites',
      text: t('races.rules.invites', { count: tier.min_invites, n: formatInteger(tier.min_invites, lang) }),
    });
  if (tier.min_watched > 0)
    rules.push({
      rule: 'watched',
      text: t('races.rules.watched', { count: tier.min_watched, n: formatInteger(tier.min_watched, lang) }),
    });
  if (tier.min_uploads > 0)
    rules.push({
      rule: 'uploads',
      text: t(tier.ai_uploads ? 'races.rules.aiUploads' : 'races.rules.uploads', {
        count: tier.min_uploads,
        n: formatInteger(tier.min_uploads, lang),
      }),
    });
  if (tier.needs_wallet) rules.push({ rule: 'wallet', text: t('races.rules.wallet') });
  if (rules.length === 0) return <p className="text-xs text-muted">{t('races.rules.none')}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('races.rules.label')}>
      {rules.map(({ rule, text }) => {
        const Icon = ruleIcon[rule];
        return (
          <li key={rule} className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-2 py-0.5 text-xs">
            <Icon className="size-3.5 text-muted" aria-hidden />
            {text}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The race's prize table: each range of ranks with its amount and what a winner there must have done inside
 * the race. `myTier` (the caller's) is marked.
 */
export function PrizeTable({
  prizes,
  myTier,
  className,
}: {
  prizes: PrizeTier[];
  myTier?: PrizeTier;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="prizes-title"
      className={clsx('rounded-2xl border border-border bg-surface p-4 wide:p-5', className)}
      data-testid="prize-table"
    >
      <h2 id="prizes-title" className="mb-3 flex items-center gap-2 text-lg font-bold">
        <Gift className="size-5 text-accent-text" aria-hidden />
        {t('races.prizes.title')}
      </h2>
      {prizes.length === 0 ? (
        <p className="text-sm text-muted">{t('races.prizes.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {prizes.map((tier) => {
            const mine = tier === myTier;
            return (
              <li
                key={`${tier.rank_from}-${tier.rank_to}`}
                className={clsx(
                  'flex flex-col gap-2 py-3',
                  mine ? '-mx-2 my-1 rounded-xl bg-accent/10 px-2 ring-1 ring-accent/40' : 'first:pt-0 last:pb-0',
                )}
                aria-current={mine || undefined}
                data-testid="prize-tier"
              >
                <div className="flex items-center justify-between gap-3">
                  <p className="flex items-center gap-2 font-semibold whitespace-nowrap">
                    <Medal
                      className={clsx('size-5', tier.rank_from === 1 ? 'text-[#f5c542]' : 'text-muted')}
                      aria-hidden
                    />
                    {t(tier.rank_from === tier.rank_to ? 'races.prizes.rank' : 'races.prizes.ranks', {
                      ranks: rankRange(tier),
                    })}
                    {mine && <span className="sr-only">({t('races.prizes.yourTier')})</span>}
                  </p>
                  <p className="text-right whitespace-nowrap">
                    <RewardAmount
                      amount={tier.amount}
                      currency={tier.currency}
                      className="font-extrabold text-accent-text"
                    />
                    {tier.rank_from !== tier.rank_to && (
                      <span className="block text-xs text-muted">{t('races.prizes.each')}</span>
                    )}
                  </p>
                </div>
                <TierRules tier={tier} />
              </li>
            );
          })}
        </ul>
      )}
      <p className="mt-4 border-t border-border pt-3 text-xs text-muted">{t('races.prizes.note')}</p>
    </section>
  );
}
