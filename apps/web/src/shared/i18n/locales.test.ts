import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import cn from './locales/cn.json';
import tw from './locales/tw.json';
import { flattenTexts } from './text-tree';

const locales = { en: flattenTexts(en), cn: flattenTexts(cn), tw: flattenTexts(tw) };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('translations', () => {
  it('have the same keys in English, Simplified and Traditional Chinese', () => {
    const keys = [...locales.en.keys()].sort();
    expect([...locales.cn.keys()].sort()).toEqual(keys);
    expect([...locales.tw.keys()].sort()).toEqual(keys);
  });

  it('have no empty texts and keep every placeholder', () => {
    for (const [key, text] of locales.en) {
      const placeholders = (text.match(/\{\{\w+\}\}/g) ?? []).sort();
      for (const other of [locales.cn, locales.tw]) {
        const translated = other.get(key) ?? '';
        expect(translated.trim(), key).not.toBe('');
        expect((translated.match(/\{\{\w+\}\}/g) ?? []).sort(), key).toEqual(placeholders);
      }
    }
  });

  it('cover every key the code asks for', () => {
    const root = path.resolve(__dirname, '../..');
    const used = new Set<string>();
    const pattern = /(?:\bt\(|i18n\.t\(|label: |titleKey=\{?|title: )\s*['"`]([a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+)['"`]/g;
    for (const file of sourceFiles(root)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(pattern)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(30);
    const missing = [...used].filter((key) => !locales.en.has(key));
    expect(missing).toEqual([]);
  });
});
