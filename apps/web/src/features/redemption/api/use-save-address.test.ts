import { afterEach, describe, expect, it } from 'vitest';
import { errorCode, errorMessage } from '@taice/contract';
import { ApiError } from '../../../shared/api/client';
import { i18n, i18nReady } from '../../../shared/i18n/i18n';
import { addressProblems, fieldOfRefusal, normalizedAddress, type AddressValues } from './use-save-address';

const complete: AddressValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  country: 'GB',
  dial_code: '44',
  phone: '7700900123',
  detail_address: '12 St James’s Square, London',
};

describe('the address form’s rules', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('accepts a complete address', () => {
    expect(addressProblems(complete)).toEqual({});
  });

  it('names every missing field at once, each in the server’s words', async () => {
    await i18nReady;
    const blank = { first_name: ' ', last_name: '', country: '', dial_code: '', phone: '', detail_address: '\n' };
    expect(addressProblems(blank)).toEqual({
      first_name: errorMessage('address_first_name_required', 'en_US'),
      last_name: errorMessage('address_last_name_required', 'en_US'),
      country: errorMessage('address_country_required', 'en_US'),
      phone: errorMessage('address_phone_required', 'en_US'),
      detail_address: errorMessage('address_detail_required', 'en_US'),
    });
    expect(addressProblems(blank).first_name).toBe('Please enter the first name');
  });

  it('speaks the user’s language', async () => {
    await i18n.changeLanguage('cn');
    expect(addressProblems({ ...complete, last_name: '' })).toEqual({ last_name: '请输入姓氏' });
    await i18n.changeLanguage('tw');
    expect(addressProblems({ ...complete, country: '' })).toEqual({ country: '請選擇國家/地區' });
  });

  it('refuses a phone number too short or too long, and a dial code that is not a number', () => {
    const invalid = errorMessage('address_phone_invalid', 'en_US');
    expect(addressProblems({ ...complete, phone: '123' })).toEqual({ phone: invalid });
    expect(addressProblems({ ...complete, phone: '1234567890123456' })).toEqual({ phone: invalid });
    expect(addressProblems({ ...complete, phone: '770 090-0123' })).toEqual({});
    expect(addressProblems({ ...complete, dial_code: '12345' })).toEqual({ dial_code: invalid });
  });

  it('sends what the server keeps: trimmed, phone without spaces, dial code without + (1 when none)', () => {
    expect(
      normalizedAddress({ ...complete, first_name: ' Ada ', country: 'gb', dial_code: '+44', phone: '7700 900-123' }),
    ).toEqual({ ...complete, phone: '7700900123' });
    expect(normalizedAddress({ ...complete, dial_code: ' ' }).dial_code).toBe('1');
  });

  it('finds the field a refusal of the server is about', () => {
    const refusal = (key: Parameters<typeof errorCode>[0], data: unknown = null) =>
      new ApiError(errorCode(key), 'msg', data);
    expect(fieldOfRefusal(refusal('address_first_name_required'))).toBe('first_name');
    expect(fieldOfRefusal(refusal('address_country_unknown'))).toBe('country');
    expect(fieldOfRefusal(refusal('address_phone_invalid'))).toBe('phone');
    expect(fieldOfRefusal(refusal('address_detail_required'))).toBe('detail_address');
    expect(fieldOfRefusal(refusal('validation_failed', { field: 'last_name' }))).toBe('last_name');
    expect(fieldOfRefusal(refusal('validation_failed', { field: 'id' }))).toBeNull();
    expect(fieldOfRefusal(refusal('address_limit', { max: 20 }))).toBeNull();
    expect(fieldOfRefusal(new Error('boom'))).toBeNull();
  });
});
