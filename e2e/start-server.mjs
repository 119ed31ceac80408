// Starts the built server for the browser tests on a fresh data directory.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.join(here, '.data');
rmSync(dataDir, { recursive: true, force: true });

process.env.DATA_DIR = dataDir;
process.env.HOST = '127.0.0.1';
process.env.LOG_LEVEL ??= 'warn';
delete process.env.DATABASE_URL;

await import(path.join(here, '../apps/server/dist/main.js'));
