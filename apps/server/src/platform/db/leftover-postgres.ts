import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { StartupError } from '../process/startup-error';

const run = promisify(execFile);

/** How long an orphaned PostgreSQL gets for a fast shutdown (it rolls back and checkpoints) before an immediate one. */
const FAST_SHUTDOWN_MS = 30_000;
const IMMEDIATE_SHUTDOWN_MS = 10_000;

interface ProcessInfo {
  ppid: number;
  argv: string[];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, but belongs to a user we may not signal.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent and command line of a running process (from /proc on Linux, else from `ps`); null when gone. */
async function processInfo(pid: number): Promise<ProcessInfo | null> {
  if (!alive(pid)) return null;
  try {
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // The second field, the command name in parentheses, may hold spaces: the parent follows the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { ppid, argv: cmdline.split('\0').filter(Boolean) };
  } catch {
    try {
      const { stdout } = await run('ps', ['-o', 'ppid=,command=', '-p', String(pid)]);
      const [ppid, ...argv] = stdout.trim().split(/\s+/);
      return ppid ? { ppid: Number(ppid), argv } : null;
    } catch {
      return null;
    }
  }
}

/** True when `info` is a postmaster serving `clusterDir`. */
function servesCluster(info: ProcessInfo, clusterDir: string): boolean {
  const dirAt = info.argv.indexOf('-D');
  return (
    path.basename(info.argv[0] ?? '') === 'postgres' &&
    dirAt >= 0 &&
    path.resolve(info.argv[dirAt + 1] ?? '') === path.resolve(clusterDir)
  );
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** The lock files PostgreSQL leaves in its cluster: postmaster.pid and one per Unix socket. */
async function lockFiles(clusterDir: string): Promise<string[]> {
  const names = await fs.readdir(clusterDir).catch(() => [] as string[]);
  return names
    .filter((n) => n === 'postmaster.pid' || /^\.s\.PGSQL\.\d+\.lock$/.test(n))
    .map((n) => path.join(clusterDir, n));
}

async function lockPid(file: string): Promise<number | null> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * Makes way for a new PostgreSQL on `clusterDir` after a crash. A postmaster of this cluster still
 * running while the process that started it (`ownerPid`, from the connection file) is gone is an
 * orphan of a killed server: it is shut down (fast, so it rolls back and checkpoints; immediate if it
 * does not stop). One whose owner still runs belongs to another live TAICE: refused. Lock files
 * naming a process that is not this cluster's postmaster (gone, or its pid reused) are removed, as
 * PostgreSQL itself refuses to start while a reused pid looks alive.
 */
export async function clearLeftoverPostgres(
  clusterDir: string,
  ownerPid: number | null,
  log: (line: string) => void,
): Promise<void> {
  for (const file of await lockFiles(clusterDir)) {
    const pid = await lockPid(file);
    const info = pid ? await processInfo(pid) : null;
    if (pid && info && servesCluster(info, clusterDir)) {
      if (ownerPid && ownerPid !== process.pid && info.ppid === ownerPid && alive(ownerPid)) {
        throw new StartupError(
          `the data directory ${path.dirname(clusterDir)} is in use by another TAICE process (pid ${ownerPid})`,
          'stop that process first, or give this one another DATA_DIR',
        );
      }
      log(`stopping PostgreSQL (pid ${pid}) left running on ${clusterDir} by an earlier run`);
      process.kill(pid, 'SIGINT');
      if (!(await waitForExit(pid, FAST_SHUTDOWN_MS))) {
        process.kill(pid, 'SIGQUIT');
        if (!(await waitForExit(pid, IMMEDIATE_SHUTDOWN_MS))) {
          throw new StartupError(
            `PostgreSQL (pid ${pid}) left running on ${clusterDir} did not stop`,
            `stop it with \`kill -9 ${pid}\`, then start again`,
          );
        }
      }
      continue;
    }
    if (
      await fs.stat(file).then(
        () => true,
        () => false,
      )
    ) {
      log(`removing ${path.basename(file)} of a PostgreSQL that no longer runs (pid ${pid ?? 'unknown'})`);
      await fs.rm(file, { force: true });
    }
  }
}
