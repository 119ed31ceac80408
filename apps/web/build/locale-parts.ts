// A language file imported with `?texts=first` gives only the sections the first screen shows; with
// `?texts=rest`, all the others (src/shared/i18n/first-screen-texts.ts). Dev, tests and the build alike.
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const PART = /^(.*\/shared\/i18n\/locales\/[a-z]+\.json)\?texts=(first|rest)$/;

export function localeParts(firstSections: readonly string[]): Plugin {
  const first = new Set(firstSections);
  return {
    name: 'taice:locale-parts',
    enforce: 'pre',
    async load(id) {
      const match = PART.exec(id);
      if (!match) return null;
      const [, file, part] = match as unknown as [string, string, 'first' | 'rest'];
      this.addWatchFile(file);
      const texts = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const picked = Object.fromEntries(
        Object.entries(texts).filter(([section]) => first.has(section) === (part === 'first')),
      );
      // A module, not JSON: the JSON plugin leaves ids with a query alone. JSON.parse of a string is the quickest to load.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`, moduleType: 'js' };
    },
  };
}
