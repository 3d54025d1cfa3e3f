/**
 * The generic resources of SPEC §7, each declared once as data: its table, the filters
 * `all`/list accept (parent ids, status), and the permission needed to read it. The setup-data
 * issue adds list/create/update/delete/change-status on top of the same declarations.
 */
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  businessTypes,
  checkboxes,
  cities,
  districts,
  fiscalYears,
  requiredFiles,
  states,
  wards,
} from '../../db/schema.js';

export interface ResourceDef {
  name: string;
  table: PgTable & { id: PgColumn; status: PgColumn; deletedOn: PgColumn };
  /** filter key → column; values are compared for equality */
  filters: Record<string, PgColumn>;
  /** default order for `all` (dropdowns) */
  orderBy: PgColumn;
  /** permissions that allow reading; undefined = any signed-in user (dropdown data) */
  read?: string[];
}

export const RESOURCES: ResourceDef[] = [
  { name: 'states', table: states, filters: {}, orderBy: states.id },
  { name: 'districts', table: districts, filters: { stateId: districts.stateId }, orderBy: districts.nameEn },
  { name: 'cities', table: cities, filters: { districtId: cities.districtId }, orderBy: cities.nameEn },
  { name: 'wards', table: wards, filters: { cityId: wards.cityId }, orderBy: wards.number },
  { name: 'business-types', table: businessTypes, filters: {}, orderBy: businessTypes.nameEn },
  { name: 'fiscal-years', table: fiscalYears, filters: {}, orderBy: fiscalYears.startDate },
  { name: 'required-files', table: requiredFiles, filters: {}, orderBy: requiredFiles.id },
  { name: 'checkboxes', table: checkboxes, filters: {}, orderBy: checkboxes.id },
];
