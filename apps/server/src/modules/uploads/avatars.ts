import { randomBytes } from 'node:crypto';
import { AVATAR_MAX_BYTES } from '@taice/contract';
import { AppError } from '../../platform/http/app-error';
import type { Sharp } from 'sharp';
import type { Storage } from '../../platform/media/storage';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const AVATAR_SIZE = 256;

const prefixOf = (userId: number) => `avatars/${userId}/`;
const coverPrefixOf = (userId: number) => `covers/${userId}/`;
const COVER_MAX_WIDTH = 1280;
const COVER_MAX_HEIGHT = 1280;

/**
 * Decodes `data` as a JPEG, PNG, WebP or GIF image (checked by decoding, not by the declared type), applies
 * `shape` and stores it as WebP under `prefix`; answers its public URL.
 */
async function storeImage(storage: Storage, prefix: string, data: Buffer, shape: (image: Sharp) => Sharp) {
  if (data.length === 0) throw new AppError('upload_type');
  if (data.length > AVATAR_MAX_BYTES) throw new AppError('upload_too_large', { mb: AVATAR_MAX_BYTES / 1024 / 1024 });
  let webp: Buffer;
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(data, { limitInputPixels: 40_000_000 });
    const { format } = await image.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('upload_type');
    webp = await shape(image.rotate()).webp({ quality: 82 }).toBuffer();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('upload_type');
  }
  const key = `${prefix}${randomBytes(12).toString('hex')}.webp`;
  await storage.put(key, webp, 'image/webp');
  return storage.publicUrl(key);
}

/** Avatars are stored as a 256 px WebP square; video covers keep their proportions, at most 1280 px. */
export function createAvatars(storage: Storage) {
  return {
    store(userId: number, data: Buffer): Promise<string> {
      return storeImage(storage, prefixOf(userId), data, (image) =>
        image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }),
      );
    },

    /** A video cover (storePost's `cover_url`). */
    storeCover(userId: number, data: Buffer): Promise<string> {
      return storeImage(storage, coverPrefixOf(userId), data, (image) =>
        image.resize(COVER_MAX_WIDTH, COVER_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true }),
      );
    },

    /** The storage key of a cover this user uploaded, or null when `url` is not one. */
    ownCoverKey(userId: number, url: string): string | null {
      const prefix = storage.publicUrl(coverPrefixOf(userId));
      const name = url.slice(prefix.length);
      return url.startsWith(prefix) && /^[0-9a-f]{24}\.webp$/.test(name) ? `${coverPrefixOf(userId)}${name}` : null;
    },

    /** Whether `url` is an avatar this user uploaded (profiles only point at our own files). */
    isOwn(userId: number, url: string): boolean {
      const prefix = storage.publicUrl(prefixOf(userId));
      return url.startsWith(prefix) && /^[0-9a-f]{24}\.webp$/.test(url.slice(prefix.length));
    },
  };
}

export type Avatars = ReturnType<typeof createAvatars>;
