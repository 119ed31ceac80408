import { createHmac, timingSafeEqual } from 'node:crypto';

export type UploadKind = 'avatar' | 'cover';

export interface UploadGrant {
  userId: number;
  kind: UploadKind;
  /** Unix milliseconds. */
  expiresAt: number;
}

/**
 * A grant to upload one kind of file, signed with the app secret: like a
 * presigned URL, it needs no other credential and expires on its own.
 */
export function createUploadGrants(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    issue(grant: UploadGrant): string {
      const payload = Buffer.from(JSON.stringify(grant)).toString('base64url');
      return `${payload}.${mac(payload)}`;
    },
    /** The grant, if the token is authentic and not expired at `now`. */
    verify(token: string, now: Date): UploadGrant | null {
      const [payload, signature] = token.split('.');
      if (!payload || !signature) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const grant = JSON.parse(Buffer.from(payload, 'base64url').toString()) as UploadGrant;
        return grant.expiresAt > now.getTime() ? grant : null;
      } catch {
        return null;
      }
    },
  };
}

export type UploadGrants = ReturnType<typeof createUploadGrants>;
