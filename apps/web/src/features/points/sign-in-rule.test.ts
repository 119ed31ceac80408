import { describe, expect, it } from 'vitest';
import { businessDay, shouldOfferSignIn } from './sign-in-rule';

describe('the sign-in pop-up rule (spec section 4)', () => {
  const today = '2026-03-14';
  it('offers the reward inside the messenger webview when it is pending', () => {
    expect(shouldOfferSignIn({ is_sign_in_reward: 1 }, { inWebview: true, dismissedDay: null, today })).toBe(true);
  });
  it('does not offer it in a browser, when nothing is pending, or after being closed today', () => {
    expect(shouldOfferSignIn({ is_sign_in_reward: 1 }, { inWebview: false, dismissedDay: null, today })).toBe(false);
    expect(shouldOfferSignIn({ is_sign_in_reward: 0 }, { inWebview: true, dismissedDay: null, today })).toBe(false);
    expect(shouldOfferSignIn(undefined, { inWebview: true, dismissedDay: null, today })).toBe(false);
    expect(shouldOfferSignIn({ is_sign_in_reward: 1 }, { inWebview: true, dismissedDay: today, today })).toBe(false);
    expect(shouldOfferSignIn({ is_sign_in_reward: 1 }, { inWebview: true, dismissedDay: '2026-03-13', today })).toBe(
      true,
    );
  });
  it('counts days in UTC+8', () => {
    expect(businessDay(Date.parse('2026-03-14T15:59:59Z'))).toBe('2026-03-14');
    expect(businessDay(Date.parse('2026-03-14T16:00:00Z'))).toBe('2026-03-15');
  });
});
