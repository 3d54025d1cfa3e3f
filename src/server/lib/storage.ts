/**
 * Upload storage (DESIGN.md §8): JPEG, PNG or PDF recognised by magic bytes (never by the
 * client's name or type), at most 5 MiB, saved under a server-made random name. Files are
 * written only after validation, and `discard` removes them when the transaction that
 * references them fails, so no orphan files remain.
 *
 * Where the bytes live is behind the `FileStore` interface (issue 8 §7): the local disk
 * (`LocalFileStore`, the default, UPLOAD_DIR) or an S3-compatible bucket (`S3FileStore` in
 * s3-store.ts, STORAGE=s3), chosen by `openFileStore(config)`. Several app instances need a
 * store they all see: S3, or one folder shared by all of them (NFS).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '../config.js';
import { AppError } from '../errors.js';

/** 5 MiB */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

export function isUploadedFile(v: unknown): v is UploadedFile {
  return !!v && typeof v === 'object' && Buffer.isBuffer((v as UploadedFile).data);
}

const SIGNATURES: { mime: string; ext: string; bytes: number[] }[] = [
  { mime: 'image/jpeg', ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'application/pdf', ext: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The type recognised from the first bytes, or null. */
export function sniff(data: Buffer): { mime: string; ext: string } | null {
  const sig = SIGNATURES.find((s) => s.bytes.every((b, i) => data[i] === b));
  return sig ? { mime: sig.mime, ext: sig.ext } : null;
}

export interface CheckedFile {
  originalName: string;
  mime: string;
  ext: string;
  data: Buffer;
  sha256: string;
}

/**
 * Checks an upload; throws AppError 413 (too large) or 422 on `field` (wrong type/empty).
 */
export function checkUpload(field: string, f: UploadedFile): CheckedFile {
  if (f.data.length > MAX_UPLOAD_BYTES) {
    throw new AppError(413, 'FILE_TOO_LARGE', 'errors.fileTooLarge');
  }
  const kind = f.data.length > 0 ? sniff(f.data) : null;
  if (!kind) throw AppError.validation({ [field]: ['errors.fileType'] }, 'errors.fileType');
  // keep only a harmless display name: no path parts, no control characters
  const base = [...path.basename(f.filename.replace(/\\/g, '/'))]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch !== '\u007f')
    .join('');
  return {
    originalName: base.slice(0, 120) || `upload.${kind.ext}`,
    mime: kind.mime,
    ext: kind.ext,
    data: f.data,
    sha256: createHash('sha256').update(f.data).digest('hex'),
  };
}

/** A stored name as made by `save`: a random UUID and the recognised extension. */
export const STORED_NAME = /^[0-9a-f-]{36}\.(jpg|png|pdf)$/;

/** A name for a new stored file. */
export function newStoredName(ext: string): string {
  return `${randomUUID()}.${ext}`;
}

/** The generic answer when the storage has no room (disk, quota or bucket full). */
export function storageFull(): AppError {
  return new AppError(507, 'STORAGE_FULL', 'errors.storageFull');
}

/**
 * Where uploaded files live. Names are the server-made names from `save`; any other name is a
 * 404 (AppError.notFound), so no caller can reach outside the store.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /**
   * Writes the bytes under a new random name; returns that name.
   * @throws AppError 507 (errors.storageFull) when the storage is full; nothing partial remains,
   *   and the caller's transaction is rolled back and its earlier files discarded as for any
   *   failure (issue 8 §4 "disk full: nothing partial").
   */
  save(file: CheckedFile): Promise<string>;
  /** The whole file. @throws AppError 404 for a bad or missing name */
  read(storedName: string): Promise<Buffer>;
  /** The file as a stream (for large responses). @throws AppError 404 for a bad or missing name */
  stream(storedName: string): Promise<Readable>;
  /** Whether the file exists (false for a bad name). */
  exists(storedName: string): Promise<boolean>;
  /** Removes files written for a transaction that failed; missing files are no error. */
  discard(names: string[]): Promise<void>;
  /** Every stored name, sorted (for audits: orphan checks, backup checks). */
  list(): Promise<string[]>;
}

/** The local-disk store: one folder, files named as `save` made them. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;
  constructor(private readonly dir: string) {}

  /** See FileStore.save; 507 on ENOSPC, EDQUOT or EFBIG, after removing the partial file. */
  async save(file: CheckedFile): Promise<string> {
    const name = newStoredName(file.ext);
    const target = path.join(this.dir, name);
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(target, file.data, { flag: 'wx' });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG') {
        await rm(target, { force: true });
        throw storageFull();
      }
      throw err;
    }
    return name;
  }

  async read(storedName: string): Promise<Buffer> {
    try {
      return await readFile(this.resolve(storedName));
    } catch (err) {
      throw notFoundIfMissing(err);
    }
  }

  async stream(storedName: string): Promise<Readable> {
    const file = this.resolve(storedName);
    try {
      await access(file);
    } catch (err) {
      throw notFoundIfMissing(err);
    }
    return createReadStream(file);
  }

  async exists(storedName: string): Promise<boolean> {
    if (!STORED_NAME.test(storedName)) return false;
    return access(path.join(this.dir, storedName)).then(
      () => true,
      () => false,
    );
  }

  async discard(names: string[]): Promise<void> {
    await Promise.all(names.map((n) => rm(this.resolve(n), { force: true })));
  }

  async list(): Promise<string[]> {
    const names = await readdir(this.dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    return names.filter((n) => STORED_NAME.test(n)).sort();
  }

  private resolve(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw AppError.notFound();
    return path.join(this.dir, storedName);
  }
}

function notFoundIfMissing(err: unknown): unknown {
  return (err as NodeJS.ErrnoException).code === 'ENOENT' ? AppError.notFound() : err;
}

/**
 * `new FileStore(dir)` still makes the local store, for callers written before the interface;
 * the type `FileStore` is the interface above.
 */
export const FileStore = LocalFileStore;

/**
 * The configured store: the local folder `uploadDir`, or the S3 bucket of `storage`. The AWS
 * SDK is loaded only when S3 is configured.
 */
export async function openFileStore(cfg: {
  uploadDir: string;
  storage: StorageConfig;
}): Promise<FileStore> {
  if (cfg.storage.kind === 'local') return new LocalFileStore(cfg.uploadDir);
  const { S3FileStore } = await import('./s3-store.js');
  return new S3FileStore(cfg.storage);
}
