import type { FastifyInstance } from 'fastify';

/**
 * Stops accepting connections, lets in-flight requests finish, then releases
 * the resources. Resolves false when that took longer than `timeoutMs`.
 */
export async function gracefulClose(
  app: FastifyInstance,
  release: () => Promise<void>,
  timeoutMs: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  // A keep-alive connection whose request finishes during the close becomes idle
  // only then; close such connections as they appear instead of waiting them out.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  const closed = (async () => {
    await app.close();
    clearInterval(sweep);
    await release();
    return true as const;
  })();
  try {
    return await Promise.race([closed, timedOut]);
  } finally {
    clearTimeout(timer);
    clearInterval(sweep);
  }
}

/** On SIGTERM or SIGINT close gracefully and exit; a second signal exits at once. */
export function installShutdown(app: FastifyInstance, release: () => Promise<void>, timeoutMs: number): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      void gracefulClose(app, release, timeoutMs).then(
        (clean) => {
          if (!clean) app.log.error('in-flight requests did not finish in time');
          process.exit(clean ? 0 : 1);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
