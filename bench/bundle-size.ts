import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Raw and gzipped (level 9, as the build's own .gz files) size of built files, by their URL paths. */
export function assetBytes(urlPaths: Iterable<string>): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const urlPath of urlPaths) {
    const content = readFileSync(path.join(dist, urlPath));
    raw += content.length;
    gzip += gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
  }
  return { raw, gzip };
}

/**
 * The whole build's JavaScript and CSS. What a first visit really loads depends on the route and is
 * counted by loading the page: `npm run bench:first-screen`.
 */
export async function reportBundle(): Promise<void> {
  const files = readdirSync(path.join(dist, 'assets'))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `/assets/${file}`);
  const all = assetBytes(files);
  console.log('\nWeb bundle:');
  console.table([{ part: `all JS and CSS (${files.length} files)`, raw: kb(all.raw), gzip: kb(all.gzip) }]);
}
