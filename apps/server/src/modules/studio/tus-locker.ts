import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';

/** The first key of every tus lock (PostgreSQL's two-int advisory lock form): "tus" and a 1. */
const NAMESPACE = 0x74757301;
const CHANNEL = 'studio_tus_release';
const RETRY_MS = 50;

/** The second key: 31 bits of the upload id's hash (a collision only makes two uploads wait for each other). */
export function lockKeyOf(id: string): number {
  return createHash('sha256').update(id).digest().readUInt32BE(0) & 0x7fffffff;
}

interface Holder {
  state: 'pending' | 'held';
  requestRelease: RequestRelease;
}

export interface PgLocker extends Locker {
  close(): Promise<void>;
}

/**
 * tus's lock across server processes (decision 049): a PostgreSQL session advisory lock per upload, held on one
 * connection of the locker's own (the session holds every lock this process has, a map keeps them apart inside
 * the process). A request that finds the lock taken asks its holder to let go, as tus's in-process locker does:
 * in this process directly, in another through NOTIFY, and retries until `acquireLockTimeout`. If the connection
 * drops, PostgreSQL releases its locks, so the holders here are asked to stop at once.
 */
export function createPgLocker(options: { connectionString?: string; acquireLockTimeout?: number }): PgLocker {
  const timeout = options.acquireLockTimeout ?? 30_000;
  const me = randomBytes(6).toString('hex');
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 1, idleTimeoutMillis: 0 });
  pool.on('error', () => undefined);
  const local = new Map<number, Holder>();
  let session: Promise<pg.PoolClient> | null = null;
  let closed = false;

  function lost() {
    session = null;
    for (const holder of local.values()) if (holder.state === 'held') void holder.requestRelease();
  }

  function connection(): Promise<pg.PoolClient> {
    session ??= (async () => {
      const client = await pool.connect();
      client.on('error', () => {
        client.release(true);
        lost();
      });
      client.on('notification', (message) => {
        const [from, key] = (message.payload ?? '').split(':');
        if (from === me) return;
        const holder = local.get(Number(key));
        if (holder?.state === 'held') void holder.requestRelease();
      });
      await client.query(`listen ${CHANNEL}`);
      return client;
    })().catch((err: unknown) => {
      session = null;
      throw err;
    });
    return session;
  }

  async function tryOnce(key: number, requestRelease: RequestRelease): Promise<boolean> {
    const holder = local.get(key);
    if (holder) {
      if (holder.state === 'held') await holder.requestRelease();
      return false;
    }
    local.set(key, { state: 'pending', requestRelease });
    try {
      const client = await connection();
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
        NAMESPACE,
        key,
      ]);
      if (rows[0]?.locked) {
        local.set(key, { state: 'held', requestRelease });
        return true;
      }
      local.delete(key);
      await client.query('select pg_notify($1, $2)', [CHANNEL, `${me}:${key}`]);
      return false;
    } catch (err) {
      local.delete(key);
      throw err;
    }
  }

  return {
    newLock(id: string): Lock {
      const key = lockKeyOf(id);
      let held = false;
      return {
        async lock(signal: AbortSignal, requestRelease: RequestRelease) {
          const deadline = Date.now() + timeout;
          while (!closed) {
            if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
            if (await tryOnce(key, requestRelease)) {
              held = true;
              return;
            }
            if (Date.now() > deadline) break;
            await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
          }
          throw ERRORS.ERR_LOCK_TIMEOUT;
        },
        async unlock() {
          if (!held) return;
          held = false;
          local.delete(key);
          const client = await session?.catch(() => null);
          // A lost connection has released the lock already.
          await client?.query('select pg_advisory_unlock($1, $2)', [NAMESPACE, key]).catch(() => undefined);
        },
      };
    },
    async close() {
      closed = true;
      const client = await session?.catch(() => null);
      session = null;
      client?.release();
      await pool.end();
    },
  };
}
