import { useSearchParams } from 'react-router';
import { MAX_PAGE } from '@taice/contract';

/** The page a URL names: a whole number from 1 to the last page a list call serves, else 1. */
export function pageParam(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The URL's parameters after a change of filters: blank ones dropped, back to the first page. */
export function withFilters(current: URLSearchParams, patch: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete('page');
  return next;
}

/**
 * A list's filters and page, kept in the URL (a reload, a shared link or Back shows the same rows); changing a
 * filter goes back to the first page.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<K, string>;
  return {
    filters,
    page: pageParam(params.get('page')),
    setFilters: (patch: Partial<Record<K, string>>) =>
      setParams((current) => withFilters(current, patch as Record<string, string>), { replace: true }),
    setPage: (page: number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (page > 1) next.set('page', String(page));
        else next.delete('page');
        return next;
      }),
  };
}

/** A filter's value for a call: undefined when blank, so the call leaves it out. */
export const optional = (text: string): string | undefined => text || undefined;
