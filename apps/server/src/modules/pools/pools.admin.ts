import type { Db } from '../../platform/db/database';
import { verifyPools } from './verify';

/** The pools' operator tools (CLI): their check against the ledger, run by `ledger verify`. */
export function poolsAdmin(db: Db) {
  return { verify: () => verifyPools(db) };
}
