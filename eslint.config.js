import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serverBoundaries, serverCycles } from './eslint.server-boundaries.js';

// The web app's layers (docs/decisions/028): shared → features → app, each feature private but for its index.ts.
const web = join(import.meta.dirname, 'apps/web/src');
const webFeatures = readdirSync(join(web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const publicFile = `${web}/features/*/index.ts`;

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/data/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Imports resolved as TypeScript resolves them, for the boundary and cycle rules below.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these two, import-x reads no TypeScript file it imports, and no-cycle finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Server modules talk through their public files only, platform knows no module (decision 029).
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: serverCycles },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverBoundaries() }],
      'server/no-type-cycle': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${web}/shared`,
              from: [`${web}/features`, `${web}/app`],
              message: 'Shared code is below the features and the app: it may not import them.',
            },
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'Features are below the app: they may not import it.',
            },
            {
              // The router also loads each page of a feature (features/<name>/pages/*) as its own chunk.
              target: `${web}/app`,
              from: `${web}/features/*/**`,
              except: [publicFile, `${web}/features/*/pages/*`],
              message: 'The app uses a feature through its public file (features/<name>/index.ts) and its pages only.',
            },
            ...webFeatures.map((name) => ({
              target: `${web}/features/${name}`,
              from: `${web}/features/*/**`,
              except: [`${web}/features/${name}/**`, publicFile],
              message: 'Another feature is used through its public file (features/<name>/index.ts) only.',
            })),
          ],
        },
      ],
      // The browser build swaps zod for an inert stand-in (apps/web/build/inert-zod.ts, decision 036): a
      // schema that ran in the browser would accept anything there.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message: "The members' browser build has no zod (decisions 036, 048): import its types only.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Benchmarks report on the console.
    files: ['bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
