// Foundation benchmark: request rate and p99 of a trivial route and of a
// signed, database-backed call, in one run against the production build.
// Run `npm run build` first, then `npm run bench`.
import { measure, printTable, signedPath } from './load';
import { startServer } from './server-process';
import { reportBundle } from './bundle-size';

const server = await startServer();
try {
  // warm up the JIT and the connection pool
  await measure('warm-up', server.url, signedPath('/api/frontend/keyValue/get', { keys: 'site.name' }), {
    duration: 3,
  });
  const trivial = await measure('GET /healthz (trivial)', server.url, '/healthz');
  const keyValue = await measure(
    'GET keyValue/get (signed, database)',
    server.url,
    signedPath('/api/frontend/keyValue/get', { keys: 'site.name,contact.email' }),
  );
  const docs = await measure(
    'GET doc/getByType (signed, database, 5 KB)',
    server.url,
    signedPath('/api/frontend/doc/getByType', { type: 'privacy_policy' }),
  );
  console.log('\n50 connections, 10 s each, on this machine:');
  printTable([trivial, keyValue, docs], trivial);
  console.log(`ratio keyValue/get : trivial = ${(keyValue.requestsPerSecond / trivial.requestsPerSecond).toFixed(2)}`);
} finally {
  await server.stop();
}
await reportBundle();
