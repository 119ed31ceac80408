import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Flag } from 'lucide-react';
import type { CampaignStatus } from '@taice/contract';
import { formatDateTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';

/**
 * The finished campaign's notice: 'This incentive activity has ended' (the spec's message, the same words as
 * the server's refusal to join), when, and whether the results are out or still being counted.
 */
export function EndedNotice({
  status,
  endsAt,
  className,
  large = false,
}: {
  status: CampaignStatus;
  endsAt: string;
  className?: string;
  /** On its own under a page-wide head rather than at the foot of a card. */
  large?: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <div
      className={clsx(
        'flex items-start gap-3 border-warning/40 bg-warning/10',
        large ? 'p-4 wide:gap-4 wide:p-6' : 'p-4',
        className,
      )}
      data-testid="campaign-ended"
    >
      <span
        className={clsx(
          'grid shrink-0 place-items-center rounded-full bg-warning/20 text-warning',
          large ? 'size-12' : 'size-10',
        )}
      >
        <Flag className={large ? 'size-6' : 'size-5'} aria-hidden />
      </span>
      <div className="min-w-0">
        <p className={clsx('font-bold', large && 'text-xl')}>{t('campaigns.detail.ended')}</p>
        <p className="text-sm text-muted">
          {t('campaigns.detail.endedAt', { date: formatDateTime(endsAt, lang) })}{' '}
          {t(status === 'settled' ? 'campaigns.detail.resultsOut' : 'campaigns.detail.resultsCounting')}
        </p>
      </div>
    </div>
  );
}
