/** Seed data: complete, and idempotent (a second run changes nothing). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { rowCount, testDatabase } from '../../../test/server/helper.js';
import type { Database } from './client.js';
import { seed } from './seed.js';
import * as s from './schema.js';
import { fiscalYearOf } from '../../shared/fiscal-year.js';
import { todayAd } from '../../shared/bs-date.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await testDatabase());
});
afterAll(() => drop());

const counts = async () => {
  const n = (t: PgTable) => rowCount(database, t);
  return {
    states: await n(s.states),
    districts: await n(s.districts),
    cities: await n(s.cities),
    wards: await n(s.wards),
    businessTypes: await n(s.businessTypes),
    fiscalYears: await n(s.fiscalYears),
    taxSetups: await n(s.taxSetups),
    requiredFiles: await n(s.requiredFiles),
    roles: await n(s.roles),
    permissions: await n(s.permissions),
    rolePermissions: await n(s.rolePermissions),
    checkboxes: await n(s.checkboxes),
    users: await n(s.users),
  };
};

describe('seed', () => {
  it('has Nepal, Lalitpur with 29 wards, 4 fiscal years, types, bands, files, roles and demo logins', async () => {
    const c = await counts();
    expect(c).toMatchObject({
      states: 7,
      districts: 77,
      cities: 753,
      wards: 29,
      fiscalYears: 4,
      roles: 3,
      users: 3,
      // the profile's photo and citizenship are no longer per application (issue 17 §3)
      requiredFiles: 2,
    });
    expect(c.businessTypes).toBeGreaterThanOrEqual(10);
    expect(c.taxSetups).toBe(c.businessTypes * 4);
    const fys = await database.db.select().from(s.fiscalYears);
    expect(fys.map((f) => f.code).sort()).toEqual(['2080/81', '2081/82', '2082/83', '2083/84']);
    const current = fys.filter((f) => f.isCurrent);
    expect(current).toHaveLength(1);
    expect(current[0].code).toBe(fiscalYearOf(todayAd()).code);
    expect(current[0].status).toBe(1);
    const fy8283 = fys.find((f) => f.code === '2082/83')!;
    expect(fy8283.startDate).toBe('2025-07-17');
    const [lalitpur] = await database.db.select().from(s.cities).where(eq(s.cities.id, 331));
    expect(lalitpur).toMatchObject({
      nameEn: 'Lalitpur',
      nameNe: 'ललितपुर',
      categoryEn: 'Metropolitan City',
      wardCount: 29,
    });
  });

  it('names every permission in both languages from the catalogue', async () => {
    const { ALL_PERMISSIONS } = await import('../../shared/permissions.js');
    const { permissionName } = await import('./seed.js');
    expect(permissionName('verify-applications', 'en-US')).toBe('Applications: Verify');
    expect(permissionName('view-fiscal-years', 'ne')).toMatch(/^आर्थिक वर्ष: हेर्ने$/);
    for (const slug of ALL_PERMISSIONS) {
      for (const lang of ['en-US', 'ne'] as const) {
        // a missing catalogue key would come back as the key itself
        expect(permissionName(slug, lang), `${slug} ${lang}`).not.toMatch(
          /permission(Groups|Verbs)\./,
        );
      }
      expect(permissionName(slug, 'ne'), slug).not.toMatch(/[A-Za-z]/);
    }
  });

  it('running it again changes nothing', async () => {
    const before = await counts();
    await seed(database.db, { demo: true });
    expect(await counts()).toEqual(before);
  });
});
