import { inArray } from 'drizzle-orm';
import type { Db } from '../platform/db/database';
import { seedRuns } from './seed-runs.schema';
import type { Storage } from '../platform/media/storage';

/**
 * Seed data is applied in named steps, like migrations: each runs once per
 * database and is recorded in `seed_runs`, so a step added by a later release
 * reaches existing databases too. Steps insert what is missing and never
 * overwrite what an operator changed. Demo steps fill the product with
 * example content and can be turned off (SEED_DEMO=false).
 */
export interface SeedStep {
  name: string;
  demo: boolean;
  run(context: SeedContext): Promise<void>;
}

/** What a seed step works with: the database, the file storage (for generated media) and a progress log. */
export interface SeedContext {
  db: Db;
  storage: Storage;
  log: (message: string) => void;
}

interface SeedOptions {
  demo: boolean;
  /** Run steps again even if recorded (they are idempotent). */
  force?: boolean;
  log?: (message: string) => void;
}

export async function runSeeds(db: Db, storage: Storage, steps: SeedStep[], options: SeedOptions): Promise<string[]> {
  const log = options.log ?? (() => undefined);
  const wanted = steps.filter((s) => options.demo || !s.demo);
  if (wanted.length === 0) return [];
  const done = new Set(
    (
      await db
        .select({ name: seedRuns.name })
        .from(seedRuns)
        .where(
          inArray(
            seedRuns.name,
            wanted.map((s) => s.name),
          ),
        )
    ).map((r) => r.name),
  );
  const ran: string[] = [];
  for (const step of wanted) {
    if (done.has(step.name) && !options.force) continue;
    log(`seeding ${step.name}`);
    await step.run({ db, storage, log });
    await db.insert(seedRuns).values({ name: step.name }).onConflictDoNothing();
    ran.push(step.name);
  }
  return ran;
}
