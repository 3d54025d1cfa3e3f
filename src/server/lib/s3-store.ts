/**
 * Uploads in an S3-compatible bucket (issue 8 §7, STORAGE=s3): AWS S3, MinIO, Ceph RGW, Garage,
 * and the like, through @aws-sdk/client-s3. Objects are `prefix + stored name` with the sniffed
 * content type. A PutObject is atomic (the object exists whole or not at all), so a failed
 * upload leaves nothing partial; a full bucket or quota (HTTP 507, MinIO's XMinioStorageFull,
 * QuotaExceeded) is the same generic 507 as a full disk.
 *
 * Checksums are sent only where S3 requires them (`WHEN_REQUIRED`): several S3-compatible
 * servers reject the SDK's default CRC32 trailers.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.js';
import { AppError } from '../errors.js';
import {
  type CheckedFile,
  type FileStore,
  newStoredName,
  STORED_NAME,
  storageFull,
} from './storage.js';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** S3 error codes that mean "no room", answered as 507. */
const FULL_CODES = new Set(['XMinioStorageFull', 'QuotaExceeded', 'InsufficientStorage']);

function status(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  return (
    status(err) === 404 ||
    (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound'))
  );
}

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(cfg: S3Config, client?: S3Client) {
    this.bucket = cfg.bucket;
    this.prefix = cfg.prefix;
    this.client =
      client ??
      new S3Client({
        region: cfg.region,
        endpoint: cfg.endpoint,
        forcePathStyle: cfg.forcePathStyle,
        credentials: cfg.credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      });
  }

  /** See FileStore.save. @throws AppError 507 when the bucket or quota is full */
  async save(file: CheckedFile): Promise<string> {
    const name = newStoredName(file.ext);
    try {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: this.key(name),
          Body: file.data,
          ContentType: file.mime,
          ContentLength: file.data.length,
        }),
      );
    } catch (err) {
      if (status(err) === 507 || (err instanceof Error && FULL_CODES.has(err.name))) {
        throw storageFull();
      }
      throw err;
    }
    return name;
  }

  async read(storedName: string): Promise<Buffer> {
    const body = await this.get(storedName);
    return Buffer.from(await body.transformToByteArray());
  }

  async stream(storedName: string): Promise<Readable> {
    const body = await this.get(storedName);
    // In Node the SDK's body is an IncomingMessage (a Readable) mixed with helpers.
    return body instanceof Readable ? body : Readable.from(await body.transformToByteArray());
  }

  async exists(storedName: string): Promise<boolean> {
    if (!STORED_NAME.test(storedName)) return false;
    try {
      await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(storedName) }),
      );
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** Deletes each object; S3 answers a delete of a missing key with success too. */
  async discard(names: string[]): Promise<void> {
    await Promise.all(
      names.map((n) => {
        if (!STORED_NAME.test(n)) throw AppError.notFound();
        return this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(n) }));
      }),
    );
  }

  /** Every stored name under the prefix, sorted, across as many list pages as there are. */
  async list(): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) {
        const name = o.Key?.slice(this.prefix.length) ?? '';
        if (STORED_NAME.test(name)) out.push(name);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  }

  private key(storedName: string): string {
    return this.prefix + storedName;
  }

  private async get(storedName: string) {
    if (!STORED_NAME.test(storedName)) throw AppError.notFound();
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(storedName) }),
      );
      if (!res.Body) throw AppError.notFound();
      return res.Body;
    } catch (err) {
      if (isNotFound(err)) throw AppError.notFound();
      throw err;
    }
  }
}
