import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import readline from 'node:readline';
import { PassThrough, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsDir } from '../process/paths';
import { StartupError } from '../process/startup-error';

/**
 * A logical backup of the application's tables (decision 032): every row of every table in `public`,
 * read in one REPEATABLE READ transaction so that all tables come from the same moment, as pg_dump
 * does (the embedded PostgreSQL ships no pg_dump). The schema is not copied: it is the migrations the
 * header names, so a backup restores with the version of TAICE that made it. The file is gzipped
 * text: a header line, then per table a `COPY ... FROM stdin;` block of PostgreSQL's text format
 * (one row a line, ended by `\.`), the same shape as a plain pg_dump.
 */
const FORMAT = 'taice-backup 1';
const SCHEMA = 'public';

interface Header {
  format: string;
  createdAt: string;
  /** The migrations applied to the database, oldest first (drizzle's hashes). */
  migrations: string[];
  /** Tables in an order that loads every referenced row before the rows that reference it. */
  tables: { name: string; columns: string[]; rows: number }[];
  /** The value each sequence had, for new rows to go on from there. */
  sequences: { name: string; value: number }[];
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
const copyTarget = (t: { name: string; columns: string[] }) =>
  `${ident(SCHEMA)}.${ident(t.name)} (${t.columns.map(ident).join(', ')})`;

/** The tables with their insertable columns, referenced tables first. */
async function tablesInLoadOrder(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const { rows: columns } = await client.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = $1 and c.relkind = 'r' order by c.relname, a.attnum`,
    [SCHEMA],
  );
  const { rows: references } = await client.query<{ table: string; references: string }>(
    `select c.relname as table, r.relname as references from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = $1 and k.conrelid <> k.confrelid`,
    [SCHEMA],
  );
  const byTable = new Map<string, string[]>();
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column]);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table)) return;
    if (visiting.has(table)) throw new Error(`foreign keys form a cycle through ${table}`);
    visiting.add(table);
    for (const r of references) if (r.table === table) visit(r.references);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of byTable.keys()) visit(table);
  return ordered.map((name) => ({ name, columns: byTable.get(name)! }));
}

async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
}

/** Writes a consistent backup of the database `client` is connected to into `file`. */
export async function backupDatabase(client: pg.ClientBase, file: string): Promise<Header> {
  const body = new PassThrough();
  const written = pipeline(body, createGzip(), createWriteStream(`${file}.partial`, { mode: 0o600 }));
  await client.query('begin isolation level repeatable read read only');
  try {
    const tables = await tablesInLoadOrder(client);
    const { rows: migrations } = await client.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by created_at, id',
    );
    const { rows: sequences } = await client.query<{ name: string; value: number }>(
      `select sequencename as name, last_value as value from pg_sequences where schemaname = $1 and last_value is not null`,
      [SCHEMA],
    );
    const counted: Header['tables'] = [];
    for (const t of tables) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${ident(SCHEMA)}.${ident(t.name)}`,
      );
      counted.push({ ...t, rows: rows[0]!.n });
    }
    const header: Header = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      migrations: migrations.map((m) => m.hash),
      tables: counted,
      sequences,
    };
    await write(body, `-- ${JSON.stringify(header)}\n`);
    for (const t of counted) {
      await write(body, `COPY ${copyTarget(t)} FROM stdin;\n`);
      const rows = client.query(copyTo(`COPY ${copyTarget(t)} TO STDOUT`));
      rows.pipe(body, { end: false });
      await finished(rows);
      await write(body, '\\.\n');
    }
    await client.query('commit');
    body.end();
    await written;
    await fs.rename(`${file}.partial`, file);
    return header;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    body.destroy();
    await written.catch(() => undefined);
    await fs.rm(`${file}.partial`, { force: true });
    throw err;
  }
}

/** The header of a backup file, refusing files that are not TAICE backups. */
async function readBackup(file: string): Promise<{ header: Header; lines: AsyncIterator<string>; close(): void }> {
  await fs.access(file).catch(() => {
    throw new StartupError(`there is no backup file ${file}`, 'give the path of a file made by `ops backup`');
  });
  const input = createReadStream(file).pipe(createGunzip());
  const reader = readline.createInterface({ input, crlfDelay: Infinity });
  const lines = reader[Symbol.asyncIterator]();
  const notBackup = new StartupError(`${file} is not a TAICE backup`, 'give the path of a file made by `ops backup`');
  const first = await lines.next().catch(() => {
    throw notBackup;
  });
  let header: Header;
  try {
    header = JSON.parse(String(first.value).replace(/^-- /, '')) as Header;
  } catch {
    throw notBackup;
  }
  if (header.format !== FORMAT) throw notBackup;
  return { header, lines, close: () => reader.close() };
}

/** What a backup file holds, read from its header; refuses a file that is not one. */
export async function inspectBackup(file: string): Promise<Header> {
  const { header, close } = await readBackup(file);
  close();
  return header;
}

/**
 * Loads a backup into the database `client` is connected to, which must hold no tables yet: the
 * migrations the backup names, then every row and sequence, in one transaction.
 */
export async function restoreDatabase(
  client: pg.ClientBase,
  file: string,
  migrate: () => Promise<void>,
): Promise<Header> {
  const { header, lines, close } = await readBackup(file);
  try {
    const ours = readMigrationFiles({ migrationsFolder: migrationsDir }).map((m) => m.hash);
    if (ours.join() !== header.migrations.join()) {
      throw new StartupError(
        `the backup was made with ${header.migrations.length} migrations and this version of TAICE has ${ours.length}`,
        'restore with the version of TAICE that made the backup, then start the new version (it migrates)',
      );
    }
    await migrate();
    await client.query('begin');
    const tables = header.tables.map((t) => `${ident(SCHEMA)}.${ident(t.name)}`);
    // Migrations may have added rows (settings, functions' data): the backup's replace them.
    await client.query(`truncate ${tables.join(', ')}`);
    for (const table of header.tables) {
      const copy = (await lines.next()).value as string;
      if (copy !== `COPY ${copyTarget(table)} FROM stdin;`) throw new Error(`the backup is damaged at ${table.name}`);
      const load = client.query(copyFrom(`COPY ${copyTarget(table)} FROM STDIN`));
      for (let line = await lines.next(); ; line = await lines.next()) {
        if (line.done) throw new Error(`the backup is cut short in ${table.name}`);
        if (line.value === '\\.') break;
        await write(load, `${line.value}\n`);
      }
      load.end();
      await finished(load);
    }
    for (const s of header.sequences) {
      await client.query('select setval($1::regclass, $2)', [`${ident(SCHEMA)}.${ident(s.name)}`, s.value]);
    }
    await client.query('commit');
    // Freshly loaded tables have no statistics: without them the planner scans where it should look up.
    await client.query('analyze');
    return header;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    close();
  }
}
