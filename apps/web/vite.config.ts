import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vitest/config';
import preactPreset from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { CONTRACT_PART_PREFIX, pureContract } from './build/pure-contract';
import { localeParts } from './build/locale-parts';
import { FIRST_SCREEN_SECTIONS } from './src/shared/i18n/first-screen-texts';

/** Marks a module of the operator console's own copy of the contract, built with the real zod. */
const REAL_ZOD = '?real-zod';

/**
 * In the production build `zod` is an inert stand-in (see build/inert-zod.ts); dev and tests keep the real one.
 * The operator console (features/ops, a chunk members never load) validates its forms with the contract's
 * schemas, so its imports of the contract get a copy of it built with the real zod.
 */
function inertZod(): Plugin {
  const stub = fileURLToPath(new URL('./build/inert-zod.ts', import.meta.url));
  const consoleDir = fileURLToPath(new URL('./src/features/ops/', import.meta.url));
  return {
    name: 'taice:inert-zod',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const inCopy = importer?.endsWith(REAL_ZOD) ?? false;
      const fromConsole = source === '@taice/contract' && (importer?.startsWith(consoleDir) ?? false);
      if (!inCopy && !fromConsole) return source === 'zod' ? stub : null;
      const resolved = await this.resolve(source, importer?.replace(REAL_ZOD, ''), { ...options, skipSelf: true });
      if (!resolved || source === 'zod' || resolved.id.includes('/node_modules/')) return resolved;
      return { ...resolved, id: `${resolved.id}${REAL_ZOD}` };
    },
  };
}

/** A Preact module's file, as this package resolves it. */
const preact = (specifier: string) => fileURLToPath(import.meta.resolve(specifier));

/**
 * Hot reload's runtime (dev only) patches the Preact that renders the app: wagmi's dependencies bring an older Preact
 * that the runtime would otherwise find first.
 */
function prefreshOnAppPreact(): Plugin {
  return {
    name: 'taice:prefresh-on-app-preact',
    apply: 'serve',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (!importer?.includes('/node_modules/@prefresh/') || !/^preact(\/|$)/.test(source)) return undefined;
      // Resolved as the app's own code resolves it, so the runtime gets the same (pre-bundled) module the app renders with.
      return this.resolve(source, fileURLToPath(import.meta.url), { ...options, skipSelf: true });
    },
  };
}

/** A package's ES module file, where Node would take its CommonJS entry. */
const moduleEntry = (file: string) => fileURLToPath(new URL(`../../node_modules/${file}`, import.meta.url));

const contractDir = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
/** A module of the members' copy of the contract (the console's copy, with the real zod, is left alone). */
const isContractModule = (id: string) =>
  (id.startsWith(contractDir) || id.startsWith(CONTRACT_PART_PREFIX)) && !id.includes(REAL_ZOD);

export default defineConfig({
  plugins: [
    inertZod(),
    // The operator console's copy keeps its schemas as they are: it validates with them.
    pureContract(contractDir, (id) => id.endsWith(REAL_ZOD)),
    localeParts(FIRST_SCREEN_SECTIONS),
    // JSX for Preact and, in dev, hot reload; React's names are aliased below, from this package's Preact.
    preactPreset({ reactAliasesEnabled: false }),
    prefreshOnAppPreact(),
    tailwindcss(),
    // Brotli at its best quality and gzip, once at build time: the server sends these files as they are.
    compression({
      include: /\.(js|css|html|svg|json|webmanifest)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  resolve: {
    // Under Vitest, packages are taken by their ES module field: a CommonJS entry's require of React escapes the aliases.
    mainFields: process.env.VITEST ? ['module', 'jsnext:main', 'jsnext'] : undefined,
    // Preact's compatibility layer in React's place (decision 060); resolved from this package, so every importer
    // (wagmi's dependencies bring an older Preact of their own) gets the one copy.
    alias: [
      { find: /^react-dom\/client$/, replacement: preact('preact/compat/client') },
      { find: /^react-dom$/, replacement: preact('preact/compat') },
      { find: /^react-dom\/test-utils$/, replacement: preact('preact/test-utils') },
      { find: /^react\/jsx-runtime$/, replacement: preact('preact/jsx-runtime') },
      { find: /^react\/jsx-dev-runtime$/, replacement: preact('preact/jsx-dev-runtime') },
      { find: /^react$/, replacement: preact('preact/compat') },
      // React's shim of useSyncExternalStore (react-i18next's) is CommonJS; Preact has the hook itself.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: preact('preact/compat') },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/static': 'http://127.0.0.1:8080',
      '/media': 'http://127.0.0.1:8080',
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        // The modules every page loads first, in one file (decision 061): over HTTP/1.1, the 33 files they made were
        // fetched a few at a time, a round trip each, before anything could paint. Pages and lazy parts keep their chunks.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
      // A feature's public file (features/<name>/index.ts) only re-exports: a chunk that imports one
      // piece through it gets that piece, not everything the file names. The same for the contract, whose
      // modules only declare (its call files are split per declaration, see build/pure-contract.ts).
      treeshake: {
        moduleSideEffects: (id) =>
          /\/src\/features\/[^/]+\/index\.ts$/.test(id) || isContractModule(id) ? false : undefined,
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    // Libraries that import React go through the build's aliases too, so tests render with Preact as the app does.
    // (Three packages whose Node entry is CommonJS through their exports are aliased to their ES module files.)
    server: {
      deps: {
        inline: [
          /\/node_modules\/(@testing-library|@tanstack|@radix-ui|react-|use-|lucide-react|zustand|sonner|qrcode|@floating-ui)/,
        ],
      },
    },
    alias: {
      '@testing-library/react': moduleEntry('@testing-library/react/dist/@testing-library/react.esm.js'),
      'lucide-react': moduleEntry('lucide-react/dist/esm/lucide-react.mjs'),
      'react-router': moduleEntry('react-router/dist/development/index.mjs'),
    },
  },
});
