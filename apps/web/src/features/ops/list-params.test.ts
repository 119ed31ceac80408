import { describe, expect, it } from 'vitest';
import { pageParam, withFilters } from './list-params';

describe('a list’s parameters in the URL', () => {
  it('go back to the first page when a filter changes, dropping blank filters', () => {
    const next = withFilters(new URLSearchParams('q=old&status=shipped&page=4'), { q: 'ada', status: '' });
    expect(next.toString()).toBe('q=ada');
  });

  it('read a page only when it is one a list serves', () => {
    expect(pageParam('3')).toBe(3);
    expect(pageParam(null)).toBe(1);
    expect(pageParam('0')).toBe(1);
    expect(pageParam('2.5')).toBe(1);
    expect(pageParam('501')).toBe(1);
  });
});
