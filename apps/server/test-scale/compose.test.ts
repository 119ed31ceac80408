import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { appEnvironment, deployDir, readCompose, variablesOf } from './support/compose';

const compose = readCompose();
const exampleEnv = parseEnv(fs.readFileSync(path.join(deployDir, 'example.env'), 'utf8'));

describe('the deployment example (deploy/compose.yaml)', () => {
  it('runs two app replicas behind a load balancer, on PostgreSQL 15, Redis and an S3 bucket', () => {
    const { services } = compose;
    expect(services.app?.deploy?.replicas).toBe(2);
    expect(services.postgres?.image).toMatch(/^postgres:15\b/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(services.minio?.image).toMatch(/^minio\/minio:/);
    for (const [name, service] of Object.entries(services)) {
      for (const needed of Object.keys(service.depends_on ?? {})) {
        expect(Object.keys(services), `${name} depends on ${needed}`).toContain(needed);
      }
    }
  });

  it('points the load balancer at the app port', () => {
    const mount = compose.services.lb?.volumes?.find((v) => v.includes('nginx.conf'));
    expect(mount).toBeDefined();
    const conf = fs.readFileSync(path.resolve(deployDir, mount!.split(':')[0]!), 'utf8');
    expect(conf).toContain(`server app:${compose.services.app!.environment!.PORT} resolve;`);
  });

  it('names every secret it needs in deploy/example.env', () => {
    const required = Object.values(compose.services)
      .flatMap((s) => Object.values(s.environment ?? {}))
      .flatMap((value) => variablesOf(String(value)))
      .filter((v) => v.required)
      .map((v) => v.name);
    expect(required.length).toBeGreaterThan(0);
    for (const name of required) expect(Object.keys(exampleEnv)).toContain(name);
  });

  it('gives the app a configuration the server accepts in production', () => {
    const env = appEnvironment(
      compose,
      { POSTGRES_PASSWORD: 'pw', APP_SECRET: 'a-secret-of-our-own', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
      { postgres: 'postgres://db/taice', redis: 'redis://cache:6379', minio: 'http://bucket:9000' },
    );
    const config = loadConfig(env);
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/taice',
      REDIS_URL: 'redis://cache:6379',
      S3_ENDPOINT: 'http://bucket:9000',
      TRUST_PROXY: true,
    });
    expect(config.JOBS_CONCURRENCY).toBeGreaterThan(0);
  });
});
