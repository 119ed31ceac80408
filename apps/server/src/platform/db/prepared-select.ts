import pg from 'pg';
import { Column, fillPlaceholders, is, SQL, Subquery, type Query } from 'drizzle-orm';
import type { Db } from './database';

/** Types drizzle reads as text and decodes itself (timestamps, dates, intervals and their arrays). */
const READ_AS_TEXT = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const asText = (value: string) => value;
const typeParsers = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    READ_AS_TEXT.has(typeId) ? asText : pg.types.getTypeParser(typeId, format ?? 'text'),
} as pg.CustomTypesConfig;

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
const decoderOf = (sql: SQL) => (sql as unknown as { decoder: Decoder }).decoder;
type Decode = (value: unknown) => unknown;
/** Looked up once: a column of an aliased table or subquery is a proxy, slow to read on every row. */
const bound = (decoder: Decoder): Decode => decoder.mapFromDriverValue.bind(decoder);

/** Where each column of a row goes and how its value is decoded, worked out once. */
function plan(selection: Record<string, unknown>, prefix: string[] = []): { path: string[]; decode: Decode }[] {
  return Object.entries(selection).flatMap(([key, field]) => {
    const path = [...prefix, key];
    if (is(field, Column)) return [{ path, decode: bound(field as unknown as Decoder) }];
    if (is(field, SQL)) return [{ path, decode: bound(decoderOf(field)) }];
    if (is(field, SQL.Aliased)) return [{ path, decode: bound(decoderOf(field.sql)) }];
    if (is(field, Subquery))
      return [{ path, decode: bound(decoderOf((field as unknown as { _: { sql: SQL } })._.sql)) }];
    if (Object.getPrototypeOf(field) !== Object.prototype)
      throw new Error(`cannot map the selected field ${path.join('.')}`);
    return plan(field as Record<string, unknown>, path);
  });
}

interface PreparableSelect<R> extends PromiseLike<R> {
  toSQL(): Query;
  readonly _: { readonly selectedFields: unknown };
}

/**
 * A drizzle select run as a named prepared statement (PostgreSQL keeps its plan per connection), whose
 * rows become the same objects drizzle's `execute` makes, through a mapping worked out once. drizzle
 * works out every column's decoder again for every row, several microseconds a row through aliased
 * tables and subqueries: most of the Node time of a comment page. For the hottest reads only, and
 * only for selections without left-joined nested objects (drizzle would turn an all-null one into null).
 */
export function preparedSelect<R extends unknown[]>(db: Db, name: string, query: PreparableSelect<R>) {
  const { sql: text, params } = query.toSQL();
  const columns = plan(query._.selectedFields as Record<string, unknown>);
  const flat = columns.every((c) => c.path.length === 1);
  // The pool drizzle runs on.
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return {
    async execute(values: Record<string, unknown>): Promise<R> {
      const result = await pool.query<unknown[]>({
        name,
        text,
        values: fillPlaceholders(params, values),
        rowMode: 'array',
        types: typeParsers,
      });
      return result.rows.map((row) => {
        const out: Record<string, unknown> = {};
        for (let i = 0; i < columns.length; i++) {
          const { path, decode } = columns[i]!;
          const raw = row[i];
          const value = raw === null ? null : decode(raw);
          if (flat) {
            out[path[0]!] = value;
            continue;
          }
          let node = out;
          for (let j = 0; j < path.length - 1; j++) node = (node[path[j]!] ??= {}) as Record<string, unknown>;
          node[path[path.length - 1]!] = value;
        }
        return out;
      }) as R;
    },
  };
}
