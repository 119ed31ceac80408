/**
 * Writes that many requests ask for at the same moment, run in batches (decision 024).
 *
 * Items submitted while `maxInFlight` batches are running wait, and go together in the next batch
 * (at most `maxBatch` items) as soon as one of those ends; items submitted when a batch may start
 * wait only for the end of the current turn of the event loop. So a lone request goes at once, and
 * under load each call carries the requests that arrived while the previous one ran: a statement
 * for twenty requests costs PostgreSQL and Node a fraction of twenty statements.
 *
 * `run` answers each item, in order. A failed batch fails its own items only.
 */
export function batchedWrites<I, O>(
  run: (items: I[]) => Promise<O[]>,
  options: { maxInFlight: number; maxBatch: number },
): { submit(item: I): Promise<O> } {
  interface Waiting {
    item: I;
    resolve: (value: O) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  function start() {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, options.maxBatch);
      queue = queue.slice(options.maxBatch);
      inFlight += 1;
      run(batch.map((w) => w.item))
        .then(
          (answers) => batch.forEach((w, i) => w.resolve(answers[i]!)),
          (error: unknown) => batch.forEach((w) => w.reject(error)),
        )
        .finally(() => {
          inFlight -= 1;
          schedule();
        });
    }
  }

  function schedule() {
    if (scheduled || queue.length === 0 || inFlight >= options.maxInFlight) return;
    scheduled = true;
    setImmediate(start);
  }

  return {
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
  };
}
