import { useTranslation } from 'react-i18next';
import { BadgeCheck, CircleCheck, CircleSlash, CircleX, Clock } from 'lucide-react';
import type { RewardStatus } from '@taice/contract';
import { StatusChip, type StatusLook } from '../../../shared/ui/status-chip';

const looks: Record<RewardStatus, StatusLook> = {
  pending: { icon: Clock, className: 'bg-warning/15 text-warning' },
  ineligible: { icon: CircleSlash, className: 'bg-fg/10 text-muted' },
  approved: { icon: BadgeCheck, className: 'bg-accent/15 text-accent-text' },
  paid: { icon: CircleCheck, className: 'bg-success/15 text-success' },
  rejected: { icon: CircleX, className: 'bg-danger/15 text-danger' },
};

/** A reward's status as a coloured pill with its icon; `label` words it for a screen that says it its own way. */
export function RewardStatusChip({ status, label }: { status: RewardStatus; label?: string }) {
  const { t } = useTranslation();
  return <StatusChip look={looks[status]} label={label ?? t(`races.rewardStatus.${status}`)} testId="reward-status" />;
}
