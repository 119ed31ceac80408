import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

/** The parts of s3rver (a local S3-compatible server, no types of its own) the tests use. */
export interface S3rver {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rver;
export const S3rverServer = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

/** A running s3rver with one bucket, and the settings that point the server at it. */
export async function startS3rver(directory: string, bucket: string) {
  const server = new S3rverServer({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver's fixed credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  return { server, endpoint, env };
}
