/**
 * Building blocks of the resource declarations in registry.ts: the text filter value, the
 * sortable columns and filters every resource's list has (`list`), the bilingual name columns
 * and their uniqueness rules, the "used by live applications" reference check, and `maskPhone`,
 * which the OTP log shows phones through.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { applications } from '../../db/schema.js';
import { f, type FilterDef } from '../../lib/list.js';
import { usedBy } from './rules.js';
import type { ResourceDef, ResTable } from './types.js';

export const text = z.string().trim().min(1).max(60);

/** Sortable columns and filters every resource has: id, status, created/updated. */
function base(t: ResTable) {
  return {
    sortable: { id: t.id, status: t.status, createdAt: t.createdAt, updatedAt: t.updatedAt },
    filters: { status: f.status(t.status), ...f.range('created', t.createdAt, true) } as Record<
      string,
      FilterDef
    >,
    tiebreak: t.id,
  };
}

/** Declares a list: the common part plus the resource's own. */
export function list(
  t: ResTable,
  sortable: ResourceDef['list']['sortable'],
  filters: Record<string, FilterDef>,
) {
  const b = base(t);
  return {
    sortable: { ...b.sortable, ...sortable },
    filters: { ...b.filters, ...filters },
    tiebreak: b.tiebreak,
  };
}

export const names = (t: { nameEn: PgColumn; nameNe: PgColumn }) => ({
  nameEn: t.nameEn,
  nameNe: t.nameNe,
});

/** nameEn and nameNe each unique (case-insensitive) among live rows. */
export const uniqueNames = (index?: string, scope: string[] = []) => [
  { field: 'nameEn', columns: ['nameEn', ...scope], ci: true, index },
  { field: 'nameNe', columns: ['nameNe', ...scope], ci: true },
];

export const liveApps = (column: PgColumn) =>
  usedBy('usage.applications', applications, column, applications.deletedOn);

/** '9841234678' → '98*****678': the first two and last three digits stay. */
export function maskPhone(phone: string): string {
  if (phone.length <= 5) return '*'.repeat(phone.length);
  return `${phone.slice(0, 2)}${'*'.repeat(phone.length - 5)}${phone.slice(-3)}`;
}
