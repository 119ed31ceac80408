import { POOL_MAX_SLOTS, POOL_MAX_TOTAL, POOL_MAX_WATCH_SECONDS } from '@taice/contract';

export interface PoolForm {
  type: number;
  total: string;
  amount: string;
  watchSeconds: string;
  /** `datetime-local` value, '' for none. */
  endAt: string;
}

export type PoolField = 'total' | 'amount' | 'watchSeconds' | 'endAt';
/** Text keys of what is wrong with each field. */
export type PoolProblems = Partial<Record<PoolField, string>>;

const hundredths = (text: string) => Math.round(Number(text) * 100);
const isAmount = (text: string) => /^\d+(\.\d{1,2})?$/.test(text.trim()) && Number(text) > 0;

/** How many viewers the form's pool pays, when total and amount make sense. */
export function slotsOf(form: PoolForm): number | null {
  if (!isAmount(form.total) || !isAmount(form.amount)) return null;
  const total = hundredths(form.total);
  const amount = hundredths(form.amount);
  return total % amount === 0 ? total / amount : null;
}

/**
 * The form's problems before it is sent, as text keys (the server checks all of it again and says why in
 * its own words): amounts of at most 2 decimals, a total that is a whole number of rewards, seconds within
 * the video, an end in the future.
 */
export function poolProblems(form: PoolForm, fixedWatch: boolean, duration: number | undefined, now: number) {
  const problems: PoolProblems = {};
  if (!isAmount(form.total) || Number(form.total) > POOL_MAX_TOTAL) problems.total = 'pools.form.badAmount';
  if (!isAmount(form.amount)) problems.amount = 'pools.form.badAmount';
  else if (!problems.total) {
    const slots = slotsOf(form);
    if (hundredths(form.amount) > hundredths(form.total)) problems.amount = 'pools.form.amountOverTotal';
    else if (slots === null) problems.total = 'pools.form.notMultiple';
    else if (slots > POOL_MAX_SLOTS) problems.total = 'pools.form.tooManyViewers';
  }
  if (!fixedWatch) {
    const seconds = Number(form.watchSeconds);
    const max = Math.min(POOL_MAX_WATCH_SECONDS, duration ? Math.floor(duration) : POOL_MAX_WATCH_SECONDS);
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > max || form.watchSeconds.trim() === '')
      problems.watchSeconds = 'pools.form.badSeconds';
  }
  if (form.endAt && !(new Date(form.endAt).getTime() > now + 60_000)) problems.endAt = 'pools.form.badEnd';
  return problems;
}

/** The envelope codes of the server's refusals that belong to one field of the form. */
export const REFUSAL_FIELDS: Record<number, PoolField> = {
  20104: 'total',
  20105: 'total',
  20106: 'watchSeconds',
  20107: 'watchSeconds',
  20108: 'endAt',
};
