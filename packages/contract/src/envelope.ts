import { z } from 'zod';

/** Every `/api` response: `code` 0 is success, anything else carries a readable `msg`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export const SUCCESS_CODE = 0;
export const UNAUTHORIZED_CODE = 401;
