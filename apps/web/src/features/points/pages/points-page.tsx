import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/routing/paths';
import { useTranslation } from 'react-i18next';
import { ListChecks } from 'lucide-react';
import { LEDGER_REASONS, type LedgerReason } from '@taice/contract';
import { Page } from '../../../shared/ui/page';
import { useWalletLog } from '../api/use-wallet-log';
import { BalanceSummary } from '../components/balance-summary';
import { LedgerList } from '../components/ledger-list';
import { PointsChart } from '../components/points-chart';
import { ReasonFilter } from '../components/reason-filter';

function isReason(value: string | null): value is LedgerReason {
  return (LEDGER_REASONS as readonly string[]).includes(value ?? '');
}

/** /V2/points and /pointHistory: balance, daily earnings over 30 days, and the ledger by reason. */
export default function PointsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('reason');
  const reason = isReason(raw) ? raw : undefined;
  const log = useWalletLog(reason);
  const setReason = (next: LedgerReason | undefined) =>
    setParams(next ? { reason: next } : {}, { replace: true, preventScrollReset: true });
  return (
    <Page title={t('routes.points')}>
      <div className="grid gap-6 wide:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] wide:items-start wide:gap-8">
        <div className="flex flex-col gap-6 wide:sticky wide:top-22">
          <BalanceSummary />
          <PointsChart />
        </div>
        <section aria-labelledby="ledger-title" className="flex min-w-0 flex-col gap-3">
          <h2 id="ledger-title" className="text-lg font-bold">
            {t('points.history')}
          </h2>
          <ReasonFilter value={reason} onChange={setReason} />
          <LedgerList
            query={log}
            empty={{
              title: t(reason ? 'points.emptyReason' : 'points.empty'),
              text: t('points.emptyText'),
              action: (
                <Link
                  to={paths.dailyTask}
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-accent px-5 font-semibold text-accent-fg"
                >
                  <ListChecks className="size-5" aria-hidden />
                  {t('points.goToTasks')}
                </Link>
              ),
            }}
          />
        </section>
      </div>
    </Page>
  );
}
