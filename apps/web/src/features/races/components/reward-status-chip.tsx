import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { BadgeCheck, CircleCheck, CircleSlash, CircleX, Clock, type LucideIcon } from 'lucide-react';
import type { RewardStatus } from '@taice/contract';

const looks: Record<RewardStatus, { icon: LucideIcon; className: string }> = {
  pending: { icon: Clock, className: 'bg-warning/15 text-warning' },
  ineligible: { icon: CircleSlash, className: 'bg-fg/10 text-muted' },
  approved: { icon: BadgeCheck, className: 'bg-accent/15 text-accent-text' },
  paid: { icon: CircleCheck, className: 'bg-success/15 text-success' },
  rejected: { icon: CircleX, className: 'bg-danger/15 text-danger' },
};

/** A reward's status as a coloured pill with its icon. */
export function RewardStatusChip({ status }: { status: RewardStatus }) {
  const { t } = useTranslation();
  const { icon: Icon, className } = looks[status];
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold',
        className,
      )}
      data-testid="reward-status"
    >
      <Icon className="size-3.5" aria-hidden />
      {t(`races.rewardStatus.${status}`)}
    </span>
  );
}
