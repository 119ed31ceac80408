import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../src/platform/db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/platform/db/embedded-postgres';
import { prepareDatabase } from '../../src/seed/prepare-database';

declare module 'vitest' {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
    /** Test files name their databases with this prefix so teardown finds them. */
    dbPrefix: string;
  }
}

/**
 * One PostgreSQL for the run: the one in DATABASE_URL (CI runs the suite
 * against PostgreSQL 15 that way) or an embedded one in a temporary folder.
 * A template database is migrated and seeded once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | null = null;
  let tmpDir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'taice-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir: tmpDir });
    adminUrl = embedded.url;
  }

  const templateDb = `taice_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDb}`);
  await admin.query(`create database ${templateDb}`);

  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${templateDb}`;
  const database = createDatabase(templateUrl.toString(), 2);
  await prepareDatabase(database, { demo: true });
  await database.close();

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  const dbPrefix = `taice_t_${process.pid}_`;
  project.provide('dbPrefix', dbPrefix);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1) or datname = $2`,
      [dbPrefix, templateDb],
    );
    for (const { datname } of leftovers.rows) await admin.query(`drop database if exists ${datname} with (force)`);
    await admin.end();
    await embedded?.stop();
    if (tmpDir) await fs.rm(tmpDir, { recursive: true, force: true });
  };
}
