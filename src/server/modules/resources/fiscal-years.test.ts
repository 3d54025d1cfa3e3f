/**
 * "Make this the current fiscal year" (issue 17 §7): the explicit action, its refusal when the
 * year's tax setup would break fee estimates, its guard against a stale confirmation, a
 * concurrent double call, and the status switch that no longer moves "current".
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { translate } from '../../../shared/i18n/index.js';
import { auditLog, businessTypes, fiscalYears, taxSetups } from '../../db/schema.js';
import { buildTestApp, login, auth, type TestContext } from '../../../../test/server/helper.js';
import { body, client, parents, type Parents } from '../../../../test/server/resources.js';

let t: TestContext;
let admin: string;
let p: Parents;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  p = await parents(t.database);
  api = client(t.app);
});
afterAll(() => t.close());

const currentIds = async () =>
  (
    await t.database.db
      .select({ id: fiscalYears.id })
      .from(fiscalYears)
      .where(and(eq(fiscalYears.isCurrent, true), isNull(fiscalYears.deletedOn)))
  ).map((r) => r.id);

const makeCurrent = (id: number, payload?: Record<string, unknown>, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/fiscal-years/${id}/make-current`,
    headers: { ...auth(admin), ...(lang ? { 'accept-language': lang } : {}) },
    payload,
  });

/** Copies the seeded bands of the current year into year `id` (every business type covered). */
async function copyBands(id: number) {
  await t.database.db.execute(sql`
    insert into tax_setups (business_type_id, fiscal_year_id, min_capital, max_capital,
      tax_amount, renew_amount, renew_fine, renew_discount)
    select business_type_id, ${id}, min_capital, max_capital, tax_amount, renew_amount,
      renew_fine, renew_discount
    from tax_setups where fiscal_year_id = ${p.currentYearId} and deleted_on is null
      and not exists (select 1 from tax_setups x where x.fiscal_year_id = ${id})`);
}

describe('POST /api/fiscal-years/:id/make-current', () => {
  beforeEach(async () => {
    // back to the seeded current year (bands are there), through the action itself
    if ((await currentIds())[0] !== p.currentYearId) {
      expect((await makeCurrent(p.currentYearId)).statusCode).toBe(200);
    }
  });

  it('refuses a year without tax setup with 422 naming the business types; nothing changes', async () => {
    const before = await currentIds();
    const audits = await t.database.db.$count(auditLog);
    const res = await makeCurrent(p.bandFreeYearId);
    expect(res.statusCode).toBe(422);
    const msg = (res.json() as { message: string }).message;
    expect(msg).toContain('2080/81');
    expect(msg).toContain('Retail shop');
    expect(await currentIds()).toEqual(before);
    expect(await t.database.db.$count(auditLog)).toBe(audits);
    // in Nepali: Nepali names, Devanagari digits
    const ne = await makeCurrent(p.bandFreeYearId, undefined, 'ne');
    expect(ne.statusCode).toBe(422);
    const neMsg = (ne.json() as { message: string }).message;
    expect(neMsg).toContain('२०८०/८१');
    expect(neMsg).not.toMatch(/Retail/);
  });

  it('refuses while one active business type has no band, then makes the year current', async () => {
    await copyBands(p.otherYearId);
    // one type loses its bands in that year: still refused
    await t.database.db
      .update(taxSetups)
      .set({ status: 0 })
      .where(
        and(
          eq(taxSetups.fiscalYearId, p.otherYearId),
          eq(taxSetups.businessTypeId, p.businessTypeId),
        ),
      );
    expect((await makeCurrent(p.otherYearId)).statusCode).toBe(422);
    // an inactive business type does not count
    await t.database.db
      .update(businessTypes)
      .set({ status: 0 })
      .where(eq(businessTypes.id, p.businessTypeId));
    const res = await makeCurrent(p.otherYearId, { replacing: p.currentYearId });
    await t.database.db
      .update(businessTypes)
      .set({ status: 1 })
      .where(eq(businessTypes.id, p.businessTypeId));
    await t.database.db
      .update(taxSetups)
      .set({ status: 1 })
      .where(eq(taxSetups.fiscalYearId, p.otherYearId));
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toMatchObject({
      data: { id: p.otherYearId, isCurrent: true, status: 1 },
      message: translate('en-US', 'staff.fiscalYear.madeCurrent', { year: '2081/82' }),
    });
    expect(await currentIds()).toEqual([p.otherYearId]);
    // the old current year stays active, no longer current
    const old = body<{ data: { status: number; isCurrent: boolean } }>(
      await api.get(`/api/fiscal-years/${p.currentYearId}`, admin),
    ).data;
    expect(old).toMatchObject({ status: 1, isCurrent: false });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'fiscal-years.make-current'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(row).toMatchObject({ entityId: p.otherYearId, data: { to: '2081/82' } });
    // again: a no-op, 200
    expect((await makeCurrent(p.otherYearId)).statusCode).toBe(200);
    expect(await currentIds()).toEqual([p.otherYearId]);
  });

  it('refuses a stale confirmation (another year became current meanwhile) with 409', async () => {
    await copyBands(p.otherYearId);
    // the dialog said "2081/82 replaces <some other year>": not what is current now
    const res = await makeCurrent(p.otherYearId, { replacing: p.bandFreeYearId });
    expect(res.statusCode).toBe(409);
    expect(await currentIds()).toEqual([p.currentYearId]);
    const none = await makeCurrent(p.otherYearId, { replacing: 'none' });
    expect(none.statusCode).toBe(409);
  });

  it('two calls at once leave exactly one current year', async () => {
    await copyBands(p.otherYearId);
    const before = await t.database.db.$count(
      auditLog,
      eq(auditLog.action, 'fiscal-years.make-current'),
    );
    // two admins confirm the same change at the same moment ...
    const same = await Promise.all([
      makeCurrent(p.otherYearId, { replacing: p.currentYearId }),
      makeCurrent(p.otherYearId, { replacing: p.currentYearId }),
    ]);
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 200]);
    expect(await currentIds()).toEqual([p.otherYearId]);
    // ... the change happened once
    expect(
      await t.database.db.$count(auditLog, eq(auditLog.action, 'fiscal-years.make-current')),
    ).toBe(before + 1);
    // two admins each make a different year current, both confirming the same old year:
    // one wins, the other's confirmation is stale (409); exactly one year is current
    const [third] = await t.database.db
      .select({ id: fiscalYears.id })
      .from(fiscalYears)
      .where(eq(fiscalYears.code, '2082/83'));
    await copyBands(third.id);
    const both = await Promise.all([
      makeCurrent(p.currentYearId, { replacing: p.otherYearId }),
      makeCurrent(third.id, { replacing: p.otherYearId }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await currentIds()).toHaveLength(1);
    // without `replacing` the later call simply wins: still exactly one
    const racing = await Promise.all([
      makeCurrent(p.otherYearId),
      makeCurrent(p.currentYearId),
      makeCurrent(p.otherYearId),
    ]);
    expect(racing.every((r) => r.statusCode === 200)).toBe(true);
    expect(await currentIds()).toHaveLength(1);
  });

  it('needs edit-fiscal-years; unknown ids are 404', async () => {
    const ward = await login(t.app, 'ward1');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/fiscal-years/${p.otherYearId}/make-current`,
      headers: auth(ward),
    });
    expect(res.statusCode).toBe(403);
    expect((await makeCurrent(999_999)).statusCode).toBe(404);
    expect((await makeCurrent(p.otherYearId, { replacing: 'someone' })).statusCode).toBe(422);
  });
});

describe('the status switch no longer changes which year is current', () => {
  it('activating a year keeps the current one; the current one cannot be deactivated', async () => {
    const current = (await currentIds())[0];
    const other = current === p.otherYearId ? p.currentYearId : p.otherYearId;
    const row = body<{ data: { status: number } }>(
      await api.get(`/api/fiscal-years/${p.bandFreeYearId}`, admin),
    ).data;
    const on = await api.put(`/api/fiscal-years/${p.bandFreeYearId}/change-status`, admin);
    expect(on.statusCode).toBe(200);
    expect(body(on)).toMatchObject({
      data: { status: row.status === 1 ? 0 : 1, isCurrent: false },
    });
    expect(await currentIds()).toEqual([current]);
    const off = await api.put(`/api/fiscal-years/${current}/change-status`, admin);
    expect(off.statusCode).toBe(409);
    expect((off.json() as { message: string }).message).toBe(
      translate('en-US', 'staff.errors.currentFiscalYear'),
    );
    // a new active year is not current
    const created = await api.post('/api/fiscal-years', admin, {
      code: '2190/91',
      nameNe: '२१९०/९१',
      startDate: '2133-07-17',
      endDate: '2134-07-16',
      status: '1',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(body(created)).toMatchObject({ data: { status: 1, isCurrent: false } });
    expect(await currentIds()).toEqual([current]);
    expect(other).toBeGreaterThan(0);
  });
});
