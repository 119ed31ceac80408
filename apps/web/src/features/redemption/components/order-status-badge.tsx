import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { CircleCheck, CircleX, Clock, Truck, type LucideIcon } from 'lucide-react';
import type { OrderStatus } from '@taice/contract';

const looks: Record<OrderStatus, { icon: LucideIcon; className: string }> = {
  not_shipped: { icon: Clock, className: 'bg-warning/15 text-warning' },
  shipped: { icon: Truck, className: 'bg-accent/15 text-accent-text' },
  completed: { icon: CircleCheck, className: 'bg-success/15 text-success' },
  cancelled: { icon: CircleX, className: 'bg-danger/15 text-danger' },
};

/** An order's status as a coloured pill with its icon. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const { icon: Icon, className } = looks[status];
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold',
        className,
      )}
      data-testid="order-status"
    >
      <Icon className="size-3.5" aria-hidden />
      {t(`orders.status.${status}`)}
    </span>
  );
}
