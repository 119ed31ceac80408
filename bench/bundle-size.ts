import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** JavaScript a first visit loads (the entry and its static imports) and the whole build, raw and gzipped. */
export async function reportBundle(): Promise<void> {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)) initial.add(match[1]!);
  let initialRaw = 0;
  let initialGzip = 0;
  for (const file of initial) {
    const content = readFileSync(path.join(dist, file));
    initialRaw += content.length;
    initialGzip += gzipSync(content).length;
  }
  let totalRaw = 0;
  let totalGzip = 0;
  for (const file of readdirSync(path.join(dist, 'assets'))) {
    if (!/\.(js|css)$/.test(file)) continue;
    const content = readFileSync(path.join(dist, 'assets', file));
    totalRaw += content.length;
    totalGzip += gzipSync(content).length;
  }
  console.log('\nWeb bundle:');
  console.table([
    { part: `first load (${initial.size} files)`, raw: kb(initialRaw), gzip: kb(initialGzip) },
    { part: 'all JS and CSS', raw: kb(totalRaw), gzip: kb(totalGzip) },
  ]);
}
