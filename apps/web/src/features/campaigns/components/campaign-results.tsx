import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Trophy } from 'lucide-react';
import { useViewerId } from '../../../shared/session/login-gate';
import { MemberName } from '../../races';
import type { CampaignView } from '../api/use-campaign-detail';
import { isOver } from '../campaign-model';
import { JackpotAmount } from './jackpot-amount';
import { PlaceBadge } from './place-badge';

/** A draw ticket, short: its first and last characters (the whole one on hover). */
const shortTicket = (ticket: string) => `${ticket.slice(0, 8)}…${ticket.slice(-6)}`;

/**
 * The winners once the campaign is settled, with their prizes (and draw tickets); while an ended campaign is
 * being settled, a note says so. Nothing before the end.
 */
export function CampaignResults({ campaign, className }: { campaign: CampaignView; className?: string }) {
  const { t } = useTranslation();
  const viewer = useViewerId();
  if (!isOver(campaign.status)) return null;
  const { results } = campaign;
  return (
    <section
      aria-labelledby="results-title"
      className={clsx('flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 wide:p-5', className)}
      data-testid="campaign-results"
    >
      <h2 id="results-title" className="flex items-center gap-2 text-lg font-bold">
        <Trophy className="size-5 text-accent-text" aria-hidden />
        {t('campaigns.results.title')}
      </h2>
      {campaign.status === 'ended' ? (
        <p className="text-sm text-muted">{t('campaigns.results.counting')}</p>
      ) : results.length === 0 ? (
        <p className="text-sm text-muted">{t('campaigns.results.none')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border/60">
          {results.map((result) => (
            <li
              key={result.user_id}
              className={clsx(
                'flex items-center gap-3 py-2.5',
                result.user_id === viewer && '-mx-2 rounded-lg bg-accent/10 px-2',
              )}
              data-testid="campaign-winner"
            >
              {result.rank !== null && <PlaceBadge rank={result.rank} />}
              <MemberName
                className="flex-1"
                userId={result.user_id}
                name={result.user_name}
                avatar={result.avatar}
                isMe={result.user_id === viewer}
                detail={
                  result.ticket && (
                    <span className="font-mono" title={result.ticket}>
                      {t('campaigns.results.ticket', { ticket: shortTicket(result.ticket) })}
                    </span>
                  )
                }
              />
              <JackpotAmount
                amount={result.amount}
                currency={campaign.currency}
                className="shrink-0 font-bold text-accent-text"
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
