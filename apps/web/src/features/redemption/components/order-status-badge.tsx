import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, Clock, Truck } from 'lucide-react';
import type { OrderStatus } from '@taice/contract';
import { StatusChip, type StatusLook } from '../../../shared/ui/status-chip';

const looks: Record<OrderStatus, StatusLook> = {
  not_shipped: { icon: Clock, className: 'bg-warning/15 text-warning' },
  shipped: { icon: Truck, className: 'bg-accent/15 text-accent-text' },
  completed: { icon: CircleCheck, className: 'bg-success/15 text-success' },
  cancelled: { icon: CircleX, className: 'bg-danger/15 text-danger' },
};

/** An order's status as a coloured pill with its icon. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <StatusChip look={looks[status]} label={t(`orders.status.${status}`)} testId="order-status" />;
}
