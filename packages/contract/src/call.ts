import { z } from 'zod';

/**
 * One call of the API, described once and used by both sides: the server
 * registers a route from it (validation, serialisation, OpenAPI), the client
 * calls it with typed input and output.
 */
export type AuthMode = 'none' | 'optional' | 'required';

/** Operator roles (decision 038): `admin` may do everything, `support` reads and helps. */
export const OPERATOR_ROLES = ['admin', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export interface CallDef<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  auth: AuthMode;
  summary: string;
  tag: string;
  /**
   * Operator calls only (paths under `/api/ops/`): the roles that may make the call, checked on the server
   * before the input (decision 044). The one list of who may do what; the authorization matrix test reads it.
   */
  roles?: readonly OperatorRole[];
  /** The largest body in bytes, for the rare call that takes more than the server's default (decision 031). */
  bodyLimit?: number;
  query?: Q;
  body?: B;
  data: D;
}

export function defineCall<
  D extends z.ZodType,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(def: CallDef<Q, B, D>): CallDef<Q, B, D> {
  return def;
}

export type CallQuery<C> =
  C extends CallDef<infer Q, z.ZodType | undefined, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type CallBody<C> =
  C extends CallDef<z.ZodType | undefined, infer B, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type CallData<C> =
  C extends CallDef<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never;

/** Rows are numbered by PostgreSQL \`integer\` identities: an id past 2^31 - 1 can name nothing. */
export const MAX_ROW_ID = 2 ** 31 - 1;
/** The id of a row (video, comment, user, task…), as a number or a string of digits. */
export const rowId = z.coerce.number().int().positive().max(MAX_ROW_ID);

/** Page-number paging shared by every list call; `size` is capped so no call can ask for everything. */
export const MAX_PAGE_SIZE = 50;
/** Deep pages cost a scan of everything before them; lists end here. */
export const MAX_PAGE = 500;
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    has_more: z.boolean(),
  });
}

/** One page of any list call, its items typed `T`. */
export type Page<T> = Omit<z.output<ReturnType<typeof pageOf>>, 'list'> & { list: T[] };
