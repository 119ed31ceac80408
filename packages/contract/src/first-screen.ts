import type { ApiLang } from './lang';

/** The element of the page in which the server sends the first screen's answer (decision 062). */
export const FIRST_SCREEN_ANSWER_ID = 'first-screen-answer';

/**
 * The answer a page's first call would get, sent inside the page so that the first screen renders without
 * waiting for it: the call's path and query, the language it is in, and the call's data as a visitor sees it.
 */
export interface FirstScreenAnswer {
  path: string;
  query: Record<string, string | number>;
  lang: ApiLang;
  data: unknown;
}
