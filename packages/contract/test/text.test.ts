import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText, multiline } from '../src/index';

describe('the text rule', () => {
  it('refuses control characters and lone surrogates, takes any well-formed text', () => {
    for (const bad of ['\u0000', '\u0007', '\u001b', '\u007f', '\ud800', 'x\udc00', '\n', '\t']) {
      expect(isSafeText(`a${bad}b`), JSON.stringify(bad)).toBe(false);
    }
    expect(isSafeText('好 😀 café \u0085 ')).toBe(true);
    expect(isSafeText('one\r\n\ttwo', true)).toBe(true);
    expect(isSafeText('one\u0000two', true)).toBe(false);
  });

  it('finds the path of the first bad string, letting only multiline fields break lines', () => {
    const schema = z.object({
      note: multiline(z.string().trim().max(50)).optional(),
      items: z.array(z.object({ name: z.string() })).default([]),
      either: z.union([z.number(), multiline(z.string())]),
    });
    expect(findUnsafeText(schema, { note: 'a\nb', either: 'c\nd', items: [{ name: 'ok' }] })).toBeNull();
    expect(findUnsafeText(schema, { items: [{ name: 'ok' }, { name: 'a\nb' }] })).toEqual(['items', 1, 'name']);
    expect(findUnsafeText(schema, { extra: { deep: ['\u0000'] } })).toEqual(['extra', 'deep', 0]);
    expect(findUnsafeText(schema, { ['k\u0001']: 1 })).toEqual(['k\u0001']);
    expect(findUnsafeText(undefined, 'a\tb')).toEqual([]);
  });
});
