import { useTranslation } from 'react-i18next';
import { errorCode, type Prize } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { useWalletDetail } from '../../points';
import { AddressPicker, useShipTo } from './address-picker';
import { EarnMore } from './earn-more';
import { PrizeImage } from './prize-image';

const INSUFFICIENT = errorCode('insufficient_balance');

/** The confirmation: price, the spendable balance before and after, and where a physical prize ships to. */
export function ConfirmExchange({
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
