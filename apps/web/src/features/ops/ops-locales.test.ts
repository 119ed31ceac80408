import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import cn from './locales/cn.json';
import tw from './locales/tw.json';
import { flattenTexts } from '../../shared/i18n/text-tree';

const locales = { en: flattenTexts(en), cn: flattenTexts(cn), tw: flattenTexts(tw) };

describe('the console’s texts', () => {
  it('have the same keys in English, Simplified and Traditional Chinese, none empty, placeholders kept', () => {
    const keys = [...locales.en.keys()].sort();
    for (const other of [locales.cn, locales.tw]) {
      expect([...other.keys()].sort()).toEqual(keys);
      for (const [key, text] of locales.en) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), key).not.toBe('');
        const names = (t: string) => (t.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(names(translated), key).toEqual(names(text));
      }
    }
  });

  it('are kept apart from the members’ app: nothing outside the console loads them', () => {
    const src = path.resolve(__dirname, '../..');
    const outside = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (full === __dirname) return [];
        if (entry.isDirectory()) return outside(full);
        return /\.tsx?$/.test(entry.name) && fs.readFileSync(full, 'utf8').includes('features/ops/') ? [full] : [];
      });
    expect(outside(src).map((file) => path.relative(src, file))).toEqual(['app/routes.tsx']);
  });
});
