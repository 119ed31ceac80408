import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, Clock, Coins } from 'lucide-react';
import type { PoolStatus } from '@taice/contract';
import { StatusChip, type StatusLook } from '../../../shared/ui/status-chip';

const looks: Record<PoolStatus, StatusLook> = {
  active: { icon: Coins, className: 'bg-accent/15 text-accent-text' },
  spent: { icon: CircleCheck, className: 'bg-success/15 text-success' },
  cancelled: { icon: CircleX, className: 'bg-danger/15 text-danger' },
  ended: { icon: Clock, className: 'bg-surface-2 text-muted' },
};

/** A pool's status as a coloured pill with its icon. */
export function PoolStatusChip({ status }: { status: PoolStatus }) {
  const { t } = useTranslation();
  return <StatusChip look={looks[status]} label={t(`pools.status.${status}`)} testId="pool-status" />;
}
