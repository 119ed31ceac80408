import type { OpsUserRow, OrderStatus, RewardStatus } from '@taice/contract';
import { useOpsT } from '../ops-i18n';
import { Badge, type Tone } from './bits';

const orderTones: Record<OrderStatus, Tone> = {
  not_shipped: 'warning',
  shipped: 'accent',
  completed: 'success',
  cancelled: 'neutral',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { ot } = useOpsT();
  return <Badge tone={orderTones[status]}>{ot(`orders.statuses.${status}`)}</Badge>;
}

const rewardTones: Record<RewardStatus, Tone> = {
  pending: 'warning',
  ineligible: 'danger',
  approved: 'accent',
  paid: 'success',
  rejected: 'neutral',
};

export function RewardStatusBadge({ status }: { status: RewardStatus }) {
  const { ot } = useOpsT();
  return <Badge tone={rewardTones[status]}>{ot(`rewards.statuses.${status}`)}</Badge>;
}

/** A member's operator roles, and whether they are banned. */
export function RolesAndBan({ user }: { user: Pick<OpsUserRow, 'roles' | 'banned'> }) {
  const { ot } = useOpsT();
  return (
    <span className="flex flex-wrap gap-1">
      {user.banned && <Badge tone="danger">{ot('users.banned')}</Badge>}
      {user.roles.map((role) => (
        <Badge key={role} tone="accent">
          {ot(`roles.${role}`)}
        </Badge>
      ))}
    </span>
  );
}
