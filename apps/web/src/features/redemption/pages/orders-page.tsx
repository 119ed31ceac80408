import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Store } from 'lucide-react';
import type { OrderStatus } from '@taice/contract';
import { paths } from '../../../shared/routing/paths';
import { ChipTabs, type ChipTab } from '../../../shared/ui/chip-tabs';
import { LoadMore } from '../../../shared/ui/load-more';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState, Skeleton } from '../../../shared/ui/states';
import { useCountryName } from '../api/use-country-info';
import { useOrder, useOrders } from '../api/use-orders';
import { OrderCard } from '../components/order-card';
import { parseOrderId, parseOrderStatus } from '../components/order-model';

const TABS: (OrderStatus | undefined)[] = [undefined, 'not_shipped', 'shipped', 'completed', 'cancelled'];

function GoExchange() {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.exchange}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
    >
      <Store className="size-5" aria-hidden />
      {t('orders.goExchange')}
    </Link>
  );
}

function CardSkeleton() {
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-4 wide:p-5">
      <div className="flex gap-3">
        <Skeleton className="size-18 rounded-xl wide:size-20" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-5 w-1/4" />
        </div>
      </div>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

const gridClass = 'grid items-start gap-4 wide:grid-cols-2 wide:gap-5';

/** Every order of one status (or all), with its loading, empty and error states. */
function OrderList({ status }: { status: OrderStatus | undefined }) {
  const { t } = useTranslation();
  const orders = useOrders(status);
  const countryName = useCountryName();
  if (orders.isPending) {
    return (
      <div className={gridClass} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (orders.isError && !orders.data) return <ErrorState onRetry={() => void orders.refetch()} />;
  const list = orders.data.pages.flatMap((p) => p.list);
  if (list.length === 0) {
    return (
      <EmptyState title={t(`orders.empty.${status ?? 'all'}`)} text={t('orders.emptyText')} action={<GoExchange />} />
    );
  }
  return (
    <>
      <div className={gridClass}>
        {list.map((order) => (
          <OrderCard key={order.id} order={order} countryName={countryName} />
        ))}
      </div>
      <LoadMore query={orders} endText={orders.data.pages.length > 1 ? t('orders.endOfList') : undefined} />
    </>
  );
}

/** The one order a message linked to, highlighted, with the way back to all orders. */
function SingleOrder({ id, allOrders }: { id: number; allOrders: string }) {
  const { t } = useTranslation();
  const order = useOrder(id);
  const countryName = useCountryName();
  const back = (
    <Link
      to={allOrders}
      className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface-2 px-4 font-semibold hover:bg-border/70"
    >
      <ArrowLeft className="size-5" aria-hidden />
      {t('orders.single.back')}
    </Link>
  );
  let body;
  if (order.isPending) body = <CardSkeleton />;
  else if (order.isError) body = <ErrorState onRetry={() => void order.refetch()} />;
  else if (order.data === null)
    body = <EmptyState title={t('orders.single.notFound')} text={t('orders.single.notFoundText')} />;
  else body = <OrderCard order={order.data} countryName={countryName} highlight />;
  return (
    <section aria-labelledby="single-order-title" className="flex max-w-[80rem] flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="single-order-title" className="text-lg font-bold">
          {t('orders.single.title')}
        </h2>
        {back}
      </div>
      <div aria-busy={order.isPending || undefined}>{body}</div>
    </section>
  );
}

/**
 * /V2/myorder and /ExchangeHistory: the caller's redemption orders by status
 * (kept in `?status=`), or, with `?id=` (a message's link), that one order.
 */
export default function OrdersPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const id = parseOrderId(params.get('id'));
  const status = parseOrderStatus(params.get('status'));
  const title = pathname === paths.exchangeHistory ? t('routes.ExchangeHistory') : t('routes.myorder');
  const tabs: ChipTab<OrderStatus | undefined>[] = TABS.map((s) => ({ id: s, label: t(`orders.tabs.${s ?? 'all'}`) }));
  const setStatus = (next: OrderStatus | undefined) =>
    setParams(next ? { status: next } : {}, { replace: true, preventScrollReset: true });
  return (
    <Page title={title}>
      {id !== undefined ? (
        <SingleOrder id={id} allOrders={pathname} />
      ) : (
        <div className="flex flex-col gap-4">
          <ChipTabs tabs={tabs} value={status} onChange={setStatus} label={t('orders.statusTabs')} />
          <div role="tabpanel" aria-label={t(`orders.tabs.${status ?? 'all'}`)}>
            <OrderList key={status ?? 'all'} status={status} />
          </div>
        </div>
      )}
    </Page>
  );
}
