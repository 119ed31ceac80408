import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toBe(path.resolve('./data'));
    expect(config.SEED_DEMO).toBe(true);
  });

  it('runs jobs in every process unless told otherwise, and in tests only when asked', () => {
    expect(loadConfig({}).JOBS_CONCURRENCY).toBe(2);
    expect(loadConfig({ JOBS_CONCURRENCY: '0' }).JOBS_CONCURRENCY).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).JOBS_CONCURRENCY).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', JOBS_CONCURRENCY: '1' }).JOBS_CONCURRENCY).toBe(1);
    expect(() => loadConfig({ JOBS_CONCURRENCY: '-1' })).toThrow(/JOBS_CONCURRENCY/);
  });

  it('stops with a message naming each bad value', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SEED_DEMO: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a URL starting with postgres: or postgresql://');
      expect(message).toContain('LOG_LEVEL');
      expect(message).toContain('SEED_DEMO');
    }
  });

  it('needs its own secret and its public address in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://taice.test' })).toThrow(/APP_SECRET/);
    const noAddress = () => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'a-production-secret-of-ours' });
    expect(noAddress).toThrow(/PUBLIC_URL: must be set in production/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-ours',
      PUBLIC_URL: 'https://taice.test',
    });
    expect(ok.PUBLIC_URL).toBe('https://taice.test');
  });

  it('reads lists and flags', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example', TRUST_PROXY: '1' });
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(config.TRUST_PROXY).toBe(true);
  });
});
