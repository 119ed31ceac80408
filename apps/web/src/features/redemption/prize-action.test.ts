import { describe, expect, it } from 'vitest';
import { prizeAction } from './prize-action';

describe('prizeAction', () => {
  it('lets a member who can afford an available prize redeem it', () => {
    expect(prizeAction({ availability: 'available', can_afford: true }, true)).toBe('redeem');
  });

  it('tells a member who cannot afford it to earn more', () => {
    expect(prizeAction({ availability: 'available', can_afford: false }, true)).toBe('insufficient');
  });

  it('asks a visitor to log in before anything else', () => {
    expect(prizeAction({ availability: 'available', can_afford: false }, false)).toBe('login');
  });

  it('puts the prize’s own state before the viewer’s', () => {
    for (const availability of ['sold_out', 'not_started', 'ended', 'limit_reached'] as const) {
      expect(prizeAction({ availability, can_afford: true }, true)).toBe(availability);
      expect(prizeAction({ availability, can_afford: false }, false)).toBe(availability);
    }
  });
});
