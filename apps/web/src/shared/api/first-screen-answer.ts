import { FIRST_SCREEN_ANSWER_ID, type ApiLang, type CallDef, type FirstScreenAnswer } from '@taice/contract';
import type { z } from 'zod';

/** The answer the page came with: read once, then `null` (used, or there was none). */
let pending: FirstScreenAnswer | null | undefined;

function readAnswer(): FirstScreenAnswer | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_ANSWER_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as FirstScreenAnswer;
  } catch {
    return null;
  }
}

function sameQuery(a: Record<string, string | number>, b: Record<string, string | number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => String(a[key]) === String(b[key]));
}

/**
 * The answer to `def` that the server sent inside the page (decision 062), if it is the answer to this query in
 * this language; it serves once, for the first screen, and later asks go to the server.
 */
export function takeFirstScreenAnswer<D extends z.ZodType>(
  def: CallDef<z.ZodType | undefined, z.ZodType | undefined, D>,
  query: Record<string, string | number>,
  lang: ApiLang,
): z.output<D> | undefined {
  if (pending === undefined) pending = readAnswer();
  const answer = pending;
  if (!answer || answer.path !== def.path || answer.lang !== lang || !sameQuery(answer.query, query)) return undefined;
  pending = null;
  return answer.data as z.output<D>;
}
