import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { s3Multipart, type S3Multipart } from './s3-multipart';

/**
 * Where uploaded and generated files live. Keys are paths like
 * `avatars/12/ab3f.webp`; `publicUrl` is where browsers fetch them. A key's
 * content never changes once written (new content gets a new key), so files
 * are served with a year-long immutable cache.
 */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `file` (streamed, for videos). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** Removes `key`; removing a missing key is not an error. */
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
}

/** The storage of the configured driver, and the local folder served on `/media/`. */
export type ConfiguredStorage = Storage & {
  driver: 'local' | 's3';
  /** Files of the local driver, served by the server on `/media/` (unused, and empty, with S3). */
  root: string;
  /** Multipart uploads the browser sends straight to the bucket (S3 only; decision 055). */
  multipart: S3Multipart | null;
};

/** Cache-Control of stored files (keys never change content). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.json': 'application/json',
};

/** The content type of a stored file, from its name. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const KEY = /^[A-Za-z0-9_][A-Za-z0-9_.\-/]*$/;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`bad storage key: ${key}`);
  }
  return key;
}

/** Files under a local directory, served by the server itself on `/media/`. */
export function localStorage(root: string): Storage & { root: string } {
  const fileOf = (key: string) => {
    const file = path.join(root, checkKey(key));
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return file;
  };
  // Written beside the target and renamed, so a file is never served half-written.
  async function place(key: string, write: (tmp: string) => Promise<void>) {
    const file = fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await write(tmp);
      await fsp.rename(tmp, file);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }
  return {
    root,
    put: (key, data) => place(key, (tmp) => fsp.writeFile(tmp, data)),
    putFile: (key, source) => place(key, (tmp) => fsp.copyFile(source, tmp, fs.constants.COPYFILE_FICLONE)),
    async get(key) {
      try {
        return await fsp.readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        return (await fsp.stat(fileOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      return `/media/${key}`;
    },
  };
}

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...); AWS S3 when unset. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Both or neither; the AWS default credential chain when neither. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Base URL browsers fetch keys from (a CDN or the bucket's public URL); derived from the endpoint when unset. */
  publicUrl?: string;
}

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** The bucket's own URL, for when no public URL is configured. */
function bucketUrl(o: S3StorageOptions): string {
  if (!o.endpoint) return `https://${o.bucket}.s3.${o.region}.amazonaws.com`;
  const endpoint = new URL(o.endpoint);
  const base = endpoint.origin + endpoint.pathname.replace(/\/+$/, '');
  return o.forcePathStyle ? `${base}/${o.bucket}` : `${endpoint.protocol}//${o.bucket}.${endpoint.host}`;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Objects in an S3-compatible bucket; browsers fetch them from the bucket or a CDN in front of it. */
export function s3Storage(options: S3StorageOptions): Storage & { client: S3Client; multipart: S3Multipart } {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: many S3-compatible services reject the newer trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;
  const base = (options.publicUrl ?? bucketUrl(options)).replace(/\/+$/, '');
  const putObject = (key: string, body: Buffer | fs.ReadStream, contentType: string, length: number) =>
    client.send(
      new PutObjectCommand({
        Bucket,
        Key: checkKey(key),
        Body: body,
        ContentType: contentType,
        ContentLength: length,
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  return {
    client,
    multipart: s3Multipart(client, Bucket),
    async put(key, data, contentType) {
      await putObject(key, data, contentType, data.length);
    },
    async putFile(key, file, contentType) {
      const { size } = await fsp.stat(file);
      await putObject(key, fs.createReadStream(file), contentType, size);
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    publicUrl(key) {
      return `${base}/${encodeKey(key)}`;
    },
  };
}

type StorageConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ENDPOINT'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_PUBLIC_URL'
>;

/** The storage the configuration asks for: S3 when `S3_BUCKET` is set, else `DATA_DIR/storage` on local disk. */
export function createStorage(config: StorageConfig): ConfiguredStorage {
  const root = path.join(config.DATA_DIR, 'storage');
  if (!config.S3_BUCKET) return { driver: 'local', multipart: null, ...localStorage(root) };
  const s3 = s3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    publicUrl: config.S3_PUBLIC_URL,
  });
  return {
    driver: 's3',
    root,
    put: s3.put,
    putFile: s3.putFile,
    get: s3.get,
    exists: s3.exists,
    remove: s3.remove,
    publicUrl: s3.publicUrl,
    multipart: s3.multipart,
  };
}
