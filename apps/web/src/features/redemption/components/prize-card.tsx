import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import type { Prize } from '@taice/contract';
import { formatBalance, formatInteger } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';
import { TaiceCoin } from '../../points';
import { PrizeImage } from './prize-image';

/** Cards in as many columns as fit: two on a phone, four to six on a desktop. */
export const prizeGridClass = 'grid grid-cols-[repeat(auto-fill,minmax(min(46%,13rem),1fr))] gap-3 wide:gap-5';

/** One prize in the catalogue: picture, name, price and what is left; opens its detail. */
export function PrizeCard({ prize, onOpen }: { prize: Prize; onOpen: () => void }) {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const soldOut = prize.availability === 'sold_out';
  return (
    <article data-testid="prize-card" className="overflow-hidden rounded-xl border border-border bg-surface">
      <button
        type="button"
        onClick={onOpen}
        className="flex h-full w-full flex-col text-left focus-visible:outline-offset-[-2px]"
        aria-label={prize.name}
      >
        <div className="relative">
          <PrizeImage src={prize.images[0]} type={prize.type} alt="" className={clsx(soldOut && 'opacity-40')} />
          {prize.membership_days !== null && (
            <span className="absolute left-2 top-2 rounded-full bg-bg/85 px-2 py-0.5 text-xs font-semibold">
              {t('exchange.days', { count: prize.membership_days })}
            </span>
          )}
          {prize.availability !== 'available' && (
            <span className="absolute inset-x-0 bottom-0 bg-bg/85 py-1 text-center text-xs font-semibold">
              {t(`exchange.availability.${prize.availability}`)}
            </span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1.5 p-3">
          <h3 className="line-clamp-2 min-h-[2.5em] text-sm font-semibold leading-tight wide:text-base">
            {prize.name}
          </h3>
          <p className="flex items-center gap-1 font-extrabold tabular-nums text-accent-text">
            <TaiceCoin className="size-4" />
            {formatBalance(prize.price, lang)}
          </p>
          <p className="text-xs text-muted">
            {soldOut
              ? t('exchange.soldOut')
              : t('exchange.stockLeft', { count: prize.stock_left, n: formatInteger(prize.stock_left, lang) })}
            {prize.remaining_limit !== null && ` · ${t('exchange.yourLimit', { count: prize.remaining_limit })}`}
          </p>
        </div>
      </button>
    </article>
  );
}

export function PrizeCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-surface">
      <Skeleton className="aspect-square rounded-none" />
      <div className="flex flex-col gap-2 p-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}
