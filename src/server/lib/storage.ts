/**
 * Upload storage (DESIGN.md §8): JPEG, PNG or PDF recognised by magic bytes (never by the
 * client's name or type), at most 5 MiB, saved under a server-made random name. Files are
 * written only after validation, and `discard` removes them when the transaction that
 * references them fails, so no orphan files remain.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
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

export class FileStore {
  constructor(private readonly dir: string) {}

  /**
   * Writes the bytes under a new random name; returns that name.
   * @throws AppError 507 (errors.storageFull) when the disk or quota is full (ENOSPC, EDQUOT,
   *   EFBIG); the partial file is removed first, and the caller's transaction is rolled back and
   *   its earlier files discarded as for any failure (issue 8 §4 "disk full: nothing partial").
   */
  async save(file: CheckedFile): Promise<string> {
    const name = `${randomUUID()}.${file.ext}`;
    const target = path.join(this.dir, name);
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(target, file.data, { flag: 'wx' });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG') {
        await rm(target, { force: true });
        throw new AppError(507, 'STORAGE_FULL', 'errors.storageFull');
      }
      throw err;
    }
    return name;
  }

  async read(storedName: string): Promise<Buffer> {
    return readFile(this.resolve(storedName));
  }

  /** Removes files written for a transaction that failed. */
  async discard(names: string[]): Promise<void> {
    await Promise.all(names.map((n) => rm(this.resolve(n), { force: true })));
  }

  private resolve(storedName: string): string {
    if (!/^[0-9a-f-]{36}\.(jpg|png|pdf)$/.test(storedName)) throw AppError.notFound();
    return path.join(this.dir, storedName);
  }
}
