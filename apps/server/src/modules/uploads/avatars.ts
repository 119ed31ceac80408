import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Storage } from '../../platform/media/storage';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const AVATAR_SIZE = 256;

const prefixOf = (userId: number) => `avatars/${userId}/`;

/**
 * Avatars: the bytes must decode as a JPEG, PNG, WebP or GIF image (checked by
 * decoding, not by the declared type); they are stored as a 256 px WebP square.
 */
export function createAvatars(storage: Storage) {
  return {
    async store(userId: number, data: Buffer): Promise<string> {
      if (data.length === 0) throw new AppError('upload_type');
      if (data.length > AVATAR_MAX_BYTES)
        throw new AppError('upload_too_large', { mb: AVATAR_MAX_BYTES / 1024 / 1024 });
      let webp: Buffer;
      const { default: sharp } = await import('sharp');
      try {
        const image = sharp(data, { limitInputPixels: 40_000_000 });
        const { format } = await image.metadata();
        if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('upload_type');
        webp = await image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError('upload_type');
      }
      const key = `${prefixOf(userId)}${randomBytes(12).toString('hex')}.webp`;
      await storage.put(key, webp, 'image/webp');
      return storage.publicUrl(key);
    },

    /** Whether `url` is an avatar this user uploaded (profiles only point at our own files). */
    isOwn(userId: number, url: string): boolean {
      const prefix = storage.publicUrl(prefixOf(userId));
      return url.startsWith(prefix) && /^[0-9a-f]{24}\.webp$/.test(url.slice(prefix.length));
    },
  };
}

export type Avatars = ReturnType<typeof createAvatars>;
