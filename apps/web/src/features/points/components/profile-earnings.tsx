import { useTranslation } from 'react-i18next';
import { formatBalance } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/stores/preferences';
import { Skeleton } from '../../../shared/ui/states';
import { useWalletDetail } from '../api/use-wallet-detail';
import { TaiceCoin } from './taice-coin';

/** The profile popup's TAICE line: balance and today's earnings (daily_add_point). */
export function ProfileEarnings() {
  const { t } = useTranslation();
  const lang = usePreferences((s) => s.lang);
  const wallet = useWalletDetail();
  const d = wallet.data;
  return (
    <dl className="grid grid-cols-2 gap-2">
      <div className="flex min-w-0 items-center gap-2 rounded-lg bg-surface-2 px-3 py-2">
        <TaiceCoin className="size-6" />
        <div className="min-w-0">
          <dt className="text-xs text-muted">{t('points.balance')}</dt>
          <dd className="truncate font-bold tabular-nums">
            {d ? formatBalance(d.value, lang) : <Skeleton className="h-5 w-16" />}
          </dd>
        </div>
      </div>
      <div className="min-w-0 rounded-lg bg-surface-2 px-3 py-2">
        <dt className="text-xs text-muted">{t('points.today')}</dt>
        <dd className="truncate font-bold tabular-nums text-success" data-testid="profile-daily-add">
          {d ? `+${formatBalance(d.daily_add_point, lang)}` : <Skeleton className="h-5 w-16" />}
        </dd>
      </div>
    </dl>
  );
}
