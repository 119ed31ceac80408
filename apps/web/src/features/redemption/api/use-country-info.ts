import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { commonCalls, type CountryInfo } from '@taice/contract';
import { call } from '../../../shared/api/client';
import { usePreferences } from '../../../shared/stores/preferences';

/** Every country with its dial code and flag, named in the UI language (the list is fixed per language). */
export function useCountryInfo() {
  const lang = usePreferences((s) => s.lang);
  return useQuery({
    queryKey: ['countries', 'info', lang],
    queryFn: ({ signal }) => call(commonCalls.countryInfoList, {}, { signal, silent: true }),
    staleTime: Infinity,
    gcTime: 60 * 60_000,
  });
}

/** A country's name in the UI language by its ISO code (the code itself until the list has loaded). */
export function useCountryName(): (code: string) => string {
  const countries = useCountryInfo();
  return useCallback(
    (code: string) => countries.data?.find((country) => country.code === code)?.name ?? code,
    [countries.data],
  );
}

/** A dial code as addresses keep it: digits only ('+49' → '49'). */
export function dialDigits(dialCode: string): string {
  return dialCode.replace(/\D/g, '');
}

/** Text folded for matching: lower case, without accents ('Côte d’Ivoire' matches 'cote'). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The countries a search matches, best first: by name (names that start with
 * it, then words that start with it, then names that contain it), by ISO code
 * ('DE'), or by dial code when the search is digits ('49', '+49'; exact codes
 * first). An empty search keeps the whole list in its order.
 */
export function filterCountries(countries: readonly CountryInfo[], search: string): CountryInfo[] {
  const query = fold(search.trim());
  if (!query) return [...countries];
  const digits = /^\+?\d+$/.test(query) ? dialDigits(query) : null;
  const ranked: { country: CountryInfo; rank: number; index: number }[] = [];
  countries.forEach((country, index) => {
    let rank: number | null = null;
    if (digits !== null) {
      const dial = dialDigits(country.dial_code);
      if (dial === digits) rank = 0;
      else if (dial.startsWith(digits)) rank = 1;
    } else {
      const name = fold(country.name);
      if (name.startsWith(query)) rank = 0;
      else if (country.code.toLowerCase() === query) rank = 1;
      else if (name.split(/[\s\-(),.’']+/).some((word) => word.startsWith(query))) rank = 2;
      else if (name.includes(query)) rank = 3;
    }
    if (rank !== null) ranked.push({ country, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.country);
}
