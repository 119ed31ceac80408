// Bundles the server (with the contract package inlined) into dist/main.js;
// npm dependencies stay external and are loaded from node_modules.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@taice/'));

// Chunk names change with their content: start from an empty directory so no stale chunk stays.
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: { main: 'src/main.ts', ops: 'src/ops/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Modules imported with import() become chunks of their own, loaded when first used (decision 034).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
