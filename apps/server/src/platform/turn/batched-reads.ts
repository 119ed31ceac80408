/**
 * Reads that many requests make at the same moment, gathered into one statement (decision 023).
 *
 * The keys asked for during one turn of the event loop (the requests whose data arrived together)
 * are loaded by one call of `loadMany` per group, right after that turn. Under load one statement
 * for ten rows costs PostgreSQL and Node a fraction of ten statements: each statement is a round
 * trip, two system calls and the wake-up of a server process, whatever it reads. A lone request
 * waits for nothing but the end of the current turn. Nothing is kept: every request gets rows read
 * after it asked, so what it sees is as fresh as with a statement of its own.
 *
 * `groupOf` splits keys that cannot share a statement (another viewer, another page size); each
 * group is loaded separately, at most `maxBatch` keys at a time. A failed load fails the requests
 * of its group only.
 */
export function batchedReads<K, V>(options: {
  /** The group a key belongs to; keys of one group are loaded together. */
  groupOf: (key: K) => string;
  /** Identity of a key within its group, so the same key asked twice is read once. */
  idOf: (key: K) => string | number;
  /** Loads the keys of one group; returns what it found by `idOf`. */
  loadMany: (keys: K[]) => Promise<Map<string | number, V>>;
  maxBatch?: number;
}): { load(key: K): Promise<V | undefined> } {
  const maxBatch = options.maxBatch ?? 100;
  interface Waiting {
    key: K;
    resolve: (value: V | undefined) => void;
    reject: (error: unknown) => void;
  }
  let pending: Map<string, Map<string | number, Waiting[]>> | null = null;

  async function run(entries: [string | number, Waiting[]][]) {
    try {
      const found = await options.loadMany(entries.map(([, waiting]) => waiting[0]!.key));
      for (const [id, waiting] of entries) for (const w of waiting) w.resolve(found.get(id));
    } catch (error) {
      for (const [, waiting] of entries) for (const w of waiting) w.reject(error);
    }
  }

  function flush() {
    const groups = pending!;
    pending = null;
    for (const byId of groups.values()) {
      const entries = [...byId];
      for (let i = 0; i < entries.length; i += maxBatch) void run(entries.slice(i, i + maxBatch));
    }
  }

  return {
    load(key) {
      return new Promise<V | undefined>((resolve, reject) => {
        if (!pending) {
          pending = new Map();
          setImmediate(flush);
        }
        const group = options.groupOf(key);
        let byId = pending.get(group);
        if (!byId) {
          byId = new Map();
          pending.set(group, byId);
        }
        const id = options.idOf(key);
        const waiting = byId.get(id);
        if (waiting) waiting.push({ key, resolve, reject });
        else byId.set(id, [{ key, resolve, reject }]);
      });
    },
  };
}
