/**
 * Checks of an application form's references against the setup data, before anything is
 * written: business type, ward and permanent address must exist, be active and agree with
 * each other; an old paper registration's number must not already be in the system.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ApplicationFields } from '../../../shared/schemas/applications.js';
import type { Db } from '../../db/client.js';
import { applications, businessTypes, cities, districts, states, wards } from '../../db/schema.js';
import { AppError } from '../../errors.js';

/** Foreign keys must exist, be active and agree with each other (422 on the field). */
export async function checkReferences(db: Db, input: ApplicationFields) {
  const errors: Record<string, string[]> = {};
  const [bt] = await db
    .select({ id: businessTypes.id })
    .from(businessTypes)
    .where(
      and(
        eq(businessTypes.id, input.businessTypeId),
        eq(businessTypes.status, 1),
        isNull(businessTypes.deletedOn),
      ),
    );
  if (!bt) errors.businessTypeId = ['validation.choice'];
  const [w] = await db
    .select({ id: wards.id })
    .from(wards)
    .where(and(eq(wards.id, input.wardId), eq(wards.status, 1), isNull(wards.deletedOn)));
  if (!w) errors.wardId = ['validation.choice'];
  const [d] = await db.select().from(districts).where(eq(districts.id, input.permDistrictId));
  const [c] = await db.select().from(cities).where(eq(cities.id, input.permCityId));
  const [s] = await db
    .select({ id: states.id })
    .from(states)
    .where(eq(states.id, input.permStateId));
  if (!s) errors.permStateId = ['validation.choice'];
  if (!d || d.stateId !== input.permStateId) errors.permDistrictId = ['validation.choice'];
  if (!c || c.districtId !== input.permDistrictId) errors.permCityId = ['validation.choice'];
  else if (input.permWardNo > c.wardCount) errors.permWardNo = ['validation.range'];
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/** 422 on oldRegistrationNo when that number is already a registration in the system. */
export async function checkOldNumberFree(db: Db, input: ApplicationFields) {
  if (!input.isOldRegistration || !input.oldRegistrationNo) return;
  const [taken] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(eq(applications.registrationNo, input.oldRegistrationNo), isNull(applications.deletedOn)),
    )
    .limit(1);
  if (taken) throw AppError.validation({ oldRegistrationNo: ['errors.registrationNoTaken'] });
}
