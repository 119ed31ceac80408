import { and, count, desc, eq, sql } from 'drizzle-orm';
import { getCountries } from 'libphonenumber-js';
import { DEFAULT_DIAL_CODE, MAX_ADDRESSES, type Address } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Db, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/time/clock';
import { userAddresses, type AddressRow } from './addresses.schema';

/** What `user-address/store` takes, after the contract's schema. */
export interface AddressInput {
  id?: number;
  first_name: string;
  last_name: string;
  country: string;
  dial_code: string;
  phone: string;
  detail_address: string;
}

/** The country list the country calls offer (libphonenumber-js). */
const COUNTRIES = new Set<string>(getCountries());
/** E.164: at most 15 digits with the dial code; fewer than 4 is no phone number. */
const PHONE = /^\d{4,15}$/;
const DIAL_CODE = /^\d{1,4}$/;

/**
 * The address as stored, or the refusal for its first problem: each missing field in the form's order
 * (spec section 5), then an unknown country, then a phone number that is not digits.
 */
export function checkedAddress(input: AddressInput) {
  const first = input.first_name.trim();
  const last = input.last_name.trim();
  const country = input.country.trim().toUpperCase();
  const phone = input.phone.replace(/[\s-]/g, '');
  const detail = input.detail_address.trim();
  if (!first) throw new AppError('address_first_name_required');
  if (!last) throw new AppError('address_last_name_required');
  if (!country) throw new AppError('address_country_required');
  if (!phone) throw new AppError('address_phone_required');
  if (!detail) throw new AppError('address_detail_required');
  if (!COUNTRIES.has(country)) throw new AppError('address_country_unknown');
  const dialCode = input.dial_code.trim().replace(/^\+/, '') || DEFAULT_DIAL_CODE;
  if (!DIAL_CODE.test(dialCode) || !PHONE.test(phone)) throw new AppError('address_phone_invalid');
  return { firstName: first, lastName: last, country, dialCode, phone, detailAddress: detail };
}

export function addressView(row: AddressRow): Address {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    country: row.country,
    dial_code: row.dialCode,
    phone: row.phone,
    detail_address: row.detailAddress,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One of the user's own addresses, or `address_not_found` (someone else's is not found either). */
export async function findOwnAddress(tx: Tx, userId: number, addressId: number): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, addressId), eq(userAddresses.userId, userId)));
  if (!row) throw new AppError('address_not_found');
  return row;
}

/** Members' delivery addresses: each sees and changes only their own. */
export function createAddresses(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    list: (userId: number) =>
      db
        .select()
        .from(userAddresses)
        .where(eq(userAddresses.userId, userId))
        .orderBy(desc(userAddresses.updatedAt), desc(userAddresses.id)),

    /** Creates an address, or updates one of the user's own when `input.id` is given. */
    async store(userId: number, input: AddressInput): Promise<AddressRow> {
      const fields = checkedAddress(input);
      const now = clock.now();
      if (input.id !== undefined) {
        const [row] = await db
          .update(userAddresses)
          .set({ ...fields, updatedAt: now })
          .where(and(eq(userAddresses.id, input.id), eq(userAddresses.userId, userId)))
          .returning();
        if (!row) throw new AppError('address_not_found');
        return row;
      }
      return db.transaction(async (tx) => {
        // One member's parallel saves take turns, so none passes the limit.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`addresses:${userId}`}, 0))`);
        const [saved] = await tx.select({ n: count() }).from(userAddresses).where(eq(userAddresses.userId, userId));
        if ((saved?.n ?? 0) >= MAX_ADDRESSES) throw new AppError('address_limit', { max: MAX_ADDRESSES });
        const [row] = await tx
          .insert(userAddresses)
          .values({ ...fields, userId, createdAt: now, updatedAt: now })
          .returning();
        return row!;
      });
    },

    async remove(userId: number, id: number): Promise<{ id: number }> {
      const [row] = await db
        .delete(userAddresses)
        .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
        .returning({ id: userAddresses.id });
      if (!row) throw new AppError('address_not_found');
      return row;
    },
  };
}

export type Addresses = ReturnType<typeof createAddresses>;
