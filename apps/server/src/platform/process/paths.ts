import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's own folder, found the same way from the sources
 * (`src/platform/process`) and from the bundle (`dist/main.js`), so that migrations and
 * seed files are located without depending on the working directory.
 */
function findServerRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const parts = here.split(path.sep);
  const at = Math.max(parts.lastIndexOf('src'), parts.lastIndexOf('dist'));
  return at > 0 ? parts.slice(0, at).join(path.sep) : here;
}

export const serverRoot = findServerRoot();
export const migrationsDir = path.join(serverRoot, 'drizzle');
export const seedDataDir = path.join(serverRoot, 'seed-data');
