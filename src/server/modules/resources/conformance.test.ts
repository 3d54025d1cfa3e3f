/**
 * Conformance (issue 3 acceptance): walks EVERY row of the SPEC §7 table for EVERY generic
 * resource, through app.inject() on a real migrated and seeded database (PGlite, or
 * PostgreSQL with DATABASE_URL): list (defaults, every sort column, every filter, paging),
 * all, {id}?lang=, with-slug, create, update, change-status, update-dropdown and delete.
 * otp-tokens is read only: its write paths are 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { translate } from '../../../shared/i18n/index.js';
import { SETUP_RESOURCES, type SetupResource } from '../../../shared/schemas/resources.js';
import { auditLog } from '../../db/schema.js';
import { buildTestApp, login, type TestContext } from '../../../../test/server/helper.js';
import {
  body,
  client,
  DROPDOWN_SAMPLES,
  nextI,
  parents,
  SAMPLES,
  seedOtps,
  type Form,
  type Parents,
  type Writable,
} from '../../../../test/server/resources.js';
import { RESOURCE_BY_NAME } from './registry.js';

let t: TestContext;
let admin: string;
let p: Parents;
let api: ReturnType<typeof client>;
let otpIds: number[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  p = await parents(t.database);
  api = client(t.app);
  otpIds = (await seedOtps(t.database, 4)).map((r) => r.id);
});
afterAll(() => t.close());

/** A value each declared filter accepts (the test fails for a filter without one). */
function filterSample(key: string): unknown {
  const byKey: Record<string, unknown> = {
    status: 1,
    q: 'a',
    stateId: p.stateId,
    districtId: p.districtId,
    cityId: 331,
    number: 1,
    businessTypeId: p.businessTypeId,
    fiscalYearId: p.currentYearId,
    userType: 'wardadmin',
    wardId: p.ward1Id,
    gender: 'male',
    requiredIn: 'both',
    isRequired: true,
    isCurrent: 'true',
    purpose: 'login',
    deliveryStatus: 'sent',
    categoryEn: 'Municipality',
    groupName: 'wards',
  };
  if (key in byKey) return byKey[key];
  if (key.endsWith('From')) return '2020-01-01';
  if (key.endsWith('To')) return '2099-12-31';
  throw new Error(`no sample value for filter ${key}`);
}

const audits = async (entity: string, id: number) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
  ).map((a) => a.action);

describe.each(SETUP_RESOURCES.map((r) => [r]))('%s', (r: SetupResource) => {
  const def = RESOURCE_BY_NAME.get(r)!;
  const writable = !def.readOnly;
  let id: number;

  beforeAll(async () => {
    if (writable) {
      const res = await api.post(`/api/${r}`, admin, SAMPLES[r as Writable](nextI(), p));
      expect(res.statusCode, res.body).toBe(201);
      id = body<{ data: { id: number } }>(res).data.id;
    } else {
      id = otpIds[0];
    }
  });

  it('GET list: defaults (25 rows, id descending), {data, meta.total}', async () => {
    const res = await api.list(r, admin);
    expect(res.statusCode, res.body).toBe(200);
    const b = body<{
      data: { id: number }[];
      meta: { total: number; totalCapped: boolean; nextCursor: string | null };
    }>(res);
    expect(b.data.length).toBeGreaterThan(0);
    expect(b.data.length).toBeLessThanOrEqual(25);
    expect(b.meta.total).toBeGreaterThanOrEqual(b.data.length);
    // the bounded count and the keyset cursor (issue 8)
    expect(b.meta.totalCapped).toBe(false);
    expect(b.meta.nextCursor === null).toBe(b.meta.total <= 25);
    const ids = b.data.map((x) => x.id);
    expect([...ids].sort((a, c) => c - a)).toEqual(ids);
    expect(JSON.stringify(b)).not.toMatch(/passwordHash|codeHash|deletedOn/);
  });

  it('GET list: every declared sort column, both directions', async () => {
    for (const sortBy of Object.keys(def.list.sortable)) {
      for (const descending of [true, false]) {
        const res = await api.list(r, admin, { sortBy, descending });
        expect(res.statusCode, `${sortBy} ${res.body}`).toBe(200);
      }
    }
    const asc = body<{ data: { id: number }[] }>(
      await api.list(r, admin, { sortBy: 'id', descending: false }),
    ).data;
    expect(asc.map((x) => x.id)).toEqual([...asc.map((x) => x.id)].sort((a, c) => a - c));
  });

  it('GET list: every declared filter', async () => {
    for (const key of Object.keys(def.list.filters)) {
      const res = await api.list(r, admin, { filters: { [key]: filterSample(key) } });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
    }
    // an empty value is no filter
    const all = body<{ meta: { total: number } }>(await api.list(r, admin)).meta.total;
    const empty = await api.list(r, admin, { filters: { status: '', q: '' } });
    expect(body<{ meta: { total: number } }>(empty).meta.total).toBe(all);
    // status filters
    const active = body<{ data: { status: number }[] }>(
      await api.list(r, admin, { filters: { status: 1 } }),
    );
    expect(active.data.every((x) => x.status === 1)).toBe(true);
  });

  it('GET list: paging', async () => {
    const p1 = body<{ data: { id: number }[]; meta: { total: number } }>(
      await api.list(r, admin, { rowsPerPage: 1, page: 1 }),
    );
    expect(p1.data).toHaveLength(1);
    if (p1.meta.total > 1) {
      const p2 = body<{ data: { id: number }[] }>(
        await api.list(r, admin, { rowsPerPage: 1, page: 2 }),
      );
      expect(p2.data).toHaveLength(1);
      expect(p2.data[0].id).not.toBe(p1.data[0].id);
    }
    // past the rows (within the OFFSET bound) is an empty page; past the bound without a
    // cursor, a 400 (issue 8: no unbounded OFFSET)
    const beyond = body<{ data: unknown[]; meta: { nextCursor: string | null } }>(
      await api.list(r, admin, { page: 401 }),
    );
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.nextCursor).toBeNull();
    const deep = await api.list(r, admin, { page: 100_000 });
    expect(deep.statusCode).toBe(400);
    expect(body<{ message: string }>(deep).message).toBe(translate('en-US', 'errors.pageTooDeep'));
    const max = await api.list(r, admin, { rowsPerPage: 100 });
    expect(max.statusCode).toBe(200);
  });

  it('GET all (filters)', async () => {
    const res = await api.get(`/api/${r}/all`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = body<{ data: { id: number; status: number }[] }>(res).data;
    expect(rows.length).toBeGreaterThan(0);
    if (!def.allAnyStatus) expect(rows.every((x) => x.status === 1)).toBe(true);
    const key = Object.keys(def.list.filters).find(
      (k) => k !== 'status' && k !== 'q' && !/From$|To$/.test(k),
    );
    if (key) {
      const filtered = await api.get(
        `/api/${r}/all?filters=${encodeURIComponent(JSON.stringify({ [key]: filterSample(key) }))}`,
        admin,
      );
      expect(filtered.statusCode, filtered.body).toBe(200);
    }
  });

  it('GET {id}?lang= answers {data}', async () => {
    const res = await api.get(`/api/${r}/${id}?lang=ne`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: { id: number } }>(res).data.id).toBe(id);
    expect((await api.get(`/api/${r}/2147483647`, admin)).statusCode).toBe(404);
  });

  it('GET with-slug/{slug}', async () => {
    const res = await api.get(`/api/${r}/with-slug/${def.slug ? 'none-such' : 'x'}`, admin);
    expect(res.statusCode).toBe(404);
    if (def.slug) {
      const row = body<{ data: { slug: string; id: number } }>(
        await api.get(`/api/${r}/${id}`, admin),
      ).data;
      const bySlug = await api.get(`/api/${r}/with-slug/${row.slug}`, admin);
      expect(bySlug.statusCode, bySlug.body).toBe(200);
      expect(body<{ data: { id: number } }>(bySlug).data.id).toBe(id);
    }
  });

  if (!writable) {
    it('is read only: every write path is 404, and rows hide the code and mask the phone', async () => {
      for (const [method, url] of [
        ['POST', `/api/${r}`],
        ['POST', `/api/${r}/${id}`],
        ['POST', `/api/${r}/delete`],
        ['PUT', `/api/${r}/${id}/change-status`],
        ['POST', `/api/${r}/${id}/update-dropdown`],
      ] as const) {
        const res =
          method === 'PUT'
            ? await api.put(url, admin)
            : await api.post(url, admin, { delete_rows: [id], field: 'purpose', value: 'x' });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const row = body<{ data: Record<string, unknown> }>(
        await api.get(`/api/${r}/${id}`, admin),
      ).data;
      expect(row.phone).toBe('98*****500');
      expect(row).not.toHaveProperty('codeHash');
      expect(Object.keys(row)).toEqual(
        expect.arrayContaining([
          'phone',
          'purpose',
          'createdAt',
          'expiresAt',
          'usedAt',
          'attempts',
          'status',
          'deliveryStatus',
        ]),
      );
    });
    return;
  }

  it('POST create: 201 {data, message} and hands back redirect/redirect_page', async () => {
    const form: Form = {
      ...SAMPLES[r as Writable](nextI(), p),
      redirect: '/settings',
      redirect_page: 'list',
    };
    const res = await api.post(`/api/${r}`, admin, form);
    expect(res.statusCode, res.body).toBe(201);
    const b = body<{
      data: Record<string, unknown>;
      message: string;
      redirect: string;
      redirect_page: string;
    }>(res);
    expect(b.message).toBe(translate('en-US', 'common.actionSuccess'));
    expect(b.redirect).toBe('/settings');
    expect(b.redirect_page).toBe('list');
    for (const [k, v] of Object.entries(form)) {
      if (
        ['password', 'redirect', 'redirect_page', 'permissionIds[]', 'isRequired'].includes(k) ||
        /Capital|Amount|Fine|Discount/.test(k)
      )
        continue;
      expect(String(b.data[k]), k).toBe(String(v));
    }
    expect(await audits(r, b.data.id as number)).toContain(`${r}.create`);
    // cleanup so samples with few free values (wards 30..33) do not run out
    await api.post(`/api/${r}/delete`, admin, { 'delete_rows[]': [b.data.id as number] });
  });

  it('POST {id} update: the whole form; answers the row and hands back redirect', async () => {
    const form: Form = { ...SAMPLES[r as Writable](nextI(), p), redirect_page: 'back' };
    if (r === 'wards')
      form.number = body<{ data: { number: number } }>(
        await api.get(`/api/wards/${id}`, admin),
      ).data.number;
    const res = await api.post(`/api/${r}/${id}`, admin, form);
    expect(res.statusCode, res.body).toBe(200);
    const b = body<{ data: Record<string, unknown>; message: string; redirect_page: string }>(res);
    expect(b.message).toBe(translate('en-US', 'common.updated'));
    expect(b.redirect_page).toBe('back');
    expect(b.data.id).toBe(id);
    const key = 'nameEn' in form ? 'nameEn' : 'name' in form ? 'name' : 'code';
    expect(b.data[key]).toBe(form[key]);
    expect(await audits(r, id)).toContain(`${r}.update`);
  });

  it('PUT {id}/change-status toggles 1 ↔ 0 with 200', async () => {
    const before = body<{ data: { status: number } }>(await api.get(`/api/${r}/${id}`, admin)).data
      .status;
    const res = await api.put(`/api/${r}/${id}/change-status`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ message: string }>(res).message).toBe(
      translate('en-US', 'resource.statusChanged'),
    );
    expect(body<{ data: { status: number } }>(res).data.status).toBe(before === 1 ? 0 : 1);
    // (a fiscal year's status never moves "current": fiscal-years.test.ts)
    const back = await api.put(`/api/${r}/${id}/change-status`, admin);
    expect(body<{ data: { status: number } }>(back).data.status).toBe(before);
    expect(await audits(r, id)).toContain(`${r}.status`);
  });

  it('POST {id}/update-dropdown: whitelisted fields only', async () => {
    const unknown = await api.post(`/api/${r}/${id}/update-dropdown`, admin, {
      field: 'nameEn',
      value: 'x',
    });
    expect(unknown.statusCode).toBe(422);
    expect(body<{ errors: Record<string, string[]> }>(unknown).errors).toHaveProperty('field');
    const sample = DROPDOWN_SAMPLES[r as Writable];
    expect(def.dropdown.length > 0).toBe(!!sample);
    if (!sample) return;
    const s = sample(p);
    const res = await api.post(`/api/${r}/${id}/update-dropdown`, admin, {
      field: s.field,
      value: s.value,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: Record<string, unknown> }>(res).data[s.field]).toBe(s.expect);
    const bad = await api.post(`/api/${r}/${id}/update-dropdown`, admin, {
      field: s.field,
      value: 'not-valid-!',
    });
    expect(bad.statusCode).toBe(422);
    expect(body<{ errors: Record<string, string[]> }>(bad).errors).toHaveProperty('value');
    expect(await audits(r, id)).toContain(`${r}.dropdown`);
  });

  it('POST delete: soft delete, reports what was not deleted', async () => {
    const res = await api.post(`/api/${r}/delete`, admin, { 'delete_rows[]': [id, 2_000_000_000] });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ data: unknown }>(res).data).toEqual({
      deleted: [id],
      notDeleted: [2_000_000_000],
    });
    expect((await api.get(`/api/${r}/${id}`, admin)).statusCode).toBe(404);
    const list = body<{ data: { id: number }[] }>(
      await api.list(r, admin, { rowsPerPage: 100 }),
    ).data;
    expect(list.map((x) => x.id)).not.toContain(id);
    const again = await api.post(`/api/${r}/delete`, admin, { 'delete_rows[]': [id] });
    expect(body<{ data: unknown }>(again).data).toEqual({ deleted: [], notDeleted: [id] });
    expect(await audits(r, id)).toContain(`${r}.delete`);
  });
});
