import { hash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { SIGN_FIELDS, SIGN_WINDOW_SECONDS, type SignParams } from '@taice/contract';
import { AppError } from './app-error';
import type { Clock } from '../time/clock';
import type { NonceStore } from '../state/shared-state';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by `registerCall` on every call of the contract: such requests must be signed. */
    signed?: boolean;
  }
}

const NONCE = /^[A-Za-z0-9_-]{8,64}$/;
const TIMESTAMP = /^\d{9,11}$/;
const DEVICE_ID = /^[A-Za-z0-9_.:-]{1,128}$/;

function signSource(request: FastifyRequest): Record<string, unknown> | null {
  const source = request.method === 'GET' || request.method === 'HEAD' ? request.query : request.body;
  return source && typeof source === 'object' ? (source as Record<string, unknown>) : null;
}

/** Takes the signing fields out of the query or body, so handlers only see their own input. */
function takeSignParams(source: Record<string, unknown> | null): Partial<SignParams> {
  const params: Partial<SignParams> = {};
  if (!source) return params;
  for (const field of SIGN_FIELDS) {
    const value = source[field];
    if (typeof value === 'string') params[field] = value;
    else if (typeof value === 'number') params[field] = String(value);
    delete source[field];
  }
  return params;
}

/** The contract's `computeSign`: hex SHA-256 of timestamp + nonce + secret, by Node's one-shot hash. */
function expectedSign(timestamp: string, nonce: string, secret: string): string {
  return hash('sha256', `${timestamp}${nonce}${secret}`);
}

function sameHex(sent: string, expected: string): boolean {
  const given = Buffer.from(sent.toLowerCase());
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

interface SigningOptions {
  secret: string;
  clock: Clock;
  nonces: NonceStore;
}

export const requestSigning = fp<SigningOptions>(
  async (app, { secret, clock, nonces }) => {
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.signed !== true) return;

      const params = takeSignParams(signSource(request));
      const { timestamp, nonce, sign, device_id: deviceId } = params;
      if (!timestamp || !nonce || !sign || !deviceId) throw new AppError('sign_missing');
      if (!TIMESTAMP.test(timestamp) || !NONCE.test(nonce) || !DEVICE_ID.test(deviceId)) {
        throw new AppError('sign_invalid');
      }
      const skew = Math.abs(clock.now().getTime() / 1000 - Number(timestamp));
      if (skew > SIGN_WINDOW_SECONDS) throw new AppError('sign_expired');
      if (!sameHex(sign, expectedSign(timestamp, nonce, secret))) throw new AppError('sign_invalid');
      // Remembered for twice the window: long enough to outlive any timestamp still accepted.
      if (!(await nonces.claim(nonce, SIGN_WINDOW_SECONDS * 2))) throw new AppError('sign_replayed');
      request.ctx.deviceId = deviceId;
    });
  },
  { name: 'request-signing', dependencies: ['request-context'] },
);
