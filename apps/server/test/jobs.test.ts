import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { createDatabase } from '../src/platform/db/database';
import { queueJob, startJobs, type JobSet } from '../src/platform/jobs/jobs';
import { ledgerEntries, userDailyStats } from '../src/modules/points/points.schema';
import { register } from './support/accounts';
import { ledgerMismatches, walletOf } from './support/points';
import { createTestApp, type TestApp } from './support/test-app';

const log = pino({ level: 'silent' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Waits until `done` holds, checking every 50 ms, for at most `ms`. */
async function until(done: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobsWaiting(task: string): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    'select count(*)::int as n from graphile_worker.jobs where task_identifier = $1',
    [task],
  );
  return rows[0]!.n;
}

describe('durable jobs', () => {
  it('work queued in a transaction runs once the transaction commits, and never when it rolls back', async () => {
    const ran: string[] = [];
    const set: JobSet = {
      tasks: {
        'test.record': async (payload) => {
          ran.push((payload as { what: string }).what);
        },
      },
    };
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueJob(tx, 'test.record', { what: 'rolled back' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    await t.database.db.transaction(async (tx) => {
      await queueJob(tx, 'test.record', { what: 'committed' });
    });
    // Queued before the runner starts: a job waits in PostgreSQL for a process to run it.
    expect(await jobsWaiting('test.record')).toBe(1);

    const runner = await startJobs({ pool: t.database.pool, sets: [set], log, concurrency: 2 });
    try {
      await until(async () => (await jobsWaiting('test.record')) === 0);
      expect(ran).toEqual(['committed']);
    } finally {
      await runner.stop();
    }
  });

  it('a failed job is kept and retried, not lost', async () => {
    let attempts = 0;
    const set: JobSet = {
      tasks: {
        'test.flaky': async () => {
          attempts += 1;
          throw new Error('the outside service is down');
        },
      },
    };
    await t.database.db.transaction((tx) => queueJob(tx, 'test.flaky', {}, { maxAttempts: 3 }));
    const failedJobs = async () =>
      (
        await t.database.pool.query<{ attempts: number; last_error: string | null; run_at: Date }>(
          `select attempts, last_error, run_at from graphile_worker.jobs where task_identifier = 'test.flaky'`,
        )
      ).rows;
    const runner = await startJobs({ pool: t.database.pool, sets: [set], log, concurrency: 1 });
    try {
      // The worker records the failure after the task has thrown: wait for the record, not for the throw.
      await until(async () => attempts === 1 && (await failedJobs())[0]?.last_error != null);
    } finally {
      await runner.stop();
    }
    const rows = await failedJobs();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 1, last_error: expect.stringContaining('the outside service is down') });
    expect(rows[0]!.run_at.getTime()).toBeGreaterThan(Date.now());
  });

  it('several processes running the jobs make each scheduled run once', async () => {
    const runs: string[] = [];
    const set: JobSet = {
      tasks: {
        'test.every_minute': async (payload) => {
          runs.push((payload as { _cron: { ts: string } })._cron.ts);
        },
      },
      // Made-up runs make ten scheduled runs at once instead of waiting ten minutes for them.
      schedule: [{ task: 'test.every_minute', cron: '* * * * *', catchUpMs: 10 * 60_000 }],
    };
    await t.database.pool.query(
      `insert into graphile_worker._private_known_crontabs (identifier, known_since)
       values ('test.every_minute', now() - interval '10 minutes')`,
    );
    // Two processes: each with its own connections.
    const pools = [createDatabase(t.databaseUrl, 4), createDatabase(t.databaseUrl, 4)];
    const runners = await Promise.all(
      pools.map((database) => startJobs({ pool: database.pool, sets: [set], log, concurrency: 2 })),
    );
    try {
      await until(async () => runs.length >= 9 && (await jobsWaiting('test.every_minute')) === 0);
    } finally {
      await Promise.all(runners.map((runner) => runner.stop()));
      await Promise.all(pools.map((database) => database.close()));
    }
    expect(runs.length).toBeGreaterThanOrEqual(9);
    expect(new Set(runs).size).toBe(runs.length);
  });
});

describe('the server runs the modules’ jobs', () => {
  it('daily issuance queued twice pays once, and the runner stops with the server', async () => {
    const server = await createTestApp({ env: { JOBS_CONCURRENCY: '2' }, databaseUrl: t.databaseUrl });
    const user = await register(server);
    await server.database.db.insert(userDailyStats).values({ userId: user.user.id, day: '2020-03-01', estimated: 900 });
    await server.database.db.transaction(async (tx) => {
      await queueJob(tx, 'points.issue_daily');
      await queueJob(tx, 'points.issue_daily');
    });
    const issued = () =>
      server.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, user.user.id), eq(ledgerEntries.reason, 'daily_task_issue')));
    try {
      await until(async () => (await issued()).length > 0 && (await jobsWaiting('points.issue_daily')) === 0);
      expect((await issued()).map((e) => [e.day, e.amount])).toEqual([['2020-03-01', 900]]);
      expect((await walletOf(server, user)).locked).toBe(9);
      expect(await ledgerMismatches(server)).toEqual([]);
    } finally {
      // Closing waits for the runner; a runner that kept its connections would hold the pool open here.
      await server.close();
    }
    const { rows } = await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
