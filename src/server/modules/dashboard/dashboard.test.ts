/**
 * GET /api/dashboard answers what a direct count of the applications and payments gives
 * (issue 18 §3: the dashboard reads the counters in one prepared statement), for a system
 * admin (all wards; and filtered by fiscal year and ward) and a ward admin (their ward only,
 * whatever ward they ask for), on a few hundred seeded applications.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplications } from '../../../../scripts/bench/seed-apps.js';
import { auth, buildTestApp, login, type TestContext } from '../../../../test/server/helper.js';

let t: TestContext;
const statements: string[] = [];

beforeAll(async () => {
  t = await buildTestApp({ logger: { logQuery: (text) => statements.push(text) } });
  await seedApplications(t.database.db, 300, 'test-key');
});
afterAll(async () => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The dashboard as a direct count over applications and payments. */
async function direct(opts: { wardId?: number; fiscalYearId?: number; allUsers: boolean }) {
  const w = opts.wardId ? sql`and a.ward_id = ${opts.wardId}` : sql``;
  const f = opts.fiscalYearId ? sql`and a.fiscal_year_id = ${opts.fiscalYearId}` : sql``;
  const pf = opts.fiscalYearId ? sql`and p.fiscal_year_id = ${opts.fiscalYearId}` : sql``;
  const counts = await rows<{ s: string; n: number }>(sql`select a.app_status as s,
      count(*)::int as n from applications a where a.deleted_on is null ${w} ${f} group by 1`);
  const registered = sql`not a.is_renewal and a.app_status in ('approved', 'cancelled')
    and a.registration_no is not null`;
  const byWard = await rows(sql`select w.id as "wardId", w.number, count(*)::int as n
      from applications a join wards w on w.id = a.ward_id
      where a.deleted_on is null and ${registered} ${w} ${f} group by 1, 2 order by 2`);
  const byType = await rows(sql`select b.id, b.name_en as "nameEn", b.name_ne as "nameNe",
      count(*)::int as n from applications a join business_types b on b.id = a.business_type_id
      where a.deleted_on is null and ${registered} ${w} ${f} group by 1 order by 4 desc, 1`);
  const [paid] = await rows<{ total: string }>(sql`select coalesce(sum(p.total), 0)::text as total
      from payments p join applications a on a.id = p.application_id
      where p.pay_status = 'completed' and a.deleted_on is null ${w} ${f} ${pf}`);
  const [fy] = await rows<{ start_date: string; end_date: string }>(sql`select
      start_date::text, end_date::text from fiscal_years
      where ${opts.fiscalYearId ? sql`id = ${opts.fiscalYearId}` : sql`is_current and deleted_on is null`}`);
  const [inYear] = await rows<{ total: string }>(sql`select coalesce(sum(p.total), 0)::text as total
      from payments p join applications a on a.id = p.application_id
      where p.pay_status = 'completed' and a.deleted_on is null ${w} ${f}
        and p.paid_date between ${fy.start_date} and ${fy.end_date}`);
  const [users] = await rows<{ n: number }>(
    opts.allUsers
      ? sql`select count(*)::int as n from users where deleted_on is null`
      : sql`select count(distinct a.user_id)::int as n from applications a
          where a.deleted_on is null ${w} ${f}`,
  );
  const by = (s: string) => counts.find((c) => c.s === s)?.n ?? 0;
  return {
    total: counts.reduce((s, c) => s + c.n, 0),
    pending: by('pending'),
    verified: by('verified'),
    paid: by('paid'),
    approved: by('approved'),
    rejected: by('rejected'),
    cancelled: by('cancelled'),
    paidAmount: Number(paid.total),
    users: users.n,
    byWard,
    byBusinessType: byType,
    revenueInYear: Number(inYear.total),
  };
}

async function dashboard(token: string, q = '') {
  statements.length = 0;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/dashboard${q}`,
    headers: auth(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as {
    total: number;
    paidAmount: number;
    revenueByMonth: { month: number; total: number }[];
    [key: string]: unknown;
  };
  const { revenueByMonth, fiscalYear: _fy, ...rest } = data;
  expect(revenueByMonth.map((m) => m.month)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3]);
  return {
    ...rest,
    revenueInYear: revenueByMonth.reduce((s, m) => s + m.total, 0),
    /**
     * the route's own statements: not the session's (plugins/auth.ts), nor the rate limiter's
     * reservation of a chunk of counts (lib/rate-limit-store.ts), which any route may send
     */
    sent: statements.filter(
      (s) => !/"access_tokens"|auth_version|session_guard_holds|rate_limits/.test(s),
    ),
  };
}

describe('dashboard = a direct count', () => {
  it('system admin: every ward, then one fiscal year, then one ward', async () => {
    const admin = await login(t.app, 'admin');
    const all = await dashboard(admin);
    expect(all.total).toBeGreaterThanOrEqual(300);
    expect(all.paidAmount).toBeGreaterThan(0);
    const { sent, ...got } = all;
    expect(got).toEqual(await direct({ allUsers: true }));
    expect(sent).toHaveLength(1);

    const [fy] = await rows<{ id: number }>(
      sql`select id from fiscal_years where is_current and deleted_on is null`,
    );
    const { sent: s2, ...inYear } = await dashboard(admin, `?fiscalYearId=${fy.id}`);
    expect(inYear).toEqual(await direct({ fiscalYearId: fy.id, allUsers: false }));
    expect(s2).toHaveLength(1);

    const [ward] = await rows<{ id: number }>(sql`select ward_id as id from applications
      group by 1 order by count(*) desc limit 1`);
    const { sent: s3, ...oneWard } = await dashboard(admin, `?wardId=${ward.id}`);
    expect(oneWard).toEqual(await direct({ wardId: ward.id, allUsers: false }));
    expect(s3).toHaveLength(1);
  });

  it("ward admin: their ward only, even when asking for another's", async () => {
    const token = await login(t.app, 'ward1');
    const [me] = await rows<{ ward_id: number }>(
      sql`select ward_id from users where username = 'ward1'`,
    );
    const { sent, ...got } = await dashboard(token);
    expect(got.total).toBeGreaterThan(0);
    expect(got).toEqual(await direct({ wardId: me.ward_id, allUsers: false }));
    expect(sent).toHaveLength(1);

    const [other] = await rows<{ id: number }>(
      sql`select id from wards where id <> ${me.ward_id} order by id limit 1`,
    );
    const { sent: _s, ...none } = await dashboard(token, `?wardId=${other.id}`);
    expect(none).toMatchObject({ total: 0, paidAmount: 0, byWard: [], byBusinessType: [] });
  });
});
