/**
 * Nepali text in the seed (issue 16 §6): every Nepali string the seed writes is NFC with
 * standard vowel signs, so a search typed the usual way ("कोशी") finds it; a database seeded
 * with the old spellings is corrected by running the seed again.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { buildTestApp, login, type TestContext } from '../../../test/server/helper.js';
import { body, client } from '../../../test/server/resources.js';
import { seed, standardNepali } from './seed.js';
import * as s from './schema.js';

const DEVANAGARI = /[\u0900-\u097F]/;

/** Why `text` is not standard Nepali, or null. */
function problem(text: string): string | null {
  if (text !== text.normalize('NFC')) return 'not NFC';
  if (/\u093E[\u0947\u0948]/.test(text)) return 'ा + े/ै instead of ो/ौ';
  if (/\u0905[\u093E\u094B\u094C]|\u090F\u0947/.test(text)) return 'अ/ए + vowel sign';
  if (/\u200C/.test(text)) return 'zero-width non-joiner';
  // ZWJ only for the eyelash ra (र्‍), as in गर्‍यो
  if (/(?<!\u0930\u094D)\u200D/.test(text)) return 'zero-width joiner';
  return null;
}

function* strings(v: unknown): Generator<string> {
  if (typeof v === 'string') yield v;
  else if (Array.isArray(v)) for (const x of v) yield* strings(x);
  else if (v && typeof v === 'object' && !(v instanceof Date))
    for (const x of Object.values(v)) yield* strings(x);
}

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('Nepali text in the seed', () => {
  it('standardNepali composes the two-sign spellings and drops zero-width joiners', () => {
    expect(standardNepali('का\u0947शी प्रदेश')).toBe('कोशी प्रदेश');
    expect(standardNepali('क\u093E\u0948शिक')).toBe('कौशिक');
    expect(standardNepali('\u0905\u093Eमा')).toBe('आमा');
    expect(standardNepali('जगन्\u200Dनाथ')).toBe('जगन्नाथ');
    expect(standardNepali('कङ्\u200Cकालिनी')).toBe('कङ्कालिनी');
    expect(standardNepali('ललितपुर')).toBe('ललितपुर');
  });

  it('the divisions file holds only standard Nepali', async () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../../db/seed/nepal-administrative-divisions.json',
    );
    const data: unknown = JSON.parse(await readFile(file, 'utf8'));
    const bad = [...strings(data)].filter((x) => DEVANAGARI.test(x) && problem(x));
    expect(bad.map((x) => `${x}: ${problem(x)}`)).toEqual([]);
  });

  it('every Nepali string the seed wrote is NFC with standard vowel signs', async () => {
    const tables: PgTable[] = [
      s.states,
      s.districts,
      s.cities,
      s.wards,
      s.settings,
      s.fiscalYears,
      s.businessTypes,
      s.requiredFiles,
      s.checkboxes,
      s.roles,
      s.permissions,
      s.users,
    ];
    let checked = 0;
    const bad: string[] = [];
    for (const table of tables) {
      for (const x of strings(await t.database.db.select().from(table))) {
        if (!DEVANAGARI.test(x)) continue;
        checked++;
        const why = problem(x);
        if (why) bad.push(`${x}: ${why}`);
      }
    }
    expect(bad).toEqual([]);
    // at least the names and the headquarters or categories of 7 provinces, 77 districts and
    // 753 local levels, then wards, fiscal years, types, files, roles and permissions
    expect(checked).toBeGreaterThan(2 * (7 + 77 + 753));
  });

  it('a search for "कोशी" finds Koshi Province', async () => {
    const admin = await login(t.app, 'admin');
    const res = await client(t.app).list('states', admin, { filters: { q: 'कोशी' } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = body<{ data: { id: number; nameEn: string; nameNe: string }[] }>(res).data;
    expect(rows.map((r) => [r.id, r.nameEn, r.nameNe])).toEqual([
      [1, 'Koshi Province', 'कोशी प्रदेश'],
    ]);
  });

  it('running the seed again corrects names stored with the old spellings, not edited names', async () => {
    const { db } = t.database;
    await db.update(s.states).set({ nameNe: 'का\u0947शी प्रदेश' }).where(eq(s.states.id, 1));
    await db.update(s.cities).set({ nameNe: 'जगन्\u200Dनाथ' }).where(eq(s.cities.id, 693));
    await db
      .update(s.cities)
      .set({ nameNe: 'हनुमाननगर कङ्\u200Cकालिनी' })
      .where(eq(s.cities.id, 243));
    // an administrator's own name for a district is kept
    await db.update(s.districts).set({ nameNe: 'भोजपुर जिल्ला' }).where(eq(s.districts.id, 1));

    await seed(db, { demo: true });

    const state = (id: number) =>
      db.select({ ne: s.states.nameNe }).from(s.states).where(eq(s.states.id, id));
    const city = (id: number) =>
      db.select({ ne: s.cities.nameNe }).from(s.cities).where(eq(s.cities.id, id));
    const district = (id: number) =>
      db.select({ ne: s.districts.nameNe }).from(s.districts).where(eq(s.districts.id, id));
    expect(await state(1)).toEqual([{ ne: 'कोशी प्रदेश' }]);
    expect(await city(693)).toEqual([{ ne: 'जगन्नाथ' }]);
    expect(await city(243)).toEqual([{ ne: 'हनुमाननगर कङ्कालिनी' }]);
    expect(await district(1)).toEqual([{ ne: 'भोजपुर जिल्ला' }]);
  });
});
