import type { Clock } from '../../platform/time/clock';
import type { Db } from '../../platform/db/database';
import type { JobSet } from '../../platform/jobs/jobs';
import type { Ledger } from '../points/points.module';
import { createAuditList } from './audit-list';
import { createBalanceAdjust } from './balance-adjust';
import { createDashboard, type DashboardService } from './dashboard';
import { createUserReads } from './user-reads';

/** The operator console's own services (decision 045): members, balances, the audit log, the dashboard. */
export function createConsole(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;
  return {
    userReads: createUserReads({ db, ledger }),
    balances: createBalanceAdjust({ db, clock, ledger }),
    auditList: createAuditList(db),
    dashboard: createDashboard({ db, clock }),
  };
}

export type Console = ReturnType<typeof createConsole>;

/** Rolls up yesterday's dashboard figures at 00:30 UTC+8, after the daily-task issuance, so no request waits. */
export function consoleJobs(dashboard: DashboardService): JobSet {
  return {
    tasks: { 'console.dashboard_rollup': () => dashboard.rollUp() },
    schedule: [{ task: 'console.dashboard_rollup', cron: '30 16 * * *' }],
  };
}
