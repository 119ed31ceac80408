import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals the Google tokens kept for YouTube sync (AES-256-GCM, a key derived from APP_SECRET with
 * HKDF): a copy of the table, a backup or a log line is no key to anyone's channel. Each sealed
 * value is bound to its owner (`owner` is the additional data), so a token moved to another user's
 * row does not open there.
 */
export function createTokenBox(appSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'taice', 'youtube tokens', 32));
  return {
    seal(owner: string, plain: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(owner));
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        VERSION,
        iv.toString('base64url'),
        sealed.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
      ].join('.');
    },

    /** The token, or null when the value was not sealed for `owner` with this key (a changed APP_SECRET). */
    open(owner: string, value: string): string | null {
      const [version, iv, sealed, tag] = value.split('.');
      if (version !== VERSION || !iv || !sealed || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(owner));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export type TokenBox = ReturnType<typeof createTokenBox>;
