import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database';

/** Liveness and readiness for the load balancer; outside `/api`, so not enveloped or signed. */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }));

  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    const databaseUp = await database.ping();
    return reply
      .status(databaseUp ? 200 : 503)
      .send({ status: databaseUp ? 'ready' : 'unavailable', database: databaseUp ? 'up' : 'down' });
  });
}
