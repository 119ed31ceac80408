import { ORDER_STATUSES, opsRedemptionCalls } from '@taice/contract';
import { useOpsQuery } from '../api/ops-call';
import { SearchBox, StatusFilter } from '../components/filters';
import { OrdersTable } from '../components/orders-table';
import { Screen } from '../components/screen';
import { optional, useListParams } from '../list-params';
import { useOpsT } from '../ops-i18n';

/** Orders of the redemption center, by status or member: ship, complete, cancel and refund. */
export default function OrdersScreen() {
  const { ot } = useOpsT();
  const { filters, page, setFilters, setPage } = useListParams(['status', 'user']);
  const status = ORDER_STATUSES.find((s) => s === filters.status);
  const userId = Number(filters.user) || undefined;
  const orders = useOpsQuery(opsRedemptionCalls.opsOrders, { status, user_id: userId, page });
  return (
    <Screen heading={ot('nav.orders')}>
      <StatusFilter
        label={ot('orders.status')}
        value={filters.status}
        statuses={ORDER_STATUSES}
        labelOf={(s) => ot(`orders.statuses.${s}`)}
        onChange={(next) => setFilters({ status: next })}
      />
      <SearchBox
        value={filters.user}
        onSearch={(user) => setFilters({ user: optional(user.replace(/\D/g, '')) ?? '' })}
        label={ot('orders.byMember')}
      />
      <OrdersTable query={orders} onPage={setPage} />
    </Screen>
  );
}
