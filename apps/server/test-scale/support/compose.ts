import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { serverRoot } from '../../src/platform/process/paths';

export const deployDir = path.resolve(serverRoot, '../../deploy');

export interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

export function readCompose(): ComposeFile {
  return parse(fs.readFileSync(path.join(deployDir, 'compose.yaml'), 'utf8')) as ComposeFile;
}

/** The `${NAME:?message}` and `${NAME:-default}` variables a Compose value names. */
export function variablesOf(value: string): { name: string; required: boolean; fallback?: string }[] {
  return [...value.matchAll(/\$\{(\w+)(?::([?-])([^}]*))?\}/g)].map(([, name, kind, rest]) => ({
    name: name!,
    required: kind === '?',
    ...(kind === '-' ? { fallback: rest } : {}),
  }));
}

/** Fills in Compose's variables the way `docker compose` does from `deploy/.env`. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_whole, name: string, kind?: string, rest?: string) => {
    const given = vars[name];
    if (given !== undefined) return given;
    if (kind === '-') return rest ?? '';
    throw new Error(`compose.yaml needs ${name}; the test gives no value for it`);
  });
}

/**
 * The app service's environment as Compose would give it, with `vars` as deploy/.env. A URL naming another
 * service (postgres, redis, minio) is replaced by the address of the test's stand-in for it; every other
 * setting is the Compose file's own, so the processes under test cannot drift from the deployment.
 */
export function appEnvironment(
  compose: ComposeFile,
  vars: Record<string, string>,
  standIns: Record<string, string>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, raw] of Object.entries(compose.services.app?.environment ?? {})) {
    const value = interpolate(String(raw), vars);
    const host = URL.canParse(value) ? new URL(value).hostname : '';
    if (host in compose.services) {
      const standIn = standIns[host];
      if (!standIn) throw new Error(`${key} names the ${host} service, which the test has no stand-in for`);
      env[key] = standIn;
    } else {
      env[key] = value;
    }
  }
  return env;
}
