/**
 * The profile's photo and citizenship scan (SPEC §5 'Please upload photos first'), saved for the
 * signed-in user (POST /profiles/documents) or, at the counter, by staff for a walk-in applicant
 * (issue 19 §4). Every check runs before a file is written; files written before a failed
 * transaction are deleted again.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { files, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { checkUpload, isUploadedFile, type FileStore } from '../../lib/storage.js';

/** What was sent: either or both files (anything else is a 422). */
export interface ProfileDocumentsBody {
  photo?: unknown;
  citizenship?: unknown;
}

/** The checked uploads of `body`; 422 when none, or one is not a file of an allowed type. */
function checkedUploads(body: ProfileDocumentsBody) {
  const sent = (['photo', 'citizenship'] as const).filter((k) => body[k] != null);
  if (!sent.length) throw AppError.validation({ photo: ['validation.required'] });
  return sent.map((kind) => {
    const v = body[kind];
    if (!isUploadedFile(v)) throw AppError.validation({ [kind]: ['validation.file'] });
    const file = checkUpload(kind, v);
    // A portrait must be an image; the citizenship document may be a PDF scan.
    if (kind === 'photo' && file.mime === 'application/pdf')
      throw AppError.validation({ photo: ['errors.fileType'] }, 'errors.fileType');
    return { kind, file };
  });
}

/**
 * Stores the sent files as user `ownerId`'s profile photo and/or citizenship (each replaces the
 * previous one), owned by them, and audits it as `actorId` (`action`: 'profile.documents', or
 * 'counter.documents' with the applicant in the data). Throws AppError 413/422.
 */
export async function saveProfileDocuments(
  db: Db,
  store: FileStore,
  w: { ownerId: number; actorId: number; body: ProfileDocumentsBody; ip: string; action: string },
): Promise<void> {
  const checked = checkedUploads(w.body);
  const saved: string[] = [];
  try {
    for (const c of checked) saved.push(await store.save(c.file));
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(files)
        .values(
          checked.map((c, i) => ({
            ownerUserId: w.ownerId,
            originalName: c.file.originalName,
            storedName: saved[i],
            mime: c.file.mime,
            sizeBytes: c.file.data.length,
            sha256: c.file.sha256,
          })),
        )
        .returning({ id: files.id });
      const set: { photoFileId?: number; citizenshipFileId?: number; updatedAt: Date } = {
        updatedAt: new Date(),
      };
      checked.forEach((c, i) => {
        if (c.kind === 'photo') set.photoFileId = rows[i].id;
        else set.citizenshipFileId = rows[i].id;
      });
      await tx.update(users).set(set).where(eq(users.id, w.ownerId));
      await audit(tx, {
        userId: w.actorId,
        action: w.action,
        entity: 'users',
        entityId: w.ownerId,
        data: { kinds: checked.map((c) => c.kind) },
        ip: w.ip,
      });
    });
  } catch (err) {
    await store.discard(saved);
    throw err;
  }
}
