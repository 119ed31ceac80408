import { describe, expect, it } from 'vitest';
import { errorCode, opsAccessCalls, opsRedemptionCalls, opsUserCalls } from '@taice/contract';
import { ApiError } from '../../shared/api/client';
import { gateOf, mayCall, type AuthStatus } from './access';

const now = Date.parse('2026-11-26T12:00:00Z');
const status = (change: Partial<AuthStatus> = {}): AuthStatus => ({
  roles: ['support'],
  totp_enrolled: true,
  verified_until: '2026-11-26T12:30:00Z',
  ...change,
});

describe('the console gate', () => {
  it('asks a visitor to log in, whatever else is known', () => {
    expect(gateOf({ loggedIn: false, status: status(), now })).toBe('visitor');
  });

  it('turns a member without a role away, and offers a retry for any other failure', () => {
    const forbidden = new ApiError(errorCode('forbidden'), 'Forbidden');
    expect(gateOf({ loggedIn: true, error: forbidden, now })).toBe('not_operator');
    expect(gateOf({ loggedIn: true, error: new ApiError(-1, 'offline'), now })).toBe('failed');
    expect(gateOf({ loggedIn: true, now })).toBe('checking');
  });

  it('enrols an operator without an authenticator, then asks a code until the session is verified', () => {
    expect(gateOf({ loggedIn: true, status: status({ totp_enrolled: false, verified_until: null }), now })).toBe(
      'enrol',
    );
    expect(gateOf({ loggedIn: true, status: status({ verified_until: null }), now })).toBe('verify');
    expect(gateOf({ loggedIn: true, status: status(), now })).toBe('open');
  });

  it('asks the code again once the verification has run out', () => {
    expect(gateOf({ loggedIn: true, status: status(), now: Date.parse('2026-11-26T12:30:00Z') })).toBe('verify');
  });
});

describe('what an operator may do', () => {
  it('follows the roles the contract names for each call', () => {
    expect(mayCall(opsUserCalls.opsBalanceAdjust, ['support'])).toBe(false);
    expect(mayCall(opsUserCalls.opsBalanceAdjust, ['admin'])).toBe(true);
    expect(mayCall(opsUserCalls.opsUserSearch, ['support'])).toBe(true);
    expect(mayCall(opsAccessCalls.opsRoleGrant, ['support'])).toBe(false);
    expect(mayCall(opsRedemptionCalls.opsOrderShip, ['support'])).toBe(true);
    expect(mayCall(opsRedemptionCalls.opsOrderShip, [])).toBe(false);
  });

  it('keeps a call that names no roles for admins', () => {
    expect(mayCall({}, ['support'])).toBe(false);
    expect(mayCall({}, ['admin'])).toBe(true);
  });
});
