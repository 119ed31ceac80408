import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheckBig, Copy } from 'lucide-react';
import type { Order } from '@taice/contract';
import { formatBalance, formatDate } from '../../../shared/lib/format';
import { orderPath } from '../../../shared/routing/paths';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { copyText } from '../../../shared/ui/copy';
import { linkButton } from './earn-more';

/** The order an exchange made: its number, what was paid, and the code, the address or the new expiry. */
export function ExchangeDone({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  return (
    <div className="flex flex-col gap-4" data-testid="exchange-done">
      <p className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheckBig className="size-7 shrink-0 text-success" aria-hidden />
        {t(`exchange.doneText.${order.prize.type}`, { name: order.prize.name })}
      </p>
      <dl className="flex flex-col gap-2 rounded-xl bg-surface-2 p-3 text-sm">
        <div className="flex justify-between gap-2">
          <dt className="text-muted">{t('exchange.orderNo')}</dt>
          <dd className="font-mono font-semibold">{order.order_no}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-muted">{t('exchange.paid')}</dt>
          <dd className="font-semibold tabular-nums">{formatBalance(order.price, lang)} TAICE</dd>
        </div>
        {order.address && (
          <div className="flex justify-between gap-2">
            <dt className="text-muted">{t('exchange.shipTo')}</dt>
            <dd className="text-right">
              {order.address.first_name} {order.address.last_name}
              <br />
              <span className="text-muted">{order.address.detail_address}</span>
            </dd>
          </div>
        )}
        {order.member_expires_at && (
          <div className="flex justify-between gap-2">
            <dt className="text-muted">{t('exchange.memberUntil')}</dt>
            <dd className="font-semibold" data-testid="member-until">
              {formatDate(order.member_expires_at, lang)}
            </dd>
          </div>
        )}
      </dl>
      {order.code && (
        <div className="flex flex-col gap-2 rounded-xl border border-accent/40 p-3">
          <p className="text-sm text-muted">{t('exchange.yourCode')}</p>
          <div className="flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all text-lg font-bold" data-testid="order-code">
              {order.code}
            </code>
            <Button variant="secondary" onClick={() => void copyText(order.code ?? '')}>
              <Copy className="size-5" aria-hidden />
              {t('exchange.copy')}
            </Button>
          </div>
          <p className="text-xs text-muted">{t('exchange.codeInMessages')}</p>
        </div>
      )}
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('exchange.continue')}
        </Button>
        <Link to={orderPath(order.id)} className={linkButton}>
          {t('exchange.viewOrder')}
        </Link>
      </div>
    </div>
  );
}
