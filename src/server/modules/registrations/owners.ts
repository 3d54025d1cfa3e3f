/**
 * The owners of a multiple-owner application (SPEC §3: at most 4, positions 1..n). A
 * single-owner application keeps its owner in the application row itself.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { applicationOwners } from '../../db/schema.js';

/** One owner as the form and the history record it. */
export interface Owner {
  name: string;
  fatherOrHusbandName: string | null;
  citizenshipNo: string | null;
}

/** The owners of application `id`, by position. */
export async function ownersOf(db: Db | Tx, id: number) {
  return db
    .select({
      position: applicationOwners.position,
      name: applicationOwners.name,
      fatherOrHusbandName: applicationOwners.fatherOrHusbandName,
      citizenshipNo: applicationOwners.citizenshipNo,
    })
    .from(applicationOwners)
    .where(eq(applicationOwners.applicationId, id))
    .orderBy(asc(applicationOwners.position));
}

/** Replaces the owners of application `applicationId` with `owners` (positions 1..n). */
export async function saveOwners(tx: Tx, applicationId: number, owners: Owner[]) {
  await tx.delete(applicationOwners).where(eq(applicationOwners.applicationId, applicationId));
  if (owners.length) {
    await tx.insert(applicationOwners).values(
      owners.map((o, i) => ({
        applicationId,
        position: i + 1,
        name: o.name,
        fatherOrHusbandName: o.fatherOrHusbandName,
        citizenshipNo: o.citizenshipNo,
      })),
    );
  }
}

/** Gives application `to` the owners of application `from` (a renewal request). */
export async function copyOwners(tx: Tx, from: number, to: number) {
  await saveOwners(tx, to, await ownersOf(tx, from));
}

/** `owners` without positions or undefined values, for comparing and for history. */
export function normalOwners(owners: Owner[]): Owner[] {
  return owners.map((o) => ({
    name: o.name,
    fatherOrHusbandName: o.fatherOrHusbandName ?? null,
    citizenshipNo: o.citizenshipNo ?? null,
  }));
}
