/**
 * The palika's settings (issue 17 §6) through app.inject(): the public identity without a login,
 * the whole settings for system administrators only, a change stored at once (administrative
 * cost typed in rupees, stored in paisa) and audited with before and after, refusals that change
 * nothing, the emblem's upload and public serving, and the documents and renewals that use them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { fiscalYearOf } from '../../../shared/fiscal-year.js';
import type { PublicSettings, SettingsView } from '../../../shared/schemas/settings.js';
import { auditLog, permissions, settings as settingsTable } from '../../db/schema.js';
import {
  auth,
  buildTestApp,
  login,
  multipart,
  readFixture,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../../test/server/fixtures.js';
import { renderCertificateHtml } from '../certificates/index.js';

let t: TestContext;
let staff: { ward1: string; admin: string };
let stored: (typeof settingsTable.$inferSelect)[];

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
  stored = await t.database.db.select().from(settingsTable);
});
afterAll(() => t.close());
// every test starts from the seeded settings
afterEach(async () => {
  await t.database.db.delete(settingsTable);
  await t.database.db.insert(settingsTable).values(stored);
});

const VALID = {
  nameEn: 'Godawari Municipality',
  nameNe: 'गोदावरी नगरपालिका',
  addressEn: 'Taukhel, Lalitpur',
  addressNe: 'टौखेल, ललितपुर',
  phone: '०१-५१७४२०१',
  email: 'Info@Godawari.gov.np',
  adminCost: '150.50',
  rentTaxRatePercent: '2.5',
  renewalWindowDays: '45',
};

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const put = (payload: object, token = staff.admin) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth(token), payload });
const view = async () =>
  (await get('/api/settings', staff.admin)).json<{ data: SettingsView }>().data;
const publicView = async () =>
  (await get('/api/settings/public')).json<{ data: PublicSettings }>().data;
const uploadEmblem = (data: Buffer, filename: string, token = staff.admin) => {
  const m = multipart({}, { emblem: { filename, data } });
  return t.app.inject({
    method: 'POST',
    url: '/api/settings/emblem',
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
};
const lastAudit = async (action: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity, 'settings')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

/** An application taken through to approval; its certificate and the payment's id. */
async function approved() {
  const a = await newApplicant(t.app, 'Settings');
  const id = await submit(t.app, a.token, 1);
  await act(t.app, staff.ward1, id, 'verify');
  await act(t.app, staff.ward1, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: todayAd(),
    channel: 'counter',
  });
  const d = (await act(t.app, staff.admin, id, 'approve')).json().data;
  return { a, id, paymentId: d.payments[0].id as number };
}

describe('GET /api/settings/public', () => {
  it('gives the palika identity without a login: the local level names by default', async () => {
    const res = await get('/api/settings/public');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json().data).toEqual({
      nameEn: 'Lalitpur Metropolitan City',
      nameNe: 'ललितपुर महानगरपालिका',
      addressEn: 'Pulchowk, Lalitpur',
      addressNe: 'पुल्चोक, ललितपुर',
      phone: '',
      email: '',
      emblemUrl: '/api/settings/emblem?v=default',
    });
  });
});

describe('GET and PUT /api/settings', () => {
  it('gives every setting to a system admin, with the seeded fees and renewal window', async () => {
    expect(await view()).toMatchObject({
      nameEn: 'Lalitpur Metropolitan City',
      adminCost: 100_00,
      rentTaxRatePercent: 10,
      renewalWindowDays: 30,
      customEmblem: false,
      defaults: { nameEn: 'Lalitpur Metropolitan City', nameNe: 'ललितपुर महानगरपालिका' },
    });
  });

  it('stores a change at once, rupees as paisa, audited with before and after', async () => {
    const res = await put(VALID);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      nameEn: 'Godawari Municipality',
      nameNe: 'गोदावरी नगरपालिका',
      addressEn: 'Taukhel, Lalitpur',
      addressNe: 'टौखेल, ललितपुर',
      phone: '01-5174201',
      email: 'info@godawari.gov.np',
      adminCost: 150_50,
      rentTaxRatePercent: 2.5,
      renewalWindowDays: 45,
    };
    expect(res.json().data).toMatchObject(expected);
    expect(await view()).toMatchObject(expected);
    expect(await publicView()).toMatchObject({ nameEn: 'Godawari Municipality' });
    // the fee engine's row keeps its shape
    const [fees] = await t.database.db
      .select()
      .from(settingsTable)
      .where(eq(settingsTable.key, 'fees'));
    expect(fees.value).toEqual({ adminCost: 150_50, rentTaxRatePercent: 2.5 });

    const row = await lastAudit('settings.update');
    expect(row.userId).toBeGreaterThan(0);
    expect(row.data).toMatchObject({
      changed: {
        nameEn: { before: 'Lalitpur Metropolitan City', after: 'Godawari Municipality' },
        adminCost: { before: 100_00, after: 150_50 },
        rentTaxRatePercent: { before: 10, after: 2.5 },
        renewalWindowDays: { before: 30, after: 45 },
      },
      before: { nameEn: 'Lalitpur Metropolitan City' },
      after: { nameEn: 'Godawari Municipality' },
    });
    // the same values again change nothing and are not audited again
    expect((await put(VALID)).statusCode).toBe(200);
    expect((await lastAudit('settings.update')).id).toBe(row.id);
  });

  it('refuses bad values with 422 field errors, changing nothing', async () => {
    const before = await view();
    const audited = await lastAudit('settings.update');
    const res = await put({
      ...VALID,
      nameEn: ' ',
      email: 'not-an-email',
      phone: 'call us',
      adminCost: '-5',
      rentTaxRatePercent: '101',
      renewalWindowDays: '400',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['adminCost', 'email', 'nameEn', 'phone', 'rentTaxRatePercent', 'renewalWindowDays'].sort(),
    );
    expect((await put({ ...VALID, rentTaxRatePercent: '2.125' })).statusCode).toBe(422);
    expect((await put({})).statusCode).toBe(422);
    expect(await view()).toEqual(before);
    expect(await lastAudit('settings.update')).toEqual(audited);
  });

  it('is given to system admins of a database seeded before it existed (migration 0014)', async () => {
    const db = t.database.db;
    // as an older database was: no edit-settings permission (its grants go with it)
    await db.delete(permissions).where(eq(permissions.slug, 'edit-settings'));
    const before = await login(t.app, 'admin');
    expect((await get('/api/settings', before)).statusCode).toBe(403);
    const file = path.resolve(import.meta.dirname, '../../../../db/migrations/0014_settings.sql');
    for (const statement of (await readFile(file, 'utf8')).split('--> statement-breakpoint')) {
      await db.execute(sql.raw(statement));
    }
    const after = await login(t.app, 'admin');
    expect((await get('/api/settings', after)).statusCode).toBe(200);
    expect((await get('/api/settings', staff.ward1)).statusCode).toBe(403);
    const [p] = await db.select().from(permissions).where(eq(permissions.slug, 'edit-settings'));
    expect(p).toMatchObject({ nameEn: 'Settings: Edit', nameNe: 'सेटिङ: सम्पादन गर्ने' });
  });

  it('is for system admins only', async () => {
    expect((await get('/api/settings')).statusCode).toBe(401);
    expect((await get('/api/settings', staff.ward1)).statusCode).toBe(403);
    const applicant = await newApplicant(t.app, 'Nosy');
    expect((await get('/api/settings', applicant.token)).statusCode).toBe(403);
    expect((await put(VALID, staff.ward1)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/settings', payload: VALID });
    expect(anonymous.statusCode).toBe(401);
    expect((await view()).nameEn).toBe('Lalitpur Metropolitan City');
  });
});

describe('the emblem', () => {
  it('serves the default emblem publicly, cacheable', async () => {
    const res = await get('/api/settings/emblem?v=default');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('<svg');
  });

  it('takes a PNG, serves it at a versioned URL, audited; DELETE goes back', async () => {
    const png = await readFixture('citizenship.png');
    const res = await uploadEmblem(png, 'emblem.png');
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json<{ data: SettingsView }>().data;
    expect(v.customEmblem).toBe(true);
    expect(v.emblemUrl).toMatch(/^\/api\/settings\/emblem\?v=[0-9a-f]{16}$/);
    expect((await publicView()).emblemUrl).toBe(v.emblemUrl);

    const img = await get(v.emblemUrl);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.rawPayload.equals(png)).toBe(true);
    // an old URL is only briefly cached; a known version answers 304
    expect((await get('/api/settings/emblem?v=default')).headers['cache-control']).toBe(
      'public, max-age=60',
    );
    const etag = img.headers.etag as string;
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/settings/emblem',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(await lastAudit('settings.emblem')).toMatchObject({
      data: { before: null, after: expect.any(Number), name: 'emblem.png' },
    });

    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/emblem',
      headers: auth(staff.admin),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toMatchObject({
      customEmblem: false,
      emblemUrl: '/api/settings/emblem?v=default',
    });
    expect((await get('/api/settings/emblem')).headers['content-type']).toMatch(/svg/);
  });

  it('refuses another type with 422 and a larger one with 413, changing nothing', async () => {
    const audited = await lastAudit('settings.emblem');
    const pdf = Buffer.from('%PDF-1.4\n%test\n');
    let res = await uploadEmblem(pdf, 'emblem.png');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['emblem']);
    res = await uploadEmblem(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'e.svg');
    expect(res.statusCode).toBe(422);
    const png = await readFixture('citizenship.png');
    const big = Buffer.concat([png, Buffer.alloc(1024 * 1024)]);
    res = await uploadEmblem(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect((await uploadEmblem(png, 'e.png', staff.ward1)).statusCode).toBe(403);
    expect((await view()).customEmblem).toBe(false);
    expect(await lastAudit('settings.emblem')).toEqual(audited);
  });
});

describe('used by the documents and renewals', () => {
  it('a new certificate and receipt carry the changed name, office and emblem', async () => {
    expect((await put(VALID)).statusCode).toBe(200);
    const png = await readFixture('citizenship.png');
    const emblem = (await uploadEmblem(png, 'emblem.png')).json().data.emblemUrl as string;
    const { a, id, paymentId } = await approved();

    const cert = await get(`/api/applications/${id}/certificate`, a.token);
    expect(cert.statusCode, cert.body).toBe(200);
    const c = cert.json().data;
    expect(c.palika).toMatchObject({
      title: { en: 'Godawari Municipality', ne: 'गोदावरी नगरपालिका' },
      emblemUrl: emblem,
      office: {
        address: { en: 'Taukhel, Lalitpur', ne: 'टौखेल, ललितपुर' },
        phone: '01-5174201',
        email: 'info@godawari.gov.np',
      },
    });
    const html = renderCertificateHtml(c, undefined, `data:image/png;base64,AAAA`);
    expect(html).toContain('गोदावरी नगरपालिका');
    expect(html).toContain('Godawari Municipality');
    expect(html).toContain('src="data:image/png;base64,AAAA"');
    expect(html).toContain('info@godawari.gov.np');

    const receipt = await get(`/api/payments/${paymentId}/receipt`, a.token);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().data).toMatchObject({
      palika: { en: 'Godawari Municipality', ne: 'गोदावरी नगरपालिका' },
      office: { address: { en: 'Taukhel, Lalitpur' }, phone: '01-5174201' },
    });
  });

  it('the renewal window decides when a registration may be renewed', async () => {
    const { a, id } = await approved();
    const expiry = fiscalYearOf(todayAd()).endAd;
    const detail = async () =>
      (await get(`/api/applications/${id}`, a.token)).json().data as { canRenew: boolean };
    const days = Math.ceil((Date.parse(expiry) - Date.parse(todayAd())) / 86_400_000);
    expect((await put({ ...VALID, renewalWindowDays: String(days - 1) })).statusCode).toBe(200);
    expect((await detail()).canRenew).toBe(false);
    expect((await put({ ...VALID, renewalWindowDays: String(days) })).statusCode).toBe(200);
    expect((await detail()).canRenew).toBe(true);
    // the renewals list filters with the same window
    const list = await get('/api/applications/renewals?limit=100', staff.admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json().data)).toContain(`"id":${id}`);
  });
});
