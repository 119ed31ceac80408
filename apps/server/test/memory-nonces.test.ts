import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryNonces } from '../src/platform/state/shared-state';

// The signing window's nonces when no Redis is configured: one process remembers what it has seen.
describe('nonces remembered in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const later = (seconds: number) => vi.setSystemTime(Date.now() + seconds * 1000);

  it('refuses a nonce for at least its time to live, however the generations turn', async () => {
    const nonces = memoryNonces();
    expect(await nonces.claim('first', 600)).toBe(true);
    later(590);
    expect(await nonces.claim('late', 600)).toBe(true);
    later(20); // the first generation ends here, its nonces are still refused
    expect(await nonces.claim('first', 600)).toBe(false);
    later(580); // 590 s after 'late' was claimed
    expect(await nonces.claim('late', 600)).toBe(false);
    later(30); // a second turn: 'first' is 1,220 s old and forgotten, 'late' outlived its 600 s too
    expect(await nonces.claim('first', 600)).toBe(true);
    expect(await nonces.claim('late', 600)).toBe(true);
  });

  it('keeps at most two full generations, so a flood cannot exhaust memory', async () => {
    const nonces = memoryNonces(3);
    for (const n of ['a', 'b', 'c', 'd', 'e', 'f']) expect(await nonces.claim(n, 600)).toBe(true);
    // 'a'..'c' filled the first generation, 'd'..'f' the second: all still refused
    for (const n of ['a', 'b', 'c', 'd', 'e', 'f']) expect(await nonces.claim(n, 600)).toBe(false);
    expect(await nonces.claim('g', 600)).toBe(true);
    // a third generation started with 'g': the oldest is dropped
    expect(await nonces.claim('a', 600)).toBe(true);
    expect(await nonces.claim('f', 600)).toBe(false);
  });
});
