/**
 * Who may read an uploaded file: its owner; anyone who sees an application it is attached to
 * (a document, or the receipt scan of one of its payments); staff who may view users, for a
 * user's photo or citizenship scan (the users screen). Anything else is a 404.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { hasAnyPermission } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { applicationDocuments, applications, files, payments, users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { scopeOf, type Actor } from '../../lib/scope.js';
import type { FileStore } from '../../lib/storage.js';

/** Whether file `fileId` is linked to something `actor` may see (one statement). */
async function linked(db: Db, actor: Actor, fileId: number): Promise<boolean> {
  const scope = scopeOf(actor) ?? sql`true`;
  const viaDocument = db
    .select({ one: sql`1` })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(and(eq(applicationDocuments.fileId, fileId), scope));
  const viaPayment = db
    .select({ one: sql`1` })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(and(eq(payments.receiptFileId, fileId), scope));
  const viaUser = hasAnyPermission(actor.permissions, ['view-users'])
    ? sql`exists (${db
        .select({ one: sql`1` })
        .from(users)
        .where(
          and(
            or(eq(users.photoFileId, fileId), eq(users.citizenshipFileId, fileId)),
            isNull(users.deletedOn),
          ),
        )})`
    : sql`false`;
  const res = (await db.execute(
    sql`select (exists (${viaDocument}) or exists (${viaPayment}) or ${viaUser}) as ok`,
  )) as unknown as { rows: { ok: boolean }[] };
  const row = res.rows[0];
  return !!row?.ok;
}

/** The file `fileId` with its bytes if `actor` may read it; AppError 404 otherwise. */
export async function readableFile(db: Db, store: FileStore, actor: Actor, fileId: number) {
  const [f] = await db.select().from(files).where(eq(files.id, fileId));
  if (!f) throw AppError.notFound();
  if (f.ownerUserId !== actor.id && !(await linked(db, actor, fileId))) throw AppError.notFound();
  return { meta: f, data: await store.read(f.storedName) };
}
