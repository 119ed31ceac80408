/** Translations as they are written: texts nested under their keys. */
export type TextTree = { [key: string]: string | TextTree };

/** Every text of a tree by its dotted key (`common.retry`). */
export function flattenTexts(tree: TextTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flattenTexts(value, full)) out.set(k, v);
  }
  return out;
}
