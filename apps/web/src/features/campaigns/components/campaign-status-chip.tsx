import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { CampaignStatus } from '@taice/contract';

const looks: Record<CampaignStatus, { text: string; tint: string }> = {
  upcoming: { text: 'text-accent-text', tint: 'bg-accent/20' },
  ongoing: { text: 'text-success', tint: 'bg-success/15' },
  ended: { text: 'text-warning', tint: 'bg-warning/15' },
  settled: { text: 'text-fg', tint: 'bg-fg/10' },
};

/**
 * Starting soon, live, ended (results being counted) or results out. `solid` reads on top of a banner: the
 * page's background instead of a tint.
 */
export function CampaignStatusChip({ status, solid = false }: { status: CampaignStatus; solid?: boolean }) {
  const { t } = useTranslation();
  const look = looks[status];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold',
        look.text,
        solid ? 'bg-bg/90 shadow-sm backdrop-blur-sm' : look.tint,
      )}
      data-testid="campaign-status"
    >
      {status === 'ongoing' && <span className="size-2 animate-pulse rounded-full bg-current" aria-hidden />}
      {t(`campaigns.status.${status}`)}
    </span>
  );
}
