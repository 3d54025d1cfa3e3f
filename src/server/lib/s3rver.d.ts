/**
 * The part of @20minutes/s3rver (a fake S3 server, used by s3-store.test.ts) that the tests use;
 * the package ships no types.
 */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    /** 0 = any free port */
    port?: number;
    silent?: boolean;
    /** where the buckets are kept on disk */
    directory?: string;
    /** accept requests whose SigV4 signature does not match */
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** starts listening; resolves with the bound address */
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
