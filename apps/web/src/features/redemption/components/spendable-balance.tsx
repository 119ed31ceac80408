import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Lock, MapPin, Package } from 'lucide-react';
import { formatBalance } from '../../../shared/lib/format';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';
import { TaiceCoin, useWalletDetail } from '../../points';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 text-sm font-semibold hover:bg-border/70';

/**
 * What the member can spend here: the spendable bucket, big, and beside it
 * the locked part that daily tasks earned (it counts for level and races,
 * not for redemption), with the ways to the orders and the addresses.
 */
export function SpendableBalance() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const loggedIn = useSession((s) => s.token !== null);
  const wallet = useWalletDetail();
  const d = wallet.data;
  return (
    <section
      aria-label={t('exchange.balance')}
      className="flex flex-col gap-4 rounded-2xl border border-accent/30 bg-linear-to-br from-accent/20 via-surface to-surface p-4 wide:flex-row wide:items-center wide:justify-between wide:p-6"
    >
      <div className="flex items-center gap-3">
        <TaiceCoin className="size-12" />
        <div className="min-w-0">
          <p className="text-sm text-muted">{t('exchange.spendable')}</p>
          {!loggedIn ? (
            <p className="text-lg font-bold">{t('exchange.logInToSee')}</p>
          ) : d ? (
            <p className="text-3xl font-extrabold tabular-nums" data-testid="exchange-spendable">
              {formatBalance(d.spendable, lang)}
              <span className="ml-1.5 text-base font-bold text-muted">TAICE</span>
            </p>
          ) : (
            <Skeleton className="mt-1 h-9 w-40" />
          )}
          {d && d.locked > 0 && (
            <p className="mt-1 flex items-center gap-1 text-xs text-muted">
              <Lock className="size-3.5 shrink-0" aria-hidden />
              {t('exchange.lockedNote', { amount: formatBalance(d.locked, lang) })}
            </p>
          )}
        </div>
      </div>
      {loggedIn && (
        <nav aria-label={t('exchange.yourRedemptions')} className="flex gap-2">
          <Link to={paths.myOrder} className={linkClass}>
            <Package className="size-5" aria-hidden />
            {t('routes.myorder')}
          </Link>
          <Link to={paths.addressH5} className={linkClass}>
            <MapPin className="size-5" aria-hidden />
            {t('exchange.addresses')}
          </Link>
        </nav>
      )}
    </section>
  );
}
