import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { gracefulClose } from '../src/platform/process/shutdown';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let released = false;
let arrived: () => void;
const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get('/slow', async () => {
        arrived();
        await new Promise((resolve) => setTimeout(resolve, 400));
        return { finished: true };
      });
    },
  });
});
afterAll(async () => {
  await t.database.close().catch(() => undefined);
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then refuses new connections and releases resources', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await slowArrived; // the request is being handled when the close begins

    const closing = gracefulClose(
      t.app,
      async () => {
        released = true;
      },
      5_000,
    );
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    expect(await closing).toBe(true);
    expect(released).toBe(true);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });
});
