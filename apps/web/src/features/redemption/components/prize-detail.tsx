import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Prize } from '@taice/contract';
import { formatBalance, formatDateTime } from '../../../shared/lib/format';
import { useLoginDialog } from '../../../shared/session/login-dialog';
import { usePreferences } from '../../../shared/stores/preferences';
import { Button } from '../../../shared/ui/button';
import { TaiceCoin } from '../../points';
import { prizeAction } from '../prize-action';
import { EarnMore } from './earn-more';
import { PrizeImage } from './prize-image';

/** A prize: its pictures, price, stock, limit and text, and the button that says what the viewer can do. */
export function PrizeDetail({ prize, loggedIn, onRedeem }: { prize: Prize; loggedIn: boolean; onRedeem: () => void }) {
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
