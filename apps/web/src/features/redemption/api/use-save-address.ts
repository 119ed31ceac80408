import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_DIAL_CODE,
  errorCode,
  errorMessage,
  redemptionCalls,
  toApiLang,
  type Address,
  type ErrorKey,
} from '@taice/contract';
import { ApiError, call } from '../../../shared/api/client';
import { currentLang } from '../../../shared/i18n/i18n';
import { ADDRESSES_QUERY_KEY } from './use-addresses';

/** What the address form edits: a saved address's fields, as `user-address/store` takes them (without the id). */
export type AddressValues = Omit<Address, 'id' | 'updated_at'>;

export type AddressField = keyof AddressValues;

/** The form's fields in their order on screen (and the server's order of checks). */
export const ADDRESS_FIELDS = [
  'first_name',
  'last_name',
  'country',
  'dial_code',
  'phone',
  'detail_address',
] as const satisfies readonly AddressField[];

export type AddressProblems = Partial<Record<AddressField, string>>;

/** Each missing field's refusal, as the server words it (spec section 5). */
const REQUIRED: Partial<Record<AddressField, ErrorKey>> = {
  first_name: 'address_first_name_required',
  last_name: 'address_last_name_required',
  country: 'address_country_required',
  phone: 'address_phone_required',
  detail_address: 'address_detail_required',
};

/** The server's phone and dial code rules (E.164: at most 15 digits, fewer than 4 is no number). */
const PHONE = /^\d{4,15}$/;
const DIAL_CODE = /^\d{1,4}$/;

/** The server's refusals that concern one field of the form, by envelope code. */
const FIELD_OF_CODE = new Map<number, AddressField>([
  [errorCode('address_first_name_required'), 'first_name'],
  [errorCode('address_last_name_required'), 'last_name'],
  [errorCode('address_country_required'), 'country'],
  [errorCode('address_country_unknown'), 'country'],
  [errorCode('address_phone_required'), 'phone'],
  [errorCode('address_phone_invalid'), 'phone'],
  [errorCode('address_detail_required'), 'detail_address'],
]);

function message(key: ErrorKey): string {
  return errorMessage(key, toApiLang(currentLang()));
}

/** The values as the server keeps them: trimmed, the phone without spaces or dashes, the dial code without '+'. */
export function normalizedAddress(values: AddressValues): AddressValues {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    country: values.country.trim().toUpperCase(),
    dial_code: values.dial_code.trim().replace(/^\+/, '') || DEFAULT_DIAL_CODE,
    phone: values.phone.replace(/[\s-]/g, ''),
    detail_address: values.detail_address.trim(),
  };
}

/**
 * Every problem of the form at once, each on its field, in the server's words
 * (the server names only the first): a missing field, else a phone or dial
 * code that is not a number. Empty when the server would accept it.
 */
export function addressProblems(values: AddressValues): AddressProblems {
  const normal = normalizedAddress(values);
  const problems: AddressProblems = {};
  for (const field of ADDRESS_FIELDS) {
    const key = REQUIRED[field];
    if (key && !normal[field]) problems[field] = message(key);
  }
  if (!problems.phone && !PHONE.test(normal.phone)) problems.phone = message('address_phone_invalid');
  if (!DIAL_CODE.test(normal.dial_code)) problems.dial_code = message('address_phone_invalid');
  return problems;
}

/**
 * The field a refusal of `user-address/store` is about, if any: by its code,
 * or by the field a validation failure names (`data.field`).
 */
export function fieldOfRefusal(error: unknown): AddressField | null {
  if (!(error instanceof ApiError)) return null;
  const byCode = FIELD_OF_CODE.get(error.code);
  if (byCode) return byCode;
  const named = (error.data as { field?: unknown } | null)?.field;
  return typeof named === 'string' && (ADDRESS_FIELDS as readonly string[]).includes(named)
    ? (named as AddressField)
    : null;
}

export function storeAddress(values: AddressValues, id?: number): Promise<Address> {
  // A refusal about a field is shown on that field, so the call is silent; the form toasts the others.
  return call(redemptionCalls.addressStore, { body: { ...normalizedAddress(values), id } }, { silent: true });
}

/** Saves a new address, or changes the one with `id`; the address list is then fetched again. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ values, id }: { values: AddressValues; id?: number }) => storeAddress(values, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADDRESSES_QUERY_KEY }),
  });
}
