import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft, CircleCheckBig, Copy, ListChecks, TriangleAlert } from 'lucide-react';
import { errorCode, type Order, type Prize } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { formatBalance, formatDate, formatDateTime } from '../../../shared/lib/format';
import { randomHex } from '../../../shared/lib/random';
import { orderPath, paths } from '../../../shared/routing/paths';
import { useLoginDialog } from '../../../shared/session/login-dialog';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { copyText } from '../../../shared/ui/copy';
import { Modal } from '../../../shared/ui/modal';
import { TaiceCoin, useWalletDetail } from '../../points';
import { useExchange } from '../api/use-exchange';
import { prizeAction } from '../prize-action';
import { AddressPicker, useShipTo } from './address-picker';
import { PrizeImage } from './prize-image';

const INSUFFICIENT = errorCode('insufficient_balance');

const linkButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 font-semibold bg-accent text-accent-fg hover:brightness-105';

type Step = 'detail' | 'confirm';

/**
 * A prize's detail, then the confirmation of its exchange (price, balance
 * after, where a physical prize ships to), then the order it made. One
 * idempotency key per confirmation: pressing Confirm again after a lost answer
 * cannot buy twice.
 */
export function PrizeDialog({ prize, loggedIn, onClose }: { prize: Prize; loggedIn: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('detail');
  const [attempt, setAttempt] = useState(() => randomHex(16));
  const exchange = useExchange();
  const order = exchange.data;
  const title = order ? t('exchange.done') : step === 'confirm' ? t('exchange.confirmTitle') : prize.name;
  const back =
    step === 'confirm' && !order ? (
      <button
        type="button"
        onClick={() => {
          exchange.reset();
          setStep('detail');
        }}
        className="grid size-11 place-items-center rounded-full hover:bg-surface-2"
        aria-label={t('exchange.back')}
      >
        <ArrowLeft className="size-6" aria-hidden />
      </button>
    ) : undefined;
  return (
    <Modal open onClose={onClose} title={title} leading={back}>
      {order ? (
        <ExchangeDone order={order} onClose={onClose} />
      ) : step === 'detail' ? (
        <PrizeDetail
          prize={prize}
          loggedIn={loggedIn}
          onRedeem={() => {
            setAttempt(randomHex(16));
            setStep('confirm');
          }}
        />
      ) : (
        <ConfirmExchange
          prize={prize}
          pending={exchange.isPending}
          error={exchange.error}
          onConfirm={(addressId) => exchange.mutate({ prize, idempotencyKey: attempt, addressId })}
        />
      )}
    </Modal>
  );
}

/** 'Insufficient TAICE Currently', and the way to earn more (spec section 9). */
function EarnMore() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-warning/40 bg-warning/10 p-4">
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-5 shrink-0 text-warning" aria-hidden />
        {t('exchange.insufficient')}
      </p>
      <p className="text-sm text-muted">{t('exchange.earnMore')}</p>
      <Link to={paths.dailyTask} className={linkButton}>
        <ListChecks className="size-5" aria-hidden />
        {t('exchange.goToTasks')}
      </Link>
    </div>
  );
}

function PrizeDetail({ prize, loggedIn, onRedeem }: { prize: Prize; loggedIn: boolean; onRedeem: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const showLogin = useLoginDialog((s) => s.show);
  const [image, setImage] = useState(0);
  const action = prizeAction(prize, loggedIn);
  return (
    <div className="flex flex-col gap-4">
      <PrizeImage src={prize.images[image]} type={prize.type} alt={prize.name} className="rounded-xl" />
      {prize.images.length > 1 && (
        <div className="flex gap-2 overflow-x-auto">
          {prize.images.map((src, i) => (
            <button
              key={src}
              type="button"
              onClick={() => setImage(i)}
              aria-label={t('exchange.image', { n: i + 1 })}
              aria-pressed={i === image}
              className="size-14 shrink-0 overflow-hidden rounded-lg border-2 border-transparent aria-pressed:border-accent"
            >
              <img src={src} alt="" className="size-full object-cover" />
            </button>
          ))}
        </div>
      )}
      <p className="flex items-center gap-1.5 text-2xl font-extrabold tabular-nums text-accent-text">
        <TaiceCoin className="size-6" />
        {formatBalance(prize.price, lang)} TAICE
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-lg bg-surface-2 p-2">
          <dt className="text-muted">{t('exchange.stock')}</dt>
          <dd className="font-semibold tabular-nums">{prize.stock_left}</dd>
        </div>
        <div className="rounded-lg bg-surface-2 p-2">
          <dt className="text-muted">{t('exchange.limit')}</dt>
          <dd className="font-semibold">
            {prize.per_user_limit === null
              ? t('exchange.noLimit')
              : t('exchange.limitValue', {
                  limit: prize.per_user_limit,
                  left: prize.remaining_limit ?? prize.per_user_limit,
                })}
          </dd>
        </div>
        {prize.membership_days !== null && (
          <div className="rounded-lg bg-surface-2 p-2">
            <dt className="text-muted">{t('exchange.membership')}</dt>
            <dd className="font-semibold">{t('exchange.days', { count: prize.membership_days })}</dd>
          </div>
        )}
        {prize.sale_ends_at && (
          <div className="rounded-lg bg-surface-2 p-2">
            <dt className="text-muted">{t('exchange.saleEnds')}</dt>
            <dd className="font-semibold">{formatDateTime(prize.sale_ends_at, lang)}</dd>
          </div>
        )}
      </dl>
      {prize.description && <p className="whitespace-pre-line text-sm text-muted">{prize.description}</p>}
      {action === 'insufficient' ? (
        <EarnMore />
      ) : action === 'redeem' ? (
        <Button size="lg" block onClick={onRedeem}>
          {t('exchange.redeem')}
        </Button>
      ) : action === 'login' ? (
        <Button size="lg" block onClick={() => showLogin(0)}>
          {t('exchange.logInToRedeem')}
        </Button>
      ) : (
        <Button size="lg" block disabled>
          {action === 'not_started' && prize.sale_starts_at
            ? t('exchange.startsAt', { time: formatDateTime(prize.sale_starts_at, lang) })
            : t(`exchange.availability.${action}`)}
        </Button>
      )}
    </div>
  );
}

function ConfirmExchange({
  prize,
  pending,
  error,
  onConfirm,
}: {
  prize: Prize;
  pending: boolean;
  error: Error | null;
  onConfirm: (addressId: number | undefined) => void;
}) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const wallet = useWalletDetail();
  const [shipTo, setShipTo] = useShipTo();
  const physical = prize.type === 'physical';
  const spendable = wallet.data?.spendable;
  // The server decides; the list's can_afford already kept this step from a member who cannot pay.
  const insufficient = error instanceof ApiError && error.code === INSUFFICIENT;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <PrizeImage src={prize.images[0]} type={prize.type} alt="" className="size-16 shrink-0 rounded-lg" />
        <p className="line-clamp-2 font-semibold">{prize.name}</p>
      </div>
      <dl className="flex flex-col gap-1 rounded-xl bg-surface-2 p-3 text-sm tabular-nums">
        <div className="flex justify-between gap-2">
          <dt className="text-muted">{t('exchange.price')}</dt>
          <dd className="font-bold" data-testid="confirm-price">
            {formatBalance(prize.price, lang)} TAICE
          </dd>
        </div>
        {spendable !== undefined && (
          <>
            <div className="flex justify-between gap-2">
              <dt className="text-muted">{t('exchange.spendable')}</dt>
              <dd>{formatBalance(spendable, lang)} TAICE</dd>
            </div>
            {spendable >= prize.price && (
              <div className="flex justify-between gap-2">
                <dt className="text-muted">{t('exchange.after')}</dt>
                <dd>{formatBalance(spendable - prize.price, lang)} TAICE</dd>
              </div>
            )}
          </>
        )}
      </dl>
      {insufficient ? (
        <EarnMore />
      ) : (
        <>
          {physical && <AddressPicker value={shipTo} onChange={setShipTo} />}
          {error && (
            <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
              {error.message}
            </p>
          )}
          <Button
            size="lg"
            block
            loading={pending}
            disabled={physical && shipTo === null}
            onClick={() => onConfirm(physical ? (shipTo ?? undefined) : undefined)}
          >
            {t('exchange.confirm', { amount: formatBalance(prize.price, lang) })}
          </Button>
        </>
      )}
    </div>
  );
}

function ExchangeDone({ order, onClose }: { order: Order; onClose: () => void }) {
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
