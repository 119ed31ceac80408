import fs from 'node:fs';
import path from 'node:path';

const src = 'apps/server/src';
const modulesDir = `${src}/modules`;

/**
 * Server modules from the bottom up: a module may import only modules listed before it, so no two
 * modules depend on each other, not even for a type.
 */
const MODULE_ORDER = [
  'health',
  'countries',
  'levels',
  'uploads',
  'accounts',
  'operators',
  'content',
  'identities',
  'videos',
  'studio',
  'messages',
  'addresses',
  'points',
  'pools',
  'redemption',
  'races',
  'campaigns',
  'console',
  'channel',
  'youtube',
  'telegram',
];

/**
 * A module's public files, each for one kind of caller: `<name>.module.ts` (services and routes, for the
 * app and other modules), `*.schema.ts` (tables), `*-events.ts` (its event bus), `*.seed.ts` (seed steps,
 * for `src/seed`) and `*.admin.ts` (operator tools, for `src/ops`), so the CLI loads no route.
 */
const isPublic = (file) => /\.(module|schema|seed|demo-seed|admin)\.ts$|-events\.ts$/.test(file);

/** Zones for `import-x/no-restricted-paths` that keep the server's layers and module surfaces. */
export function serverBoundaries() {
  const modules = fs.readdirSync(modulesDir).filter((name) => fs.statSync(`${modulesDir}/${name}`).isDirectory());
  const unordered = modules.filter((name) => !MODULE_ORDER.includes(name));
  if (unordered.length > 0) throw new Error(`eslint.server-boundaries.js: add ${unordered.join(', ')} to MODULE_ORDER`);
  const outside = (name) => [
    ...modules.filter((other) => other !== name).map((other) => `${modulesDir}/${other}`),
    `${src}/platform`,
    `${src}/seed`,
    `${src}/ops`,
    `${src}/app.ts`,
    `${src}/main.ts`,
  ];
  return [
    {
      target: `${src}/platform`,
      from: [modulesDir, `${src}/seed`, `${src}/ops`, `${src}/app.ts`, `${src}/main.ts`],
      message: 'The platform serves every module and knows none of them.',
    },
    ...modules.map((name) => ({
      target: outside(name),
      from: `${modulesDir}/${name}`,
      except: fs
        .readdirSync(`${modulesDir}/${name}`)
        .filter(isPublic)
        .map((file) => `./${file}`),
      message: `Import the ${name} module through its public files (${name}.module.ts, schema, events, seeds, admin).`,
    })),
    ...MODULE_ORDER.map((name, at) => ({
      target: `${modulesDir}/${name}`,
      from: MODULE_ORDER.slice(at + 1).map((later) => `${modulesDir}/${later}`),
      message: 'Modules depend one way (MODULE_ORDER in eslint.server-boundaries.js): this one comes first.',
    })).filter((zone) => zone.from.length > 0),
  ];
}

/** Relative imports of a server file, type-only ones included, as resolved file paths. */
function importsOf(file) {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)]
    .map(([, spec]) => path.resolve(path.dirname(file), spec))
    .flatMap((base) => [`${base}.ts`, `${base}/index.ts`].filter((candidate) => fs.existsSync(candidate)).slice(0, 1));
}

/** True when `start` can reach itself through imports; the graph is read afresh for each lint run. */
function onCycle(start, graph) {
  const seen = new Set();
  const stack = [...importsOf(start)];
  while (stack.length > 0) {
    const file = stack.pop();
    if (file === start) return true;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!graph.has(file)) graph.set(file, importsOf(file));
    stack.push(...graph.get(file));
  }
  return false;
}

/**
 * `import-x/no-cycle` lets type-only imports form cycles; this rule refuses those too, so modules
 * and files depend one way even for their types.
 */
export const serverCycles = {
  rules: {
    'no-type-cycle': {
      meta: {
        type: 'problem',
        messages: { cycle: 'This file imports itself through other files (type imports included).' },
      },
      create(context) {
        const graph = new Map();
        return {
          Program(node) {
            if (onCycle(path.resolve(context.physicalFilename), graph)) context.report({ node, messageId: 'cycle' });
          },
        };
      },
    },
  },
};
