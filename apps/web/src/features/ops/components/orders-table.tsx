import { useState } from 'react';
import { opsRedemptionCalls, type OpsOrder, type Page } from '@taice/contract';
import { Button } from '../../../shared/ui/button';
import { useOpsAction } from '../api/ops-call';
import { useMay } from '../api/use-auth-status';
import { useOpsForm } from '../form';
import { useOpsT } from '../ops-i18n';
import { OrderStatusBadge } from './badges';
import { Amount, confirmThen, UserLink, When } from './bits';
import { PagedTable, type Column } from './data-table';
import { TextInput } from './fields';
import { FormDialog } from './form-dialog';

function ShipDialog({ order, onClose }: { order: OpsOrder; onClose: () => void }) {
  const { ot } = useOpsT();
  const ship = useOpsAction(opsRedemptionCalls.opsOrderShip, 'orders.shippedDone');
  const form = useOpsForm({
    initial: { carrier: '', tracking_no: '' },
    schema: opsRedemptionCalls.opsOrderShip.body,
    toBody: (values) => ({ order_no: order.order_no, ...values }),
    submit: (body) => ship.mutateAsync(body),
    onDone: onClose,
  });
  return (
    <FormDialog
      title={ot('orders.shipTitle', { order: order.order_no })}
      onClose={onClose}
      form={form}
      submitLabel={ot('orders.ship')}
    >
      <TextInput form={form} name="carrier" label={ot('orders.carrier')} />
      <TextInput form={form} name="tracking_no" label={ot('orders.trackingNo')} />
    </FormDialog>
  );
}

function Shipping({ order }: { order: OpsOrder }) {
  const { address, carrier, tracking_no } = order;
  if (!address) return <span className="text-muted">—</span>;
  return (
    <div className="max-w-[22rem] text-xs">
      <p className="font-medium">
        {address.first_name} {address.last_name} · +{address.dial_code} {address.phone}
      </p>
      <p className="text-muted">
        {address.detail_address}, {address.country}
      </p>
      {carrier && (
        <p>
          {carrier} · <span className="font-mono">{tracking_no}</span>
        </p>
      )}
    </div>
  );
}

/**
 * Orders with what an operator may do to each: ship a physical one (carrier and tracking number), mark a shipped
 * one delivered, cancel a not-shipped one (stock back, TAICE refunded once).
 */
export function OrdersTable({
  query,
  onPage,
}: {
  query: { data: Page<OpsOrder> | undefined; error: unknown; refetch: () => unknown; isPlaceholderData: boolean };
  onPage: (page: number) => void;
}) {
  const { ot } = useOpsT();
  const may = useMay();
  const complete = useOpsAction(opsRedemptionCalls.opsOrderComplete, 'orders.completedDone');
  const cancel = useOpsAction(opsRedemptionCalls.opsOrderCancel, 'orders.cancelledDone');
  const [shipping, setShipping] = useState<OpsOrder | null>(null);

  const actions = (order: OpsOrder) => (
    <span className="flex flex-wrap gap-2">
      {order.status === 'not_shipped' && order.prize.type === 'physical' && may(opsRedemptionCalls.opsOrderShip) && (
        <Button size="sm" onClick={() => setShipping(order)}>
          {ot('orders.ship')}
        </Button>
      )}
      {order.status === 'shipped' && may(opsRedemptionCalls.opsOrderComplete) && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void confirmThen(ot('orders.completeConfirm', { order: order.order_no }), () =>
              complete.run({ order_no: order.order_no }),
            )
          }
        >
          {ot('orders.complete')}
        </Button>
      )}
      {order.status === 'not_shipped' && may(opsRedemptionCalls.opsOrderCancel) && (
        <Button
          size="sm"
          variant="secondary"
          onClick={() =>
            void confirmThen(ot('orders.cancelConfirm', { order: order.order_no }), () =>
              cancel.run({ order_no: order.order_no }),
            )
          }
        >
          {ot('orders.cancel')}
        </Button>
      )}
    </span>
  );

  const columns: Column<OpsOrder>[] = [
    { header: ot('orders.orderNo'), cell: (o) => <span className="font-mono">{o.order_no}</span> },
    { header: ot('orders.placed'), cell: (o) => <When iso={o.created_at} /> },
    { header: ot('orders.member'), cell: (o) => <UserLink id={o.user_id} /> },
    {
      header: ot('orders.prize'),
      cell: (o) => (
        <span>
          {o.prize.name} <span className="text-muted">· {ot(`prizes.types.${o.prize.type}`)}</span>
        </span>
      ),
    },
    { header: ot('orders.price'), numeric: true, cell: (o) => <Amount value={o.price} /> },
    { header: ot('orders.status'), cell: (o) => <OrderStatusBadge status={o.status} /> },
    { header: ot('orders.shipping'), cell: (o) => <Shipping order={o} /> },
    { header: ot('orders.actions'), cell: actions },
  ];

  return (
    <>
      <PagedTable
        caption={ot('nav.orders')}
        columns={columns}
        rowKey={(o) => o.id}
        empty={ot('orders.none')}
        query={query}
        onPage={onPage}
        testId="ops-orders"
      />
      {shipping && <ShipDialog order={shipping} onClose={() => setShipping(null)} />}
    </>
  );
}
