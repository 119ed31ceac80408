import { describe, expect, it } from 'vitest';
import type { CountryInfo } from '@taice/contract';
import { dialDigits, filterCountries } from './use-country-info';

const country = (code: string, name: string, dial: string): CountryInfo => ({
  code,
  name,
  dial_code: dial,
  flag: code,
});

const list = [
  country('AS', 'American Samoa', '+1'),
  country('CI', 'Côte d’Ivoire', '+225'),
  country('DE', 'Germany', '+49'),
  country('GB', 'United Kingdom', '+44'),
  country('NE', 'Niger', '+227'),
  country('NG', 'Nigeria', '+234'),
  country('US', 'United States', '+1'),
  country('CN', '中国', '+86'),
];

const codes = (search: string) => filterCountries(list, search).map((c) => c.code);

describe('the country search', () => {
  it('keeps the whole list, in its order, for an empty search', () => {
    expect(codes('  ')).toEqual(list.map((c) => c.code));
  });

  it('matches names ignoring case and accents, names that start with the search first', () => {
    expect(codes('nig')).toEqual(['NE', 'NG']);
    expect(codes('cote')).toEqual(['CI']);
    expect(codes('KINGDOM')).toEqual(['GB']);
    expect(codes('many')).toEqual(['DE']);
    expect(codes('中')).toEqual(['CN']);
  });

  it('puts a name that starts with the search before one of its later words', () => {
    expect(codes('united')).toEqual(['GB', 'US']);
    expect(codes('sta')).toEqual(['US']);
  });

  it('matches an ISO code', () => {
    expect(codes('de')).toEqual(['DE']);
    expect(codes('us')).toEqual(['US']);
  });

  it('matches dial codes with or without +, exact codes first', () => {
    expect(codes('+1')).toEqual(['AS', 'US']);
    expect(codes('22')).toEqual(['CI', 'NE']);
    expect(codes('49')).toEqual(['DE']);
    expect(codes('+999')).toEqual([]);
  });

  it('keeps a dial code as digits only', () => {
    expect(dialDigits('+49')).toBe('49');
    expect(dialDigits('1')).toBe('1');
  });
});
