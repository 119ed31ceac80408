import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Copy, Crown, Eye, EyeOff, KeyRound, MapPin, Package, RotateCcw, Truck, type LucideIcon } from 'lucide-react';
import type { Order, PrizeType } from '@taice/contract';
import { formatBalance, formatDate, formatDateTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { copyText } from '../../../shared/ui/copy';
import { formatPhone, maskCode } from './order-model';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';

const typeIcon: Record<PrizeType, LucideIcon> = { physical: Package, virtual: KeyRound, membership: Crown };

function CopyButton({ text, label }: { text: string; label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => void copyText(text)}
      className="grid size-11 shrink-0 place-items-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg"
    >
      <Copy className="size-4.5" aria-hidden />
    </button>
  );
}

/** The prize's cover, or its type's icon when it has none (or it fails to load). */
function PrizeImage({ order }: { order: Order }) {
  const [failed, setFailed] = useState(false);
  const Icon = typeIcon[order.prize.type];
  if (order.prize.image && !failed) {
    return (
      <img
        src={order.prize.image}
        alt={order.prize.name}
        loading="lazy"
        onError={() => setFailed(true)}
        className="size-18 shrink-0 rounded-xl bg-surface-2 object-cover wide:size-20"
      />
    );
  }
  return (
    <span className="grid size-18 shrink-0 place-items-center rounded-xl bg-accent/15 text-accent-text wide:size-20">
      <Icon className="size-8" aria-hidden />
    </span>
  );
}

/** One label and value of the order's details, with an optional copy button. */
function Row({
  label,
  children,
  copy,
}: {
  label: string;
  children: ReactNode;
  copy?: { text: string; label: string };
}) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3">
      <dt className="shrink-0 text-sm text-muted">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1 text-right">
        <span className="min-w-0 break-all text-sm font-medium">{children}</span>
        {copy && <CopyButton text={copy.text} label={copy.label} />}
      </dd>
    </div>
  );
}

/** A virtual product's code: hidden until revealed, copyable either way. */
function CodeBox({ code }: { code: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const labelId = useId();
  return (
    <div className="flex items-center gap-2 rounded-xl border border-accent/30 bg-accent/10 py-1 pr-1 pl-3">
      <KeyRound className="size-5 shrink-0 text-accent-text" aria-hidden />
      <div className="min-w-0 flex-1">
        <p id={labelId} className="text-xs text-muted">
          {t('orders.code')}
        </p>
        <p
          aria-labelledby={labelId}
          className="font-mono text-base font-bold tracking-wider break-all"
          data-testid="order-code"
        >
          {shown ? (
            code
          ) : (
            <>
              <span className="sr-only">{t('orders.codeHidden')}</span>
              <span aria-hidden>{maskCode(code)}</span>
            </>
          )}
        </p>
      </div>
      <button
        type="button"
        aria-label={shown ? t('orders.hideCode') : t('orders.showCode')}
        title={shown ? t('orders.hideCode') : t('orders.showCode')}
        onClick={() => setShown((v) => !v)}
        className="grid size-11 shrink-0 place-items-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg"
      >
        {shown ? <EyeOff className="size-5" aria-hidden /> : <Eye className="size-5" aria-hidden />}
      </button>
      <CopyButton text={code} label={t('orders.copyCode')} />
    </div>
  );
}

/** What the order delivers: tracking, the code, the new membership expiry, or the refund. */
function Delivery({ order }: { order: Order }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  if (order.status === 'cancelled') {
    return (
      <p className="flex items-start gap-2 rounded-xl bg-surface-2 p-3 text-sm">
        <RotateCcw className="mt-0.5 size-4 shrink-0 text-muted" aria-hidden />
        <span>
          {order.refund_entry_id !== null
            ? t('orders.refunded', { amount: formatBalance(order.price, lang) })
            : t('orders.cancelledNote')}
        </span>
      </p>
    );
  }
  if (order.prize.type === 'virtual' && order.code) return <CodeBox code={order.code} />;
  if (order.prize.type === 'membership' && order.member_expires_at) {
    return (
      <p className="flex items-center gap-2 rounded-xl border border-accent/30 bg-accent/10 p-3 font-semibold">
        <Crown className="size-5 shrink-0 text-accent-text" aria-hidden />
        {t('orders.memberUntil', { date: formatDate(order.member_expires_at, lang) })}
      </p>
    );
  }
  if (order.prize.type === 'physical' && order.status === 'not_shipped') {
    return (
      <p className="flex items-start gap-2 rounded-xl bg-surface-2 p-3 text-sm text-muted">
        <Truck className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('orders.awaitingShipment')}
      </p>
    );
  }
  return null;
}

/**
 * One order: the prize, what was paid, its status and timeline, what it
 * delivers and its details (order number, date, carrier and tracking, and the
 * address it ships to). `highlight` marks the order a message linked to.
 */
export function OrderCard({
  order,
  countryName,
  highlight = false,
}: {
  order: Order;
  /** The country's name in the chosen language, by ISO code. */
  countryName: (code: string) => string;
  /** The order a message linked to: marked, and on wide screens laid out in two columns. */
  highlight?: boolean;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const titleId = useId();
  const { address } = order;
  return (
    <article
      aria-labelledby={titleId}
      data-testid="order-card"
      className={clsx(
        'flex min-w-0 flex-col gap-4 rounded-2xl border bg-surface p-4 wide:p-5',
        highlight
          ? 'border-accent shadow-[0_0_0_1px_var(--accent)] wide:grid wide:grid-cols-2 wide:items-start wide:gap-x-8 wide:p-6'
          : 'border-border',
      )}
    >
      <div className="flex min-w-0 flex-col gap-4">
        <div className="flex items-start gap-3">
          <PrizeImage order={order} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex items-start justify-between gap-2">
              <h3 id={titleId} className="line-clamp-2 font-semibold">
                {order.prize.name}
              </h3>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="text-sm text-muted">{t(`orders.type.${order.prize.type}`)}</p>
            <p className="font-bold tabular-nums text-accent-text">
              <span className="sr-only">{t('orders.paid')}: </span>
              {formatBalance(order.price, lang)} TAICE
            </p>
          </div>
        </div>

        <OrderTimeline order={order} />
        <Delivery order={order} />
      </div>

      <dl
        className={clsx(
          'flex min-w-0 flex-col divide-y divide-border border-t border-border',
          highlight && 'wide:rounded-xl wide:border wide:bg-bg/40 wide:px-4',
        )}
      >
        <Row label={t('orders.orderNo')} copy={{ text: order.order_no, label: t('orders.copyOrderNo') }}>
          <span className="font-mono">{order.order_no}</span>
        </Row>
        <Row label={t('orders.placedAt')}>
          <time dateTime={order.created_at}>{formatDateTime(order.created_at, lang)}</time>
        </Row>
        {order.carrier && <Row label={t('orders.carrier')}>{order.carrier}</Row>}
        {order.tracking_no && (
          <Row label={t('orders.trackingNo')} copy={{ text: order.tracking_no, label: t('orders.copyTracking') }}>
            <span className="font-mono">{order.tracking_no}</span>
          </Row>
        )}
        {address && (
          <div className="flex flex-col gap-1 py-3">
            <dt className="flex items-center gap-1.5 text-sm text-muted">
              <MapPin className="size-4" aria-hidden />
              {t('orders.shipTo')}
            </dt>
            <dd className="text-sm" data-testid="order-address">
              <p className="font-semibold">
                {address.first_name} {address.last_name}
                <span className="ml-2 font-normal text-muted tabular-nums">
                  {formatPhone(address.dial_code, address.phone)}
                </span>
              </p>
              <p className="break-words">{address.detail_address}</p>
              <p className="text-muted">{countryName(address.country)}</p>
            </dd>
          </div>
        )}
      </dl>
    </article>
  );
}
