/**
 * Nepal's provinces, districts and local levels (db/seed/nepal-administrative-divisions.json)
 * as the seed writes them: with their explicit ids, every Nepali name in standard spelling
 * (standardNepali, issue 16 §6), and names a database seeded earlier holds in an older
 * spelling repaired on the next seed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { SEED_DATA_DIR } from '../lib/paths.js';
import type { Tx } from './client.js';
import { cities, districts, states } from './schema.js';

export interface Divisions {
  categories: { id: number; name_en: string; name_ne: string }[];
  provinces: {
    id: number;
    name_en: string;
    name_ne: string;
    headquarter_en: string;
    headquarter_ne: string;
  }[];
  districts: {
    id: number;
    province_id: number;
    name_en: string;
    name_ne: string;
    headquarter_en: string;
    headquarter_ne: string;
  }[];
  local_levels: {
    id: number;
    district_id: number;
    category_id: number;
    wards: number;
    name_en: string;
    name_ne: string;
  }[];
}

const DIVISIONS_FILE = path.join(SEED_DATA_DIR, 'nepal-administrative-divisions.json');

/** The divisions file, every string in standard Nepali spelling. */
export async function loadDivisions(): Promise<Divisions> {
  return JSON.parse(await readFile(DIVISIONS_FILE, 'utf8'), (_key, v: unknown) =>
    typeof v === 'string' ? standardNepali(v) : v,
  ) as Divisions;
}

/**
 * Nepali text as the seed stores it (issue 16 §6): standard vowel signs instead of the
 * two-sign spellings older data typed (ा + े → ो, ा + ै → ौ, अ + ा → आ, अ + ो → ओ, अ + ौ → औ,
 * ए + े → ऐ), no zero-width (non-)joiners, NFC. A search for "कोशी" then finds Koshi.
 */
export function standardNepali(s: string): string {
  return s
    .replace(/\u093E\u0947/g, '\u094B')
    .replace(/\u093E\u0948/g, '\u094C')
    .replace(/\u0905\u093E/g, '\u0906')
    .replace(/\u0905\u094B/g, '\u0913')
    .replace(/\u0905\u094C/g, '\u0914')
    .replace(/\u090F\u0947/g, '\u0910')
    .replace(/[\u200C\u200D]/g, '')
    .normalize('NFC');
}

/** Provinces, districts and local levels from the divisions file, with their explicit ids. */
export async function seedDivisions(tx: Tx, data: Divisions) {
  const cat = new Map(data.categories.map((c) => [c.id, c]));
  await tx
    .insert(states)
    .values(
      data.provinces.map((p) => ({
        id: p.id,
        nameEn: p.name_en,
        nameNe: p.name_ne,
        headquarterEn: p.headquarter_en,
        headquarterNe: p.headquarter_ne,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(districts)
    .values(
      data.districts.map((d) => ({
        id: d.id,
        stateId: d.province_id,
        nameEn: d.name_en,
        nameNe: d.name_ne,
        headquarterEn: d.headquarter_en,
        headquarterNe: d.headquarter_ne,
      })),
    )
    .onConflictDoNothing();
  for (let i = 0; i < data.local_levels.length; i += 250) {
    await tx
      .insert(cities)
      .values(
        data.local_levels.slice(i, i + 250).map((l) => ({
          id: l.id,
          districtId: l.district_id,
          nameEn: l.name_en,
          nameNe: l.name_ne,
          categoryEn: cat.get(l.category_id)!.name_en,
          categoryNe: cat.get(l.category_id)!.name_ne,
          wardCount: l.wards,
        })),
      )
      .onConflictDoNothing();
  }
  // Explicit ids were inserted: move the sequences past them.
  for (const t of ['states', 'districts', 'cities']) {
    await tx.execute(
      sql.raw(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`),
    );
  }
}

/** The columns of `stored` that differ from `want` only in spelling (see standardNepali). */
function staleSpellings<K extends string>(
  stored: Record<K, string | null>,
  want: Record<K, string | null> | undefined,
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const k of Object.keys(stored) as K[]) {
    const [v, w] = [stored[k], want?.[k]];
    if (v && w && v !== w && standardNepali(v) === w) out[k] = w;
  }
  return out;
}

/**
 * Databases seeded before the names were standardised keep "काेशी प्रदेश" and the like:
 * `npm run db:seed` rewrites a Nepali name that differs from the file's only in spelling,
 * and leaves alone a name an administrator changed.
 */
export async function restandardiseDivisionNames(tx: Tx, data: Divisions) {
  const p = new Map(
    data.provinces.map((r) => [r.id, { nameNe: r.name_ne, headquarterNe: r.headquarter_ne }]),
  );
  const d = new Map(
    data.districts.map((r) => [r.id, { nameNe: r.name_ne, headquarterNe: r.headquarter_ne }]),
  );
  const cat = new Map(data.categories.map((c) => [c.id, c.name_ne]));
  const c = new Map(
    data.local_levels.map((r) => [
      r.id,
      { nameNe: r.name_ne, categoryNe: cat.get(r.category_id)! },
    ]),
  );
  const ne = { nameNe: states.nameNe, headquarterNe: states.headquarterNe };
  for (const { id, ...names } of await tx.select({ id: states.id, ...ne }).from(states)) {
    const set = staleSpellings(names, p.get(id));
    if (Object.keys(set).length) await tx.update(states).set(set).where(eq(states.id, id));
  }
  const dne = { nameNe: districts.nameNe, headquarterNe: districts.headquarterNe };
  for (const { id, ...names } of await tx.select({ id: districts.id, ...dne }).from(districts)) {
    const set = staleSpellings(names, d.get(id));
    if (Object.keys(set).length) await tx.update(districts).set(set).where(eq(districts.id, id));
  }
  const cne = { nameNe: cities.nameNe, categoryNe: cities.categoryNe };
  for (const { id, ...names } of await tx.select({ id: cities.id, ...cne }).from(cities)) {
    const set = staleSpellings(names, c.get(id));
    if (Object.keys(set).length) await tx.update(cities).set(set).where(eq(cities.id, id));
  }
}
