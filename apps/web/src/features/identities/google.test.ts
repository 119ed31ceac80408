import { describe, expect, it } from 'vitest';
import { googleStartUrl, parseGoogleReturn } from './google';

describe('the Google return fragment', () => {
  it('reads a ticket and its intent', () => {
    expect(parseGoogleReturn('#google_ticket=abcdefghijklmnop1234&intent=login')).toEqual({
      ticket: 'abcdefghijklmnop1234',
      intent: 'login',
    });
    expect(parseGoogleReturn('#google_ticket=T0k3n-_x&intent=bind')).toEqual({ ticket: 'T0k3n-_x', intent: 'bind' });
  });

  it('treats a missing or unknown intent as a login', () => {
    expect(parseGoogleReturn('#google_ticket=abc')).toEqual({ ticket: 'abc', intent: 'login' });
    expect(parseGoogleReturn('#google_ticket=abc&intent=admin')).toEqual({ ticket: 'abc', intent: 'login' });
  });

  it('reads an error key', () => {
    expect(parseGoogleReturn('#google_error=provider_not_configured')).toEqual({ error: 'provider_not_configured' });
  });

  it('ignores fragments that are not a Google return', () => {
    expect(parseGoogleReturn('')).toBeNull();
    expect(parseGoogleReturn('#bind')).toBeNull();
    expect(parseGoogleReturn('#google_ticket=&intent=login')).toBeNull();
    expect(parseGoogleReturn('#tgWebAppData=query_id%3D1')).toBeNull();
  });
});

describe('the Google start address', () => {
  it('carries the intent and the page to come back to', () => {
    const url = new URL(googleStartUrl('bind', '/profile-edit?x=1&invite_code=ABCD'), 'http://site.test');
    expect(url.pathname).toBe('/api/frontend/auth/google');
    expect(url.searchParams.get('intent')).toBe('bind');
    expect(url.searchParams.get('return_to')).toBe('/profile-edit?x=1&invite_code=ABCD');
  });
});
