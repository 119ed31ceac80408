import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const dataDir = process.env.E2E_DATA_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.data');

/**
 * Runs one statement on the e2e server's embedded PostgreSQL (its port is in
 * the connection file the server writes beside its data). Only for states a
 * browser cannot reach in a test's time, such as points earned on a past day.
 */
export async function sql(text: string, params: unknown[] = []): Promise<pg.QueryResult> {
  const { port } = JSON.parse(readFileSync(path.join(dataDir, 'taice-connection.json'), 'utf8')) as { port: number };
  const client = new pg.Client({ connectionString: `postgres://postgres:taice-local@127.0.0.1:${port}/taice` });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}
