import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListChecks } from 'lucide-react';
import { PRIZE_TYPES, type Prize, type PrizeType } from '@taice/contract';
import { paths } from '../../../shared/routing/paths';
import { useSession } from '../../../shared/session/session';
import { ChipTabs } from '../../../shared/ui/chip-tabs';
import { LoadMore } from '../../../shared/ui/load-more';
import { Page } from '../../../shared/ui/page';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { usePrizes } from '../api/use-prizes';
import { PrizeCard, PrizeCardSkeleton, prizeGridClass } from '../components/prize-card';
import { PrizeDialog } from '../components/prize-dialog';
import { SpendableBalance } from '../components/spendable-balance';

function isPrizeType(value: string | null): value is PrizeType {
  return (PRIZE_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * /V2/exchange and /V2/exchangeH5, the redemption center: the spendable
 * balance, the catalogue by type (kept in the URL), and a prize's detail and
 * exchange in a dialog.
 */
export default function ExchangePage() {
  const { t } = useTranslation();
  const loggedIn = useSession((s) => s.token !== null);
  const [params, setParams] = useSearchParams();
  const raw = params.get('type');
  const type: PrizeType = isPrizeType(raw) ? raw : 'physical';
  const prizes = usePrizes(type);
  const [open, setOpen] = useState<Prize | null>(null);
  const list = prizes.data?.pages.flatMap((page) => page.list) ?? [];
  // The dialog shows the prize as the list last read it (stock, limit, affordability).
  const current = open ? (list.find((p) => p.id === open.id) ?? open) : null;
  return (
    <Page title={t('routes.exchange')}>
      <div className="flex flex-col gap-5">
        <SpendableBalance />
        <ChipTabs
          label={t('exchange.types')}
          tabs={PRIZE_TYPES.map((id) => ({ id, label: t(`exchange.type.${id}`) }))}
          value={type}
          onChange={(next) => setParams({ type: next }, { replace: true, preventScrollReset: true })}
        />
        {!prizes.data ? (
          prizes.isError ? (
            <ErrorState message={prizes.error?.message} onRetry={() => void prizes.refetch()} />
          ) : (
            <div className={prizeGridClass} role="status" aria-busy="true" aria-label={t('common.loading')}>
              {Array.from({ length: 8 }, (_, i) => (
                <PrizeCardSkeleton key={i} />
              ))}
            </div>
          )
        ) : list.length === 0 ? (
          <EmptyState
            title={t('exchange.empty')}
            text={t('exchange.emptyText')}
            action={
              <Link
                to={paths.dailyTask}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
              >
                <ListChecks className="size-5" aria-hidden />
                {t('exchange.goToTasks')}
              </Link>
            }
          />
        ) : (
          <>
            <div className={prizeGridClass}>
              {list.map((prize) => (
                <PrizeCard key={prize.id} prize={prize} onOpen={() => setOpen(prize)} />
              ))}
            </div>
            <LoadMore query={prizes} />
          </>
        )}
      </div>
      {current && <PrizeDialog prize={current} loggedIn={loggedIn} onClose={() => setOpen(null)} />}
    </Page>
  );
}
