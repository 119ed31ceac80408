import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, randomBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Request signing (spec section 7). Every request carries `timestamp` (Unix
 * seconds), `nonce`, `sign` and `device_id`: in the query string for GET and in
 * the body otherwise. `sign` = lower-case hex SHA-256 of timestamp + nonce +
 * secret, concatenated without separators. The secret ships in the client, so
 * this guards against replay and tampering in transit, not against a
 * determined client; the bearer token is what authenticates.
 */
export const SIGN_FIELDS = ['timestamp', 'nonce', 'sign', 'device_id'] as const;
export type SignField = (typeof SIGN_FIELDS)[number];
export type SignParams = Record<SignField, string>;

/** How far a request's timestamp may be from the server clock, and how long a nonce is remembered. */
export const SIGN_WINDOW_SECONDS = 300;

/** The secret of development builds; production sets its own on both sides. */
export const DEFAULT_SIGN_SECRET = 'taice-dev-sign-secret';

export function computeSign(timestamp: string, nonce: string, secret: string): string {
  return bytesToHex(sha256(utf8ToBytes(`${timestamp}${nonce}${secret}`)));
}

/** A fresh random nonce (24 hex digits), from the platform's secure random source. */
export function newNonce(): string {
  return bytesToHex(randomBytes(12));
}

/** The four signed parameters; by default signed now, with a fresh nonce. */
export function signParams(secret: string, deviceId: string, nowMs = Date.now(), nonce = newNonce()): SignParams {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { timestamp, nonce, sign: computeSign(timestamp, nonce, secret), device_id: deviceId };
}
