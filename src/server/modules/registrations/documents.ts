/**
 * An application's documents: the required-file uploads checked against the setup (SPEC §5),
 * an old registration's certificate scan, storing them so that a failed transaction leaves
 * no orphan file, and the staff checklist ticked per document (SPEC §1 "image checkboxes").
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { hasAnyPermission } from '../../../shared/permissions.js';
import { PROFILE_DOCUMENT_SLUGS } from '../../../shared/schemas/applications.js';
import type { Db, Tx } from '../../db/client.js';
import {
  applicationDocuments,
  applicationHistory,
  checkboxes,
  files,
  requiredFiles,
} from '../../db/schema.js';
import { AppError, type FieldError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import {
  checkUpload,
  type CheckedFile,
  type FileStore,
  type UploadedFile,
} from '../../lib/storage.js';
import { canCheckDocuments, visibleApplication, type Actor } from './access.js';

/** Uploads of a create or update: required files by slug, and an old registration's scan. */
export interface ApplicationUploads {
  documents: Record<string, UploadedFile>;
  oldCertificate?: UploadedFile;
}

/** Names of the document kinds that are not required-file slugs, in both languages. */
export const DOCUMENT_KINDS: Record<string, { en: string; ne: string }> = {
  photo: { en: 'Photo', ne: 'फोटो' },
  citizenship: { en: 'Citizenship document', ne: 'नागरिकता प्रमाणपत्र' },
  'old-certificate': { en: 'Old registration certificate', ne: 'पुरानो दर्ता प्रमाणपत्र' },
  'renew-proof': { en: 'Renewal proof', ne: 'नवीकरणको प्रमाण' },
};

/** Every required-in value: an edit may replace any document. */
const ALL_MODES: ('create' | 'update' | 'both')[] = ['create', 'update', 'both'];

/** A checked upload waiting to be stored, and the document it becomes. */
export interface PendingDoc {
  kind: string;
  requiredFileId: number | null;
  field: string;
  file: CheckedFile;
}

/** A PendingDoc once its bytes are in the file store. */
export type StoredDoc = PendingDoc & { storedName: string };

/**
 * Checks uploads against the required-file setup (SPEC §5). Create offers the files set to
 * create or both; update offers every file, so that any document can be replaced while an
 * application is fixed (issue 17 §3). A file is compulsory when it is required and set to
 * `mode` or both, and neither uploaded nor already in `present` (kinds already attached):
 * else a 422 naming the file in both languages. The profile's documents
 * (PROFILE_DOCUMENT_SLUGS) are never offered: every application uses the profile's photo and
 * citizenship. An upload that is not offered is a 422 too. Then each upload is checked (type
 * by magic bytes, 5 MiB).
 */
export async function checkDocuments(
  db: Db,
  mode: 'create' | 'update',
  uploads: Record<string, UploadedFile>,
  present: ReadonlySet<string>,
): Promise<PendingDoc[]> {
  const setup = await db
    .select()
    .from(requiredFiles)
    .where(
      and(
        inArray(requiredFiles.requiredIn, mode === 'create' ? ['create', 'both'] : ALL_MODES),
        eq(requiredFiles.status, 1),
        isNull(requiredFiles.deletedOn),
      ),
    )
    .orderBy(asc(requiredFiles.id));
  const offered = setup.filter((r) => !PROFILE_DOCUMENT_SLUGS.includes(r.slug));
  const errors: Record<string, FieldError[]> = {};
  for (const slug of Object.keys(uploads)) {
    if (!offered.some((r) => r.slug === slug)) errors[`doc_${slug}`] = ['errors.unknownField'];
  }
  for (const r of offered) {
    const compulsory = r.isRequired && [mode, 'both'].includes(r.requiredIn);
    if (compulsory && !uploads[r.slug] && !present.has(r.slug)) {
      errors[`doc_${r.slug}`] = [
        { key: 'validation.fileRequired', vars: { name: { en: r.nameEn, ne: r.nameNe } } },
      ];
    }
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return offered
    .filter((r) => uploads[r.slug])
    .map((r) => ({
      kind: r.slug,
      requiredFileId: r.id,
      field: `doc_${r.slug}`,
      file: checkUpload(`doc_${r.slug}`, uploads[r.slug]),
    }));
}

/** An upload that is not a required file (renew proof, old certificate, ...), checked. */
export function extraDoc(kind: string, field: string, upload: UploadedFile): PendingDoc {
  return { kind, requiredFileId: null, field, file: checkUpload(field, upload) };
}

/**
 * The scan of an old paper registration's certificate: compulsory when the flag is set and
 * the application has none yet; refused when the flag is not set.
 */
export function checkOldCertificate(
  isOld: boolean,
  upload: UploadedFile | undefined,
  alreadyHas: boolean,
): PendingDoc[] {
  if (!isOld) {
    if (upload) throw AppError.validation({ oldCertificate: ['errors.unknownField'] });
    return [];
  }
  if (!upload) {
    if (alreadyHas) return [];
    throw AppError.validation({
      oldCertificate: [
        { key: 'validation.fileRequired', vars: { name: DOCUMENT_KINDS['old-certificate'] } },
      ],
    });
  }
  return [extraDoc('old-certificate', 'oldCertificate', upload)];
}

/**
 * Writes the checked files to the store, then runs `work` with them; when `work` throws, the
 * files written are deleted again (no orphan files, issue 8 §4) and the error is rethrown.
 */
export async function withStoredDocs<T>(
  store: FileStore,
  docs: PendingDoc[],
  work: (stored: StoredDoc[]) => Promise<T>,
): Promise<T> {
  const saved: string[] = [];
  try {
    const stored: StoredDoc[] = [];
    for (const d of docs) {
      const storedName = await store.save(d.file);
      saved.push(storedName);
      stored.push({ ...d, storedName });
    }
    return await work(stored);
  } catch (err) {
    await store.discard(saved);
    throw err;
  }
}

/** `files` rows for stored uploads owned by `ownerUserId`; ids in the same order. */
export async function fileRows(
  tx: Tx,
  ownerUserId: number,
  docs: { file: CheckedFile; storedName: string }[],
): Promise<number[]> {
  if (!docs.length) return [];
  const rows = await tx
    .insert(files)
    .values(
      docs.map((d) => ({
        ownerUserId,
        originalName: d.file.originalName,
        storedName: d.storedName,
        mime: d.file.mime,
        sizeBytes: d.file.data.length,
        sha256: d.file.sha256,
      })),
    )
    .returning({ id: files.id });
  return rows.map((r) => r.id);
}

/** The kinds of document application `id` already has. */
export async function documentKinds(db: Db, id: number): Promise<Set<string>> {
  const rows = await db
    .select({ kind: applicationDocuments.kind })
    .from(applicationDocuments)
    .where(eq(applicationDocuments.applicationId, id));
  return new Set(rows.map((d) => d.kind));
}

/** Throws 422 on `checks` unless every id is an active, live checkbox. */
async function checkCheckboxes(db: Db, wanted: number[]) {
  if (!wanted.length) return;
  const known = await db
    .select({ id: checkboxes.id })
    .from(checkboxes)
    .where(
      and(inArray(checkboxes.id, wanted), eq(checkboxes.status, 1), isNull(checkboxes.deletedOn)),
    );
  if (known.length !== wanted.length) throw AppError.validation({ checks: ['validation.choice'] });
}

/**
 * Staff tick the image-checkbox checklist of one document (SPEC §1 "image checkboxes",
 * issue 4 §3) while the application is pending, verified or paid (else 409; 403 without
 * verify-applications). Unknown or inactive checkbox ids are a 422 on `checks`. 404 when the
 * application is not visible or the document is not its own. Writes history and audit.
 */
export async function setDocumentChecks(
  db: Db,
  actor: Actor,
  ref: { id: number; documentId: number },
  checks: number[],
  ip: string,
) {
  const { id, documentId } = ref;
  const app = await visibleApplication(db, actor, id);
  if (!canCheckDocuments(actor, app.appStatus)) {
    if (!hasAnyPermission(actor.permissions, ['verify-applications'])) throw AppError.forbidden();
    throw AppError.conflict();
  }
  const [doc] = await db
    .select()
    .from(applicationDocuments)
    .where(
      and(eq(applicationDocuments.id, documentId), eq(applicationDocuments.applicationId, id)),
    );
  if (!doc) throw AppError.notFound();
  const wanted = [...new Set(checks)].sort((a, b) => a - b);
  await checkCheckboxes(db, wanted);
  await db.transaction(async (tx) => {
    await tx
      .update(applicationDocuments)
      .set({ checks: wanted })
      .where(eq(applicationDocuments.id, documentId));
    await tx.insert(applicationHistory).values({
      applicationId: id,
      userId: actor.id,
      action: 'checklist',
      fromStatus: app.appStatus,
      toStatus: app.appStatus,
      changes: { [doc.kind]: { from: doc.checks, to: wanted } },
    });
    await audit(tx, {
      userId: actor.id,
      action: 'application.checklist',
      entity: 'applications',
      entityId: id,
      data: { documentId, checks: wanted },
      ip,
    });
  });
}
