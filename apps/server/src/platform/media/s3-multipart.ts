import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

const UNABORTABLE = new Set(['NoSuchUpload', 'MethodNotAllowed', 'NotImplemented']);

/** One part the browser sent straight to the bucket, with the ETag the bucket answered. */
export interface SentPart {
  partNumber: number;
  etag: string;
}

/**
 * S3 multipart uploads whose parts the browser sends itself, each to a presigned URL (decision 055). The server
 * creates, completes and aborts them and reads the finished object back; it never carries the bytes on the way in.
 */
export function s3Multipart(client: S3Client, Bucket: string) {
  return {
    /** Starts a multipart upload of `key`; answers its UploadId. */
    async create(key: string): Promise<string> {
      const out = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key, ContentType: 'application/octet-stream' }),
      );
      if (!out.UploadId) throw new Error(`the bucket gave no UploadId for ${key}`);
      return out.UploadId;
    },

    /** A URL the browser PUTs part `partNumber` to, valid for `expiresSeconds`. */
    signPart(key: string, uploadId: string, partNumber: number, expiresSeconds: number): Promise<string> {
      return getSignedUrl(
        client,
        new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: partNumber }),
        {
          expiresIn: expiresSeconds,
        },
      );
    },

    async complete(key: string, uploadId: string, parts: SentPart[]): Promise<void> {
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    },

    /**
     * Drops an unfinished upload and its parts; one that is gone already is not an error, nor a service that
     * cannot abort (the s3rver stand-in): the bucket's lifecycle rule for incomplete uploads removes those parts.
     */
    async abort(key: string, uploadId: string): Promise<void> {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId })).catch((err) => {
        if (!UNABORTABLE.has((err as { name?: string }).name ?? '')) throw err;
      });
    },

    /** The object's size in bytes, or null when there is none. */
    async sizeOf(key: string): Promise<number | null> {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return out.ContentLength ?? 0;
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },

    /** Streams the object `key` into `file`. */
    async download(key: string, file: string): Promise<void> {
      const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      await pipeline(out.Body as Readable, fs.createWriteStream(file));
    },
  };
}

export type S3Multipart = ReturnType<typeof s3Multipart>;
