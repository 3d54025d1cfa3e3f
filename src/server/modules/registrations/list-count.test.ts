/**
 * The applications list's meta.total (issue 18 §2): a staff list filtered by status, ward,
 * business type or fiscal year only is counted from the counters (application_stats), any other
 * list by the bounded count; either way it equals a direct count of the rows the list shows, and
 * is capped the same way.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedApplications } from '../../../../scripts/bench/seed-apps.js';
import { auth, buildTestApp, login, type TestContext } from '../../../../test/server/helper.js';
import { setListCountCap } from '../../lib/list.js';

let t: TestContext;
const statements: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ logger: { logQuery: (text) => statements.push(text) } });
  await seedApplications(t.database.db, 300, 'test-key');
  setListCountCap(100_000);
});
afterAll(async () => t.close());
afterEach(() => setListCountCap(100_000));

const one = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows[0];

/** The list's meta and whether its count came from the counters. */
async function list(token: string, filters: Record<string, unknown>) {
  statements.length = 0;
  const qs = new URLSearchParams({ rowsPerPage: '5', filters: JSON.stringify(filters) });
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/applications?${qs}`,
    headers: auth(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    meta: res.json().meta as { total: number; totalCapped: boolean },
    fromCounters: statements.some((s) => /"application_stats"/.test(s)),
  };
}

/** A direct count of live applications under `where`. */
const direct = async (where: ReturnType<typeof sql>) =>
  (
    await one<{ n: number }>(
      sql`select count(*)::int as n from applications a where a.deleted_on is null and ${where}`,
    )
  ).n;

describe('applications list count', () => {
  it('system admin: counters for status, ward, business type and fiscal year filters', async () => {
    const admin = await login(t.app, 'admin');
    const pick = await one<{ ward_id: number; business_type_id: number; fiscal_year_id: number }>(
      sql`select ward_id, business_type_id, fiscal_year_id from applications
        where app_status = 'approved' and fiscal_year_id is not null
        group by 1, 2, 3 order by count(*) desc limit 1`,
    );
    const cases: [Record<string, unknown>, ReturnType<typeof sql>][] = [
      [{}, sql`true`],
      [{ status: 'approved' }, sql`a.app_status = 'approved'`],
      [{ status: 'pending' }, sql`a.app_status = 'pending'`],
      [{ wardId: pick.ward_id }, sql`a.ward_id = ${pick.ward_id}`],
      [
        {
          status: 'approved',
          wardId: pick.ward_id,
          businessTypeId: pick.business_type_id,
          fiscalYearId: pick.fiscal_year_id,
        },
        sql`a.app_status = 'approved' and a.ward_id = ${pick.ward_id}
          and a.business_type_id = ${pick.business_type_id}
          and a.fiscal_year_id = ${pick.fiscal_year_id}`,
      ],
    ];
    for (const [filters, where] of cases) {
      const got = await list(admin, filters);
      const n = await direct(where);
      expect(got.meta, JSON.stringify(filters)).toEqual({
        total: n,
        totalCapped: false,
        nextCursor: n > 5 ? expect.any(String) : null,
      });
      expect(got.fromCounters, JSON.stringify(filters)).toBe(true);
    }
    expect(await direct(sql`a.app_status = 'approved'`)).toBeGreaterThan(5);
  });

  it('after a status change and a soft delete the counters still equal the rows', async () => {
    const admin = await login(t.app, 'admin');
    await t.database.db.execute(sql`update applications set app_status = 'rejected'
      where id in (select id from applications where app_status = 'pending' limit 3)`);
    await t.database.db.execute(sql`update applications set deleted_on = now()
      where id in (select id from applications where app_status = 'approved' limit 4)`);
    for (const status of ['pending', 'rejected', 'approved']) {
      const got = await list(admin, { status });
      expect(got.fromCounters).toBe(true);
      expect(got.meta.total).toBe(await direct(sql`a.app_status = ${status}`));
    }
  });

  it('ward admin: their ward only, from the counters; another ward asked for is 0', async () => {
    const token = await login(t.app, 'ward1');
    const me = await one<{ ward_id: number }>(
      sql`select ward_id from users where username = 'ward1'`,
    );
    const got = await list(token, { status: 'approved' });
    expect(got.fromCounters).toBe(true);
    expect(got.meta.total).toBe(
      await direct(sql`a.app_status = 'approved' and a.ward_id = ${me.ward_id}`),
    );
    const other = await one<{ id: number }>(
      sql`select id from wards where id <> ${me.ward_id} order by id limit 1`,
    );
    expect((await list(token, { wardId: other.id })).meta.total).toBe(0);
  });

  it('other filters and an applicant: the bounded count, equal too', async () => {
    const admin = await login(t.app, 'admin');
    const since = '2025-01-01';
    const got = await list(admin, { status: 'approved', submissionFrom: since });
    expect(got.fromCounters).toBe(false);
    expect(got.meta.total).toBe(
      await direct(sql`a.app_status = 'approved' and a.submission_date >= ${since}`),
    );
    const applicant = await login(t.app, 'applicant');
    const own = await list(applicant, {});
    expect(own.fromCounters).toBe(false);
    expect(own.meta.total).toBe(
      await direct(sql`a.user_id = (select id from users where username = 'applicant')`),
    );
  });

  it('the cap holds for a count from the counters', async () => {
    const admin = await login(t.app, 'admin');
    setListCountCap(10);
    const got = await list(admin, { status: 'approved' });
    expect(got.fromCounters).toBe(true);
    expect(got.meta).toMatchObject({ total: 10, totalCapped: true });
  });
});
