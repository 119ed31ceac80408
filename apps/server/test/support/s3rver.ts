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
