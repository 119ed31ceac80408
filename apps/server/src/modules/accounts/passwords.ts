import { hash, verify } from '@node-rs/argon2';

// Argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum recommendation).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against a real hash when no account matches keeps the response time the same.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash('no-such-account-timing-equaliser');
  try {
    const ok = await verify(passwordHash ?? (await dummyHash), password);
    return passwordHash !== null && ok;
  } catch {
    return false;
  }
}
