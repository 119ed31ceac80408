import { Link } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useCountUp } from '../../../shared/hooks/use-count-up';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { storedPoints, useWalletDetail } from '../api/use-wallet-detail';
import { TaiceCoin } from './taice-coin';

/**
 * The header's TAICE balance (2 decimals, thousands separators): the last
 * balance seen at once, then the wallet's; it counts up with a "+n" when it
 * grows. Leads to the points details.
 */
export function HeaderPoints() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const wallet = useWalletDetail();
  const target = wallet.data?.value ?? storedPoints();
  const { value, gain } = useCountUp(target);
  if (value === null) return null;
  const text = formatBalance(value, lang);
  return (
    <Link
      to={paths.points}
      className={clsx(
        'relative flex min-h-11 items-center gap-1.5 rounded-full border border-border bg-surface-2 pl-1.5 pr-3 font-bold tabular-nums transition hover:border-accent/60',
        gain > 0 && 'earn-glow',
      )}
      aria-label={t('points.headerLabel', { value: formatBalance(target ?? value, lang) })}
      title={t('header.points')}
      data-testid="header-points"
    >
      <TaiceCoin className="size-7" />
      <span className="text-sm wide:text-base">{text}</span>
      {gain > 0 && (
        <span
          aria-hidden
          className="earn-float pointer-events-none absolute -bottom-6 right-1 rounded-full bg-accent px-2 text-xs font-extrabold text-accent-fg"
        >
          +{formatBalance(gain, lang)}
        </span>
      )}
    </Link>
  );
}
