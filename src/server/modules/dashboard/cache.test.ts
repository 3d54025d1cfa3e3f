/**
 * The dashboard's per-process cache (dashboard/cache.ts, migration 0019 stats_version, issue 18
 * §3) is never stale: two app instances on one database (as behind nginx) each keep their own
 * cache, and a change made through the other instance — or straight in the database — is in the
 * very next answer. An unchanged scope is answered from the cache (no counter read), a change in
 * another ward leaves a ward admin's cache alone, and a signed-out token gets 401 even when its
 * answer is cached.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, login, type TestContext } from '../../../../test/server/helper.js';
import { newApplicant, submit } from '../../../../test/server/fixtures.js';
import { seedApplications } from '../../../../scripts/bench/seed-apps.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';

let t: TestContext;
/** a second instance on the same database, with its own cache */
let b: FastifyInstance;
const statements: string[] = [];
let applicant: { token: string };

beforeAll(async () => {
  t = await buildTestApp({ logger: { logQuery: (text) => statements.push(text) } });
  b = await buildApp({
    config: {
      ...loadConfig({ NODE_ENV: 'test' }),
      uploadDir: t.uploadDir,
      logLevel: 'silent',
      outboxIntervalMs: 0,
    },
    database: t.database,
    logger: false,
  });
  await b.ready();
  // a few registrations with completed payments
  await seedApplications(t.database.db, 20, 'test-key');
  applicant = await newApplicant(t.app, 'Cache Applicant');
  await submit(t.app, applicant.token, 1);
});
afterAll(async () => {
  await b.close();
  await t.close();
});

interface Dashboard {
  total: number;
  pending: number;
  rejected: number;
  paidAmount: number;
  fiscalYear: { nameNe: string } | null;
}

/** The dashboard on `app` and whether it read the counters (false: answered from the cache). */
async function dashboard(app: FastifyInstance, token: string) {
  statements.length = 0;
  const res = await app.inject({ method: 'GET', url: '/api/dashboard', headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return {
    data: res.json().data as Dashboard,
    counted: statements.some((s) => /application_stats/.test(s)),
  };
}

const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

describe('dashboard cache', () => {
  it('answers an unchanged scope from the cache, and a change on the other instance on the next request', async () => {
    const admin = await login(t.app, 'admin');
    const first = await dashboard(b, admin);
    expect(first.counted).toBe(true);
    expect(first.data.total).toBeGreaterThan(0);
    // warm on both; unchanged: from the cache, same answer
    await dashboard(t.app, admin);
    const again = await dashboard(b, admin);
    expect(again).toEqual({ data: first.data, counted: false });
    expect(statements.some((s) => /stats_version/.test(s))).toBe(true);

    // a submission through instance A: B's next answer has it
    await submit(t.app, applicant.token, 2);
    const afterSubmit = await dashboard(b, admin);
    expect(afterSubmit.counted).toBe(true);
    expect(afterSubmit.data.total).toBe(first.data.total + 1);
    expect(afterSubmit.data.pending).toBe(first.data.pending + 1);
    expect((await dashboard(t.app, admin)).data).toEqual(afterSubmit.data);

    // a status change written straight to the database (another process)
    await exec(sql`update applications set app_status = 'rejected'
      where id = (select max(id) from applications)`);
    const afterReject = await dashboard(b, admin);
    expect(afterReject.data.pending).toBe(first.data.pending);
    expect(afterReject.data.rejected).toBe(first.data.rejected + 1);

    // a completed payment's amount corrected (paisa)
    await exec(sql`update payments set total = total + 100
      where id = (select min(id) from payments where pay_status = 'completed')`);
    const repaid = await dashboard(b, admin);
    expect(repaid.data.paidAmount).toBe(afterReject.data.paidAmount + 100);

    // what every scope reads: the current fiscal year's name
    await exec(sql`update fiscal_years set name_ne = name_ne || ' (सच्याइएको)'
      where is_current and deleted_on is null`);
    const renamed = await dashboard(b, admin);
    expect(renamed.data.fiscalYear?.nameNe).toMatch(/सच्याइएको/);
    expect(renamed.data.total).toBe(afterReject.data.total);
  });

  it("a ward admin's cached answer survives a change in another ward, not one in theirs", async () => {
    const ward1 = await login(t.app, 'ward1');
    const before = await dashboard(b, ward1);
    expect((await dashboard(b, ward1)).counted).toBe(false);

    await submit(t.app, applicant.token, 2);
    const other = await dashboard(b, ward1);
    expect(other).toEqual({ data: before.data, counted: false });

    await submit(t.app, applicant.token, 1);
    const own = await dashboard(b, ward1);
    expect(own.counted).toBe(true);
    expect(own.data.total).toBe(before.data.total + 1);
  });

  it('a signed-out token is refused even when its answer is cached', async () => {
    const admin = await login(t.app, 'admin');
    await dashboard(b, admin);
    await dashboard(b, admin);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(admin) });
    expect(out.statusCode).toBe(200);
    const res = await b.inject({ method: 'GET', url: '/api/dashboard', headers: auth(admin) });
    expect(res.statusCode).toBe(401);
  });

  it("an applicant's own dashboard counts their rows each time", async () => {
    const first = await dashboard(b, applicant.token);
    expect(first.data.total).toBe(4);
    await submit(t.app, applicant.token, 3);
    expect((await dashboard(b, applicant.token)).data.total).toBe(5);
  });
});
