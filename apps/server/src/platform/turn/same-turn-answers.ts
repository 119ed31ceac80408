import { serializeOnce } from '../http/serialization';

/**
 * One answer for identical requests of one event-loop turn (decision 026). Under load the requests
 * whose data arrived together are handled in one turn; those asking the same question (a visitor's
 * search for a popular keyword, say) get one answer, made once and marked by `serializeOnce`, so it is also checked and
 * written to JSON once. Nothing is kept past the turn: a request of a later turn gets an answer of its
 * own, as fresh as it would be without sharing.
 */
export function sameTurnAnswers<T extends object>(): (key: string, make: () => Promise<T>) => Promise<T> {
  let asked: Map<string, Promise<T>> | null = null;
  return (key, make) => {
    if (!asked) {
      asked = new Map();
      setImmediate(() => {
        asked = null;
      });
    }
    let answer = asked.get(key);
    if (!answer) {
      answer = make().then(serializeOnce);
      asked.set(key, answer);
    }
    return answer;
  };
}
