import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Logger, parseCronItems, run, runMigrations, type Job, type Task } from 'graphile-worker';
import type { Tx } from '../db/database';

/** What a job of one task does with its payload; throwing retries it later, with backoff. */
export type JobTask = Task;

/** A run of a task on a schedule. */
export interface JobSchedule {
  task: string;
  /** Crontab fields in UTC: minute hour day-of-month month day-of-week. */
  cron: string;
  /** Runs missed while no process was up, up to this far back, are made up on start (default none). */
  catchUpMs?: number;
}

/** What one module runs as jobs: its tasks by name (`module.what`) and the ones that run on a schedule. */
export interface JobSet {
  tasks: Record<string, JobTask>;
  schedule?: JobSchedule[];
}

export interface QueueOptions {
  /** A job still waiting under the same key is replaced instead of a second one added. */
  key?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Queues a job in the caller's transaction: it exists (and runs) only if that transaction commits, so work
 * that must follow a change is queued together with the change.
 */
export async function queueJob(
  tx: Tx,
  task: string,
  payload: Record<string, unknown> = {},
  options: QueueOptions = {},
): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json,
      run_at := ${options.runAt?.toISOString() ?? null}::timestamptz,
      max_attempts := ${options.maxAttempts ?? null}::int,
      job_key := ${options.key ?? null}::text)`,
  );
}

/** Graphile Worker's lifecycle chatter goes to debug; its warnings and task failures keep their level. */
function workerLogger(log: FastifyBaseLogger): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const fields = { jobs: scope, ...meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

/** Creates or updates the job queue's tables (schema `graphile_worker`); safe to run from several processes. */
export async function installJobQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: new Logger(() => () => undefined) });
}

export interface JobRunner {
  /** Takes no new jobs, lets running ones finish, and releases its connections. */
  stop(): Promise<void>;
}

function describeJob(job: Job) {
  const cron = (job.payload as { _cron?: { ts: string } } | null)?._cron;
  return { id: job.id, task: job.task_identifier, attempt: job.attempts, ...(cron ? { cron: cron.ts } : {}) };
}

/**
 * Runs the jobs of `sets` in this process, `concurrency` at a time. Any number of processes may run it on one
 * database: a job runs in one of them, and each scheduled run is queued once.
 */
export async function startJobs(deps: {
  pool: pg.Pool;
  sets: JobSet[];
  log: FastifyBaseLogger;
  concurrency: number;
}): Promise<JobRunner> {
  const { pool, sets, log, concurrency } = deps;
  const taskList: Record<string, JobTask> = {};
  for (const set of sets) {
    for (const [name, task] of Object.entries(set.tasks)) {
      if (taskList[name]) throw new Error(`two job tasks are named ${name}`);
      taskList[name] = task;
    }
  }
  const schedule = sets.flatMap((set) => set.schedule ?? []);
  const runner = await run({
    pgPool: pool,
    taskList,
    parsedCronItems: parseCronItems(
      schedule.map(({ task, cron, catchUpMs }) => ({
        task,
        match: cron,
        identifier: task,
        options: { backfillPeriod: catchUpMs ?? 0 },
      })),
    ),
    concurrency,
    noHandleSignals: true,
    logger: workerLogger(log),
  });
  const started = new Map<string, number>();
  runner.events.on('job:start', ({ job }) => started.set(job.id, performance.now()));
  runner.events.on('job:complete', ({ job }) => started.delete(job.id));
  runner.events.on('job:success', ({ job }) => {
    const ms = Math.round(performance.now() - (started.get(job.id) ?? performance.now()));
    log.info({ job: describeJob(job), ms }, 'job done');
  });
  log.info({ tasks: Object.keys(taskList), schedule, concurrency }, 'jobs started');
  return { stop: () => runner.stop() };
}
