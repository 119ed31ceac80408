import { randomHex } from './random';
import { readStorage, storageKeys, writeStorage } from './storage';

let cached: string | null = null;

/** One id per browser, made on first use and kept across logouts. */
export function deviceId(): string {
  if (cached) return cached;
  const stored = readStorage(storageKeys.deviceId);
  if (stored && /^[A-Za-z0-9_.:-]{1,128}$/.test(stored)) {
    cached = stored;
  } else {
    cached = `web-${randomHex(16)}`;
    writeStorage(storageKeys.deviceId, cached);
  }
  return cached;
}
