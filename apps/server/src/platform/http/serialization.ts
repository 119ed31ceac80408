import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Zod types whose parse and encode give the same output for valid data: no transform, codec, default or coercion. */
const PLAIN_TYPES = new Set([
  'object',
  'array',
  'tuple',
  'record',
  'union',
  'intersection',
  'nullable',
  'optional',
  'readonly',
  'string',
  'number',
  'boolean',
  'null',
  'literal',
  'enum',
  'template_literal',
  'any',
  'unknown',
]);

interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  items?: z.core.$ZodType[];
  rest?: z.core.$ZodType | null;
  keyType?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  options?: z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  innerType?: z.core.$ZodType;
}

/** True when the schema, all the way down, is made of plain types only. */
export function isPlainSchema(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as unknown as Def;
  if (!PLAIN_TYPES.has(def.type) || def.coerce) return false;
  const children = [
    ...Object.values(def.shape ?? {}),
    ...(def.items ?? []),
    ...(def.options ?? []),
    def.catchall,
    def.element,
    def.rest,
    def.keyType,
    def.valueType,
    def.left,
    def.right,
    def.innerType,
  ];
  return children.every((child) => !child || isPlainSchema(child));
}

/** Checks data against a schema: zod's compiled parser for a plain schema, `encode` for any other. */
function checkerOf(schema: z.ZodType) {
  if (!isPlainSchema(schema)) return (data: unknown) => z.safeEncode(schema, data);
  const compiled = z.compile(schema);
  return (data: unknown) => compiled.safeParse(data);
}

/**
 * Marks a value that many responses send as it is (a page kept in a short-lived cache, say): it is
 * frozen, all the way down, and the serializer checks and writes it once, then reuses the text for
 * every response that sends the same object.
 */
export function serializeOnce<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) serializeOnce(child);
    Object.freeze(value);
  }
  return value;
}

function isSerializedOnce(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.isFrozen(value);
}

const ENVELOPE_KEYS = ['code', 'msg', 'data'].join();

/**
 * Writes a route's response through its zod schema, as fastify-type-provider-zod's compiler does:
 * only declared fields leave, and data that does not match the schema is an error. A plain schema
 * (no transform, codec, default or coercion, so checking it forward gives what encoding gives) is
 * checked by zod's compiled parser, several times faster than `encode`, which walks every level
 * twice; any other schema is encoded as before. An envelope's `data` that is marked by `serializeOnce` is checked
 * and written once.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  const checkAll = checkerOf(schema);
  const whole = (body: unknown) => {
    const result = checkAll(body);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : null;
  if (!shape || Object.keys(shape).join() !== ENVELOPE_KEYS) return whole;

  // `{code, msg, data}`: the envelope is written here, its data checked (or taken from the texts already written).
  const writeData = writerOf(shape.data!);
  return (body) => {
    const { code, msg, data } = body as { code: unknown; msg: unknown; data: unknown };
    if (!Number.isInteger(code) || typeof msg !== 'string' || data === undefined) return whole(body);
    const text = writeData(data);
    if (typeof text !== 'string') return whole(body);
    return `{"code":${code as number},"msg":${JSON.stringify(msg)},"data":${text}}`;
  };
};

/** Writes a value's JSON text, or gives null when it does not match, or undefined for an absent optional field. */
type Writer = (value: unknown) => string | null | undefined;

/**
 * Writes one value through its schema. A value marked by `serializeOnce` is checked and written once. An object
 * that is not marked itself but holds marked values (a shared page sent with the caller's own row, say) is written
 * field by field, so the shared fields reuse their text.
 */
function writerOf(schema: z.ZodType): Writer {
  const check = checkerOf(schema);
  const texts = new WeakMap<object, string>();
  const writeWhole: Writer = (value) => {
    const result = check(value);
    return result.success ? (JSON.stringify(result.data) as string | undefined) : null;
  };
  let fields: FieldWriters | null | undefined;
  return (value) => {
    if (isSerializedOnce(value)) {
      let text = texts.get(value);
      if (text === undefined) {
        const written = writeWhole(value);
        if (typeof written !== 'string') return null;
        texts.set(value, (text = written));
      }
      return text;
    }
    if (!holdsSharedValues(value)) return writeWhole(value);
    fields ??= fieldWritersOf(schema);
    return fields ? writeFields(fields, value) : writeWhole(value);
  };
}

type FieldWriters = [key: string, write: Writer][];

/**
 * Field-by-field writers for an object schema that zod's parse would write the same way: plain all the way
 * down, undeclared keys dropped (no catchall), no checks of its own on the whole object. Null otherwise.
 */
function fieldWritersOf(schema: z.ZodType): FieldWriters | null {
  if (!(schema instanceof z.ZodObject) || !isPlainSchema(schema)) return null;
  const def = schema._zod.def;
  if (def.catchall || (def.checks?.length ?? 0) > 0) return null;
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, field]) => [key, writerOf(field)]);
}

function holdsSharedValues(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.values(value).some(isSerializedOnce);
}

/** What JSON.stringify writes of the checked object: the schema's keys in its order, absent ones left out. */
function writeFields(fields: FieldWriters, value: Record<string, unknown>): string | null {
  const parts: string[] = [];
  for (const [key, write] of fields) {
    const text = write(value[key]);
    if (text === null) return null;
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}
