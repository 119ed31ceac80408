// In the members' build every schema is the inert stand-in (inert-zod.ts), yet each `z.object(...)` is still a
// call the bundler must assume does something, and a module goes into one chunk whole: every call definition of
// the contract shipped with the first chunk that named one of its file. This plugin, for the members' build:
// - wraps each top-level initializer of the contract that makes a call in a pure IIFE, so that a schema or call
//   definition nobody imports is dropped;
// - splits each file of `calls/` into one module per top-level declaration (the file itself only re-exports),
//   so that a chunk gets the definitions it uses and the first screen only the calls it makes.
// Functions, plain constants and the operator console's copy (real zod, it validates) are left as they are.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTION_TYPES = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);
export const CONTRACT_PART_PREFIX = '\0taice-contract-part:';

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Whether evaluating `node` calls something (calls inside nested functions do not count: they run later). */
function makesCall(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(makesCall);
  if (!isNode(node)) return false;
  if (FUNCTION_TYPES.has(node.type)) return false;
  if (node.type === 'CallExpression' || node.type === 'NewExpression' || node.type === 'TaggedTemplateExpression') {
    return true;
  }
  return Object.entries(node).some(([key, value]) => key !== 'type' && makesCall(value));
}

/** The names `node` reads (over-approximated: a shadowing parameter counts too, which only adds a dependency). */
function namesRead(node: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) namesRead(item, into);
    return into;
  }
  if (!isNode(node)) return into;
  if (node.type === 'Identifier') into.add(node.name as string);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type') continue;
    if (key === 'property' && node.type === 'MemberExpression' && !node.computed) continue;
    if (key === 'key' && (node.type === 'Property' || node.type === 'MethodDefinition') && !node.computed) continue;
    namesRead(value, into);
  }
  return into;
}

interface Declaration {
  names: string[];
  exported: boolean;
  /** The statement without `export `, IIFEs applied. */
  text: string;
  reads: Set<string>;
}

export function pureContract(contractDir: string, skip: (id: string) => boolean): Plugin {
  const callsDir = `${contractDir}calls/`;
  const parts = new Map<string, { code: string; file: string }>();
  return {
    name: 'taice:pure-contract',
    apply: 'build',
    // After TypeScript is stripped: the parser sees JavaScript.
    enforce: 'post',
    resolveId(source, importer) {
      if (source.startsWith(CONTRACT_PART_PREFIX)) return source;
      const part = importer ? parts.get(importer) : undefined;
      return part ? this.resolve(source, part.file, { skipSelf: true }) : null;
    },
    load(id) {
      const part = parts.get(id);
      return part ? { code: part.code, moduleType: 'js' } : null;
    },
    transform(code, id) {
      if (!id.startsWith(contractDir) || skip(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const out = new MagicString(code);
      for (const statement of program.body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as { init: Node | null }[]) {
          const { init } = declarator;
          if (!init || !makesCall(init)) continue;
          out.appendLeft(init.start, '/* @__PURE__ */ (() => (');
          out.prependRight(init.end, '))()');
        }
      }
      const split = id.startsWith(callsDir) ? splitDeclarations(program.body, out) : null;
      if (!split) {
        return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true, source: id }) } : null;
      }
      const partOf = new Map<string, string>();
      split.declarations.forEach((d, index) => {
        for (const name of d.names) partOf.set(name, `${CONTRACT_PART_PREFIX}${id}#${index}`);
      });
      split.declarations.forEach((d, index) => {
        const partId = `${CONTRACT_PART_PREFIX}${id}#${index}`;
        const own = new Set(d.names);
        const deps = new Map<string, string[]>();
        for (const name of d.reads) {
          const from = partOf.get(name);
          if (!from || own.has(name)) continue;
          deps.set(from, [...(deps.get(from) ?? []), name]);
        }
        const code = [
          ...split.imports,
          ...[...deps].map(([from, names]) => `import { ${names.join(', ')} } from ${JSON.stringify(from)};`),
          d.text,
          `export { ${d.names.join(', ')} };`,
        ].join('\n');
        parts.set(partId, { code, file: id });
      });
      const facade = split.declarations
        .filter((d) => d.exported)
        .map((d) => `export { ${d.names.join(', ')} } from ${JSON.stringify(partOf.get(d.names[0]!))};`)
        .join('\n');
      return { code: facade || 'export {};', map: null };
    },
  };
}

/** A file's imports and top-level declarations, or null when it holds anything else (left whole then). */
function splitDeclarations(body: Node[], out: MagicString): { imports: string[]; declarations: Declaration[] } | null {
  const imports: string[] = [];
  const declarations: Declaration[] = [];
  for (const statement of body) {
    if (statement.type === 'ImportDeclaration') {
      imports.push(out.original.slice(statement.start, statement.end));
      continue;
    }
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? (statement.declaration as Node | null) : statement;
    if (!declaration) return null; // `export { a } from` or `export { a }`
    let names: string[];
    if (declaration.type === 'FunctionDeclaration') {
      names = [(declaration.id as Node).name as string];
    } else if (declaration.type === 'VariableDeclaration') {
      const ids = (declaration.declarations as { id: Node }[]).map((d) => d.id);
      if (ids.some((node) => node.type !== 'Identifier')) return null;
      names = ids.map((node) => node.name as string);
    } else {
      return null;
    }
    const reads = namesRead(declaration, new Set());
    declarations.push({ names, exported, text: out.slice(declaration.start, declaration.end), reads });
  }
  return { imports, declarations };
}
