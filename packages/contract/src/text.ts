import { z } from 'zod';

/**
 * What text input may hold, decided once for every string a call takes
 * (decision 031): no C0 control character, no DEL and no lone UTF-16
 * surrogate. PostgreSQL refuses NUL outright, and the rest is never typed by a
 * person. Only the strings marked `multiline` (comments, the message a wallet
 * signs) may also hold tabs and line breaks; object keys and every other
 * string are one line.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_ONE_LINE = /[\u0000-\u001F\u007F\p{Cs}]/u;
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\p{Cs}]/u;

export function isSafeText(value: string, allowLineBreaks = false): boolean {
  return !(allowLineBreaks ? UNSAFE_MULTILINE : UNSAFE_ONE_LINE).test(value);
}

const multilineSchemas = new WeakSet<z.ZodType>();

/** Marks a string schema whose text may hold tabs and line breaks. */
export function multiline<T extends z.ZodType>(schema: T): T {
  multilineSchemas.add(schema);
  return schema;
}

interface AnyDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as AnyDef;

/** The schema that reads the input: through optional, default, pipe and the like. */
function inputSchema(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let hops = 0; hops < 32; hops++) {
    const def = defOf(current);
    const next = def.innerType ?? (def.type === 'pipe' ? def.in : def.type === 'lazy' ? def.getter?.() : undefined);
    if (!next) return current;
    current = next;
  }
  return current;
}

function allowsLineBreaks(schema: z.ZodType | undefined): boolean {
  if (!schema) return false;
  const reading = inputSchema(schema);
  if (multilineSchemas.has(reading)) return true;
  const def = defOf(reading);
  return (def.options ?? [def.left, def.right]).some((option) => option !== undefined && allowsLineBreaks(option));
}

function childSchema(schema: z.ZodType | undefined, key: string | number): z.ZodType | undefined {
  if (!schema) return undefined;
  const def = defOf(inputSchema(schema));
  if (def.shape) return Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
  if (def.element) return def.element;
  if (def.valueType) return def.valueType;
  if (def.items) return def.items[Number(key)];
  const alternatives = def.options ?? [def.left, def.right];
  for (const option of alternatives) {
    const child = childSchema(option, key);
    if (child) return child;
  }
  return undefined;
}

/**
 * The path of the first string (or object key) in `value` that breaks the
 * text rule, read against the schema that will validate it; null when all is
 * well. Strings the schema does not know are held to the one-line rule.
 */
export function findUnsafeText(schema: z.ZodType | undefined, value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return isSafeText(value, allowsLineBreaks(schema)) ? null : [];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(childSchema(schema, i), value[i]);
      if (found) return [i, ...found];
    }
    return null;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (!isSafeText(key)) return [key];
    const found = findUnsafeText(childSchema(schema, key), item);
    if (found) return [key, ...found];
  }
  return null;
}

/** A text in the three languages, each required; `lines` lets it run over several lines. */
export const localizedInput = (max: number, { lines = false, min = 1 } = {}) => {
  const text = () => (lines ? multiline(z.string().trim().min(min).max(max)) : z.string().trim().min(min).max(max));
  return z.object({ en_US: text(), 'zh-CN': text(), 'zh-TW': text() });
};
