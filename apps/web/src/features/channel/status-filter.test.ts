import { describe, expect, it } from 'vitest';
import { parseId, parseStatus, statusValue } from './status-filter';

describe('the list filter in the URL', () => {
  it('reads known statuses and ids only', () => {
    expect(parseStatus('failed')).toBe('failed');
    expect(parseStatus('deleted')).toBeUndefined();
    expect(parseStatus(null)).toBeUndefined();
    expect(statusValue('taken_down')).toBe(2);
    expect(statusValue('processing')).toBe(4);
    expect(statusValue(undefined)).toBeUndefined();
    expect(parseId('12')).toBe(12);
    expect(parseId('0')).toBeUndefined();
    expect(parseId('1e3')).toBeUndefined();
    expect(parseId('99999999999')).toBeUndefined();
  });
});
