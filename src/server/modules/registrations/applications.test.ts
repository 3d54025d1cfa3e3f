/**
 * Applications API through app.inject() on a real migrated database: every lifecycle
 * transition (legal and illegal), scoping, and bad input that must change nothing.
 */
import { readdir } from 'node:fs/promises';
import { adToBs, todayAd } from '../../../shared/bs-date.js';
import { fiscalYearOf } from '../../../shared/fiscal-year.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  auth,
  buildTestApp,
  multipart,
  readFixture,
  rowCount,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
  validFields,
  validFiles,
  wardId,
} from '../../../../test/server/fixtures.js';
import { applications, applicationHistory, auditLog, files } from '../../db/schema.js';

let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
});
afterAll(() => t.close());

const detail = async (token: string, id: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/applications/${id}`,
    headers: auth(token),
  });
  return res;
};
const count = (table: PgTable) => rowCount(t.database, table);
const pay = (id: number, receiptNo = nextReceipt()) =>
  act(t.app, staff.ward1, id, 'payments', {
    receiptNo,
    paidDate: '2025-08-01',
    channel: 'counter',
  });

describe('the whole lifecycle', () => {
  it('submit → verify (bill) → pay → approve (registration number, certificate)', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    let d = (await detail(a.token, id)).json().data;
    expect(d.appStatus).toBe('pending');
    expect(d.submissionNo).toMatch(/^\d{4}-\d{2}-\d{6}$/);
    expect(d.documents.map((x: { kind: string }) => x.kind)).toEqual([
      'photo',
      'citizenship',
      'rent-agreement',
      'lalpurja',
    ]);
    expect(d.allowedActions).toEqual(['cancel']);

    let res = await act(t.app, staff.ward1, id, 'verify', { remarks: 'Documents fine' });
    expect(res.statusCode, res.body).toBe(200);
    d = res.json().data;
    expect(d.appStatus).toBe('verified');
    // capital Rs 3,00,000 falls in the first band: tax Rs 1,000 + admin cost Rs 100
    expect(d.bill.businessTax).toBe(100_000);
    expect(d.bill.adminCost).toBe(10_000);
    expect(d.bill.total).toBe(110_000);

    res = await pay(id);
    expect(res.statusCode, res.body).toBe(200);
    d = res.json().data;
    expect(d.appStatus).toBe('paid');
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0].total).toBe(110_000);

    // ward admins do not approve (DESIGN.md §3: approve-applications is the admin's)
    res = await act(t.app, staff.ward1, id, 'approve');
    expect(res.statusCode).toBe(403);
    res = await act(t.app, staff.admin, id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    d = res.json().data;
    expect(d.appStatus).toBe('approved');
    expect(d.registrationNo).toMatch(/^\d+\/\d{4}-\d{2}$/);
    expect(d.expiryDate).toBeTruthy();
    expect(d.certificate.registrationNo).toBe(d.registrationNo);
    expect(d.history.map((h: { action: string }) => h.action)).toEqual([
      'submit',
      'verify',
      'pay',
      'approve',
    ]);

    const cert = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${id}/certificate`,
      headers: auth(a.token),
    });
    expect(cert.statusCode).toBe(200);
    expect(cert.json().data.ward.chairName.ne).toBeTruthy();
    expect(cert.json().data.registrationNo).toBe(d.registrationNo);
  });

  it('registration numbers are gapless and increasing within the fiscal year', async () => {
    const a = await newApplicant(t.app);
    const nums: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await submit(t.app, a.token, 1);
      await act(t.app, staff.ward1, id, 'verify');
      await pay(id);
      const res = await act(t.app, staff.admin, id, 'approve');
      nums.push(Number(res.json().data.registrationNo.split('/')[0]));
    }
    expect(nums[1]).toBe(nums[0] + 1);
    expect(nums[2]).toBe(nums[1] + 1);
  });

  it('reject needs remarks; the applicant may resubmit, then cancel', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    let res = await act(t.app, staff.ward1, id, 'reject', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.remarks[0]).toBe('This filed is required');
    res = await act(t.app, staff.ward1, id, 'reject', { remarks: 'Photo is blurred' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.appStatus).toBe('rejected');
    expect((await detail(a.token, id)).json().data.allowedActions).toEqual(['resubmit', 'cancel']);
    res = await act(t.app, a.token, id, 'resubmit');
    expect(res.json().data.appStatus).toBe('pending');
    res = await act(t.app, a.token, id, 'cancel');
    expect(res.json().data.appStatus).toBe('cancelled');
    // cancelled is final
    for (const p of ['verify', 'reject', 'approve', 'cancel', 'resubmit']) {
      const r = await act(
        t.app,
        p === 'resubmit' || p === 'cancel' ? a.token : staff.admin,
        id,
        p,
        { remarks: 'x' },
      );
      expect(r.statusCode, `${p} on cancelled`).toBe(409);
    }
  });

  it('verified applications can be rejected; approved ones terminated by an admin', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id, 'verify');
    let res = await act(t.app, staff.ward1, id, 'reject', { remarks: 'Wrong capital' });
    expect(res.json().data.appStatus).toBe('rejected');

    const id2 = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id2, 'verify');
    await pay(id2);
    await act(t.app, staff.admin, id2, 'approve');
    res = await act(t.app, a.token, id2, 'terminate', { remarks: 'closing' });
    expect(res.statusCode).toBe(403);
    res = await act(t.app, staff.admin, id2, 'terminate', { remarks: 'Business closed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.appStatus).toBe('cancelled');
    const cert = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${id2}/certificate`,
      headers: auth(a.token),
    });
    expect(cert.json().data.revoked).toBe(true);
  });

  it('illegal transitions answer 409 and change nothing', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    const before = await count(applicationHistory);
    for (const [path, body] of [
      ['approve', {}],
      ['payments', { receiptNo: nextReceipt(), paidDate: '2025-08-01', channel: 'counter' }],
      ['terminate', { remarks: 'x' }],
    ] as const) {
      const res = await act(t.app, staff.admin, id, path, body);
      expect(res.statusCode, path).toBe(409);
    }
    await act(t.app, staff.ward1, id, 'verify');
    expect((await act(t.app, staff.ward1, id, 'verify')).statusCode).toBe(409);
    expect((await act(t.app, staff.admin, id, 'approve')).statusCode).toBe(409);
    expect(await count(applicationHistory)).toBe(before + 1);
    expect((await detail(a.token, id)).json().data.appStatus).toBe('verified');
  });

  it('a receipt number is used once per fiscal year', async () => {
    const a = await newApplicant(t.app);
    const id1 = await submit(t.app, a.token, 1);
    const id2 = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id1, 'verify');
    await act(t.app, staff.ward1, id2, 'verify');
    const r = nextReceipt();
    expect((await pay(id1, r)).statusCode).toBe(200);
    const res = await pay(id2, r);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.receiptNo).toBeTruthy();
    expect((await detail(a.token, id2)).json().data.appStatus).toBe('verified');
  });

  it('a counter payment must equal the bill and carry the receipt scan', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, id, 'verify');
    const total = (await detail(a.token, id)).json().data.bill.total as number;
    const fields = { receiptNo: nextReceipt(), paidDate: todayAd(), channel: 'counter' };
    const short = await act(t.app, staff.ward1, id, 'payments', {
      ...fields,
      amount: ((total - 100) / 100).toFixed(2),
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.amount[0]).toMatch(/^The amount must equal the bill: Rs\. /);
    const noScan = await act(t.app, staff.ward1, id, 'payments', { ...fields, receipt: 'none' });
    expect(noScan.statusCode).toBe(422);
    expect(noScan.json().errors.receipt).toEqual(['This filed is required']);
    expect((await detail(a.token, id)).json().data.appStatus).toBe('verified');
    expect((await act(t.app, staff.ward1, id, 'payments', fields)).statusCode).toBe(200);
  });

  it('every transition writes history and audit rows', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    const audits = await count(auditLog);
    await act(t.app, staff.ward1, id, 'verify');
    expect(await count(auditLog)).toBe(audits + 1);
  });
});

describe('scoping (DESIGN.md §3)', () => {
  it("applicant B and the ward 2 admin get 404 on applicant A's ward-1 application", async () => {
    const a = await newApplicant(t.app, 'A');
    const b = await newApplicant(t.app, 'B');
    const id = await submit(t.app, a.token, 1);
    // a ward 2 admin
    const w2 = await wardId(t.app, staff.admin, 2);
    const { hashPassword } = await import('../../lib/passwords.js');
    const { users, userRoles, roles } = await import('../../db/schema.js');
    const { eq } = await import('drizzle-orm');
    const [u] = await t.database.db
      .insert(users)
      .values({
        name: 'Ward 2',
        username: 'ward2test',
        phone: '9800000099',
        passwordHash: await hashPassword('Darta@2082'),
        gender: 'male',
        userType: 'wardadmin',
        wardId: w2,
      })
      .returning();
    const [role] = await t.database.db.select().from(roles).where(eq(roles.slug, 'wardadmin'));
    await t.database.db.insert(userRoles).values({ userId: u.id, roleId: role.id });
    const { login } = await import('../../../../test/server/helper.js');
    const ward2 = await login(t.app, 'ward2test');

    for (const token of [b.token, ward2]) {
      expect((await detail(token, id)).statusCode).toBe(404);
      expect((await act(t.app, token, id, 'cancel')).statusCode).toBe(404);
      const cert = await t.app.inject({
        method: 'GET',
        url: `/api/applications/${id}/certificate`,
        headers: auth(token),
      });
      expect(cert.statusCode).toBe(404);
    }
    expect((await act(t.app, ward2, id, 'verify')).statusCode).toBe(404);
    expect((await detail(a.token, id)).statusCode).toBe(200);
    expect((await detail(staff.ward1, id)).statusCode).toBe(200);
    expect((await detail(staff.admin, id)).statusCode).toBe(200);

    // lists are scoped the same way
    const list = async (token: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/applications?rowsPerPage=100',
          headers: auth(token),
        })
      ).json();
    expect((await list(b.token)).data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await list(ward2)).data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await list(a.token)).data.map((r: { id: number }) => r.id)).toContain(id);
    const ward1List = await list(staff.ward1);
    expect(ward1List.data.every((r: { wardNumber: number }) => r.wardNumber === 1)).toBe(true);

    // a file of A's application is 404 for B
    const fileId = (await detail(a.token, id)).json().data.documents[0].fileId;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: auth(b.token) }))
        .statusCode,
    ).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/files/${fileId}`,
      headers: auth(a.token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
  });

  it('applicants cannot verify, pay or approve their own application (403)', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    expect((await act(t.app, a.token, id, 'verify')).statusCode).toBe(403);
    expect((await act(t.app, a.token, id, 'approve')).statusCode).toBe(403);
  });

  it('the list query: defaults, sort, filters, and 400 for unknown keys', async () => {
    const get = (qs: string) =>
      t.app.inject({ method: 'GET', url: `/api/applications?${qs}`, headers: auth(staff.admin) });
    const res = await get('');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeLessThanOrEqual(25);
    const ids = res.json().data.map((r: { id: number }) => r.id);
    expect([...ids].sort((x: number, y: number) => y - x)).toEqual(ids);
    expect((await get('sortBy=password')).statusCode).toBe(400);
    const bad = await get(`filters=${encodeURIComponent('{"secret":1}')}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('secret');
    const pending = await get(`filters=${encodeURIComponent('{"status":"pending"}')}`);
    expect(pending.json().data.every((r: { appStatus: string }) => r.appStatus === 'pending')).toBe(
      true,
    );
    expect(pending.json().meta.total).toBeGreaterThan(0);
  });
});

describe('bad input changes nothing', () => {
  it('empty and non-numeric fields: 422 with SPEC §5 texts, in Nepali too, no rows, no files', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const [apps, fileRows, stored] = [
      await count(applications),
      await count(files),
      (await readdir(t.uploadDir)).length,
    ];
    const m = multipart(
      validFields(w, { businessName: '', capitalMax: 'abc' }),
      await validFiles(),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.businessName).toEqual(['This filed is required']);
    expect(res.json().errors.capitalMax).toEqual(['This filed should be numbe only']);
    const ne = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token), 'accept-language': 'ne' },
    });
    expect(ne.json().errors.businessName).toEqual(['यो फिल्ड आवश्यक छ']);
    expect(await count(applications)).toBe(apps);
    expect(await count(files)).toBe(fileRows);
    expect((await readdir(t.uploadDir)).length).toBe(stored);
  });

  it('a wrong-type upload is 422 and an oversized one 413, storing nothing', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const [apps, stored] = [await count(applications), (await readdir(t.uploadDir)).length];
    const files = await validFiles();
    const fake = multipart(validFields(w), {
      ...files,
      doc_lalpurja: {
        filename: 'photo.jpg',
        data: Buffer.from('GIF89a not a jpeg'),
        type: 'image/jpeg',
      },
    });
    let res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: fake.payload,
      headers: { ...fake.headers, ...auth(a.token) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['doc_lalpurja']).toEqual([
      'Only JPEG, PNG or PDF files are accepted.',
    ]);
    const jpeg = await readFixture('photo.jpg');
    const huge = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const big = multipart(validFields(w), {
      ...files,
      doc_lalpurja: { filename: 'big.jpg', data: huge, type: 'image/jpeg' },
    });
    res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: big.payload,
      headers: { ...big.headers, ...auth(a.token) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/5 MB/);
    expect(await count(applications)).toBe(apps);
    expect((await readdir(t.uploadDir)).length).toBe(stored);
  });

  it('inconsistent address and capital order are field errors', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const m = multipart(
      validFields(w, { permDistrictId: 1, capitalPaidUp: 900000 }),
      await validFiles(),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token) },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('capitalCurrent');
    const m2 = multipart(validFields(w, { permDistrictId: 1 }), await validFiles());
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: m2.payload,
      headers: { ...m2.headers, ...auth(a.token) },
    });
    expect(res2.statusCode).toBe(422);
    expect(Object.keys(res2.json().errors)).toEqual(expect.arrayContaining(['permDistrictId']));
  });

  it('no token, a bad token, or a revoked token is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/applications' })).statusCode).toBe(401);
    // authentication comes before validation: an anonymous bad form learns nothing of the fields
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      ...multipart({ businessName: '' }),
    });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).not.toHaveProperty('errors');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/applications',
          headers: auth('x'.repeat(43)),
        })
      ).statusCode,
    ).toBe(401);
    const a = await newApplicant(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(a.token) });
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(a.token) }))
        .statusCode,
    ).toBe(401);
  });

  it('5xx never leak internals', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/applications/99999999999' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/node_modules|\/work\/|at .*\.ts/);
  });
});

describe('dashboard', () => {
  it('counts are scoped to the user', async () => {
    const a = await newApplicant(t.app);
    await submit(t.app, a.token, 1);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: auth(a.token) })
    ).json().data;
    expect(mine.total).toBe(1);
    expect(mine.pending).toBe(1);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/dashboard', headers: auth(staff.admin) })
    ).json().data;
    expect(all.total).toBeGreaterThan(mine.total);
    expect(all.users).toBeGreaterThan(3);
    expect(all.paidAmount).toBeGreaterThan(0);
  });

  it('charts: registrations per ward and business type, revenue per BS month; filters', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 2);
    await act(t.app, staff.admin, id, 'verify');
    await act(t.app, staff.admin, id, 'payments', {
      receiptNo: nextReceipt(),
      paidDate: todayAd(),
      channel: 'counter',
    });
    await act(t.app, staff.admin, id, 'approve');
    const get = async (token: string, q = '') =>
      (
        await t.app.inject({ method: 'GET', url: `/api/dashboard${q}`, headers: auth(token) })
      ).json().data;
    const all = await get(staff.admin);
    expect(all.fiscalYear.code).toBe(fiscalYearOf(todayAd()).code);
    expect(all.byWard.find((w: { number: number }) => w.number === 2).n).toBeGreaterThanOrEqual(1);
    expect(all.byBusinessType.reduce((s: number, b: { n: number }) => s + b.n, 0)).toBe(
      all.byWard.reduce((s: number, w: { n: number }) => s + w.n, 0),
    );
    expect(all.revenueByMonth.map((m: { month: number }) => m.month)).toEqual([
      4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3,
    ]);
    const thisMonth = adToBs(todayAd()).month;
    expect(
      all.revenueByMonth.find((m: { month: number }) => m.month === thisMonth).total,
    ).toBeGreaterThan(0);
    // the ward filter and the ward admin's scope
    const w2 = await wardId(t.app, staff.admin, 2);
    const ward2 = await get(staff.admin, `?wardId=${w2}`);
    expect(ward2.byWard.map((w: { number: number }) => w.number)).toEqual([2]);
    const ward1 = await get(staff.ward1);
    expect(ward1.byWard.every((w: { number: number }) => w.number === 1)).toBe(true);
    // a fiscal year with no applications
    const fys = (
      await t.app.inject({
        method: 'GET',
        url: '/api/fiscal-years/all',
        headers: auth(staff.admin),
      })
    ).json().data as { id: number; code: string }[];
    const old = fys.find((f) => f.code === '2080/81')!;
    const empty = await get(staff.admin, `?fiscalYearId=${old.id}`);
    expect(empty).toMatchObject({
      total: 0,
      paidAmount: 0,
      byWard: [],
      fiscalYear: { code: '2080/81' },
    });
    expect(empty.revenueByMonth.every((m: { total: number }) => m.total === 0)).toBe(true);
  });

  /**
   * Acceptance (issue 7 §3): "Dashboard figures equal the counts from the database for seeded
   * data with a known mix". A fresh copy of the seeded database (no applications yet), eight
   * applications in every status across two wards and two business types, payments on two
   * dates of the current fiscal year; every figure is checked against the known mix and
   * against plain SQL over the same database.
   */
  describe('figures of a known mix equal the database', () => {
    let d: TestContext;
    let tok: { ward1: string; admin: string };
    const FY_ORDER = [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3];
    type Figures = {
      total: number;
      pending: number;
      verified: number;
      paid: number;
      approved: number;
      rejected: number;
      cancelled: number;
      paidAmount: number;
      users: number;
      fiscalYear: { id: number; code: string } | null;
      byWard: { wardId: number; number: number; n: number }[];
      byBusinessType: { id: number; nameEn: string; n: number }[];
      revenueByMonth: { month: number; total: number }[];
    };
    const get = async (token: string, q = '') => {
      const res = await d.app.inject({
        method: 'GET',
        url: `/api/dashboard${q}`,
        headers: auth(token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Figures;
    };
    const rows = async <T>(query: SQL) =>
      ((await d.database.db.execute(query)) as unknown as { rows: T[] }).rows;
    /** Revenue per BS month in the fiscal year's order, from [AD date, paisa] pairs. */
    const months = (paid: [string, number][]) =>
      FY_ORDER.map((month) => ({
        month,
        total: paid
          .filter(([day]) => adToBs(day).month === month)
          .reduce((sum, [, p]) => sum + p, 0),
      }));

    // the mix: [ward number, business type id, what happens, payment date]
    const fy = fiscalYearOf(todayAd());
    const DAY1 = fy.startAd; // 1 Shrawan of the current fiscal year
    const DAY2 = todayAd(); // another BS month unless today is in Shrawan (the sums still hold)
    const RETAIL = 1;
    const TEA = 5;
    let ids: Record<string, number>;
    let bills: Record<string, number>;
    let ward: { one: number; two: number };
    let users: { a: number; b: number };
    let applicantA: string;

    beforeAll(async () => {
      d = await buildTestApp();
      tok = await staffTokens(d.app);
      const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from applications`);
      expect(n, 'the seeded database has no applications').toBe(0);
      const a = await newApplicant(d.app, 'Mix A');
      const b = await newApplicant(d.app, 'Mix B');
      applicantA = a.token;
      users = { a: a.id, b: b.id };
      ward = { one: await wardId(d.app, tok.admin, 1), two: await wardId(d.app, tok.admin, 2) };
      const mix: [name: string, owner: string, ward: number, type: number][] = [
        ['pending', a.token, 1, TEA],
        ['verified', a.token, 1, TEA],
        ['paid', a.token, 2, TEA],
        ['approved2', a.token, 2, RETAIL],
        ['approved1', b.token, 1, RETAIL],
        ['terminated', b.token, 2, TEA],
        ['rejected', b.token, 1, TEA],
        ['cancelled', b.token, 2, RETAIL],
      ];
      ids = {};
      for (const [name, owner, w, type] of mix) {
        ids[name] = await submit(d.app, owner, w, { businessTypeId: type });
      }
      const ok = async (res: Awaited<ReturnType<typeof act>>) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data;
      };
      bills = {};
      const payOn = async (name: string, day: string) => {
        await ok(await act(d.app, tok.admin, ids[name], 'verify'));
        const paid = await ok(
          await act(d.app, tok.admin, ids[name], 'payments', {
            receiptNo: nextReceipt(),
            paidDate: day,
            channel: 'counter',
          }),
        );
        bills[name] = paid.bill.total;
      };
      await ok(await act(d.app, tok.admin, ids.verified, 'verify'));
      await payOn('paid', DAY1);
      await payOn('approved2', DAY2);
      await ok(await act(d.app, tok.admin, ids.approved2, 'approve'));
      await payOn('approved1', DAY1);
      await ok(await act(d.app, tok.admin, ids.approved1, 'approve'));
      await payOn('terminated', DAY2);
      await ok(await act(d.app, tok.admin, ids.terminated, 'approve'));
      await ok(
        await act(d.app, tok.admin, ids.terminated, 'terminate', { remarks: 'Business closed' }),
      );
      await ok(await act(d.app, tok.admin, ids.rejected, 'reject', { remarks: 'Wrong capital' }));
      await ok(await act(d.app, b.token, ids.cancelled, 'cancel', { remarks: 'Not needed' }));
    });
    afterAll(() => d.close());

    it('the whole palika (system admin): counts, series and users', async () => {
      const all = await get(tok.admin);
      expect(all).toMatchObject({
        total: 8,
        pending: 1,
        verified: 1,
        paid: 1,
        approved: 2,
        rejected: 1,
        cancelled: 2,
        paidAmount: bills.paid + bills.approved2 + bills.approved1 + bills.terminated,
        fiscalYear: { code: fy.code },
      });
      expect(bills.paid).toBeGreaterThan(0);
      // registrations: approved ones and the terminated one (it has a number), not the
      // applicant-cancelled one
      expect(all.byWard).toEqual([
        { wardId: ward.one, number: 1, n: 1 },
        { wardId: ward.two, number: 2, n: 2 },
      ]);
      expect(all.byBusinessType.map((b) => [b.id, b.n])).toEqual([
        [RETAIL, 2],
        [TEA, 1],
      ]);
      expect(all.revenueByMonth).toEqual(
        months([
          [DAY1, bills.paid],
          [DAY2, bills.approved2],
          [DAY1, bills.approved1],
          [DAY2, bills.terminated],
        ]),
      );
      if (adToBs(DAY2).month !== 4) {
        expect(all.revenueByMonth.filter((m) => m.total > 0)).toHaveLength(2);
      }

      // the same figures from plain SQL over the database
      const byStatus = await rows<{ s: string; n: number }>(
        sql`select app_status as s, count(*)::int as n from applications
            where deleted_on is null group by app_status`,
      );
      for (const { s, n } of byStatus) expect(all[s as keyof Figures], s).toBe(n);
      expect(all.total).toBe(byStatus.reduce((sum, r) => sum + r.n, 0));
      const [{ paid }] = await rows<{ paid: string }>(
        sql`select coalesce(sum(total), 0)::text as paid from payments
            where pay_status = 'completed' and deleted_on is null`,
      );
      expect(all.paidAmount).toBe(Number(paid));
      const perWard = await rows<{ number: number; n: number }>(
        sql`select w.number, count(*)::int as n from applications a
            join wards w on w.id = a.ward_id
            where a.deleted_on is null and not a.is_renewal and a.registration_no is not null
            group by w.number order by w.number`,
      );
      expect(all.byWard.map((w) => ({ number: w.number, n: w.n }))).toEqual(perWard);
      const perType = await rows<{ id: number; n: number }>(
        sql`select business_type_id as id, count(*)::int as n from applications
            where deleted_on is null and not is_renewal and registration_no is not null
            group by business_type_id order by n desc, id`,
      );
      expect(all.byBusinessType.map((b) => ({ id: b.id, n: b.n }))).toEqual(perType);
      const paidRows = await rows<{ day: string; total: string }>(
        sql`select paid_date::text as day, total::text from payments
            where pay_status = 'completed' and deleted_on is null`,
      );
      expect(all.revenueByMonth).toEqual(
        months(paidRows.map((r) => [r.day, Number(r.total)] as [string, number])),
      );
      const [{ users: userCount }] = await rows<{ users: number }>(
        sql`select count(*)::int as users from users where deleted_on is null`,
      );
      expect(all.users).toBe(userCount);
    });

    it('the ward filter, and a ward admin scoped to their ward', async () => {
      const two = await get(tok.admin, `?wardId=${ward.two}`);
      expect(two).toMatchObject({
        total: 4,
        pending: 0,
        verified: 0,
        paid: 1,
        approved: 1,
        rejected: 0,
        cancelled: 2,
        paidAmount: bills.paid + bills.approved2 + bills.terminated,
        // applicants with an application in ward 2: A and B
        users: 2,
      });
      expect(two.byWard).toEqual([{ wardId: ward.two, number: 2, n: 2 }]);
      expect(two.byBusinessType.map((b) => [b.id, b.n])).toEqual([
        [RETAIL, 1],
        [TEA, 1],
      ]);
      expect(two.revenueByMonth).toEqual(
        months([
          [DAY1, bills.paid],
          [DAY2, bills.approved2],
          [DAY2, bills.terminated],
        ]),
      );

      const mine = await get(tok.ward1);
      // the ward admin of ward 1 asking for ward 2 still gets ward 1 only
      expect(await get(tok.ward1, `?wardId=${ward.two}`)).toMatchObject({ total: 0 });
      expect(mine).toMatchObject({
        total: 4,
        pending: 1,
        verified: 1,
        paid: 0,
        approved: 1,
        rejected: 1,
        cancelled: 0,
        paidAmount: bills.approved1,
        users: 2,
      });
      expect(mine).toEqual(await get(tok.admin, `?wardId=${ward.one}`));
      expect(mine.byWard).toEqual([{ wardId: ward.one, number: 1, n: 1 }]);
      expect(mine.byBusinessType.map((b) => [b.id, b.n])).toEqual([[RETAIL, 1]]);
      expect(mine.revenueByMonth).toEqual(months([[DAY1, bills.approved1]]));
    });

    it('an applicant sees only their own applications', async () => {
      const own = await get(applicantA);
      expect(own).toMatchObject({
        total: 4,
        pending: 1,
        verified: 1,
        paid: 1,
        approved: 1,
        rejected: 0,
        cancelled: 0,
        paidAmount: bills.paid + bills.approved2,
        users: 1,
      });
      expect(own.byWard.map((w) => [w.number, w.n])).toEqual([[2, 1]]);
      expect(own.byBusinessType.map((b) => [b.id, b.n])).toEqual([[RETAIL, 1]]);
      const [{ n }] = await rows<{ n: number }>(
        sql`select count(*)::int as n from applications
            where user_id = ${users.a} and deleted_on is null`,
      );
      expect(own.total).toBe(n);
    });

    it('the fiscal year filter: the current year equals everything, an older one is empty', async () => {
      const fys = (
        await d.app.inject({
          method: 'GET',
          url: '/api/fiscal-years/all',
          headers: auth(tok.admin),
        })
      ).json().data as { id: number; code: string; isCurrent: boolean }[];
      const current = fys.find((y) => y.isCurrent)!;
      expect(current.code).toBe(fy.code);
      // With any filter, users are the applicants of the chosen applications (A and B), not
      // every account.
      expect(await get(tok.admin, `?fiscalYearId=${current.id}`)).toEqual({
        ...(await get(tok.admin)),
        users: 2,
      });
      const both = await get(tok.admin, `?fiscalYearId=${current.id}&wardId=${ward.one}`);
      expect(both).toEqual(await get(tok.ward1));
      const older = fys.find((y) => y.code < fy.code)!;
      const old = await get(tok.admin, `?fiscalYearId=${older.id}`);
      expect(old).toMatchObject({
        total: 0,
        pending: 0,
        approved: 0,
        paidAmount: 0,
        users: 0,
        byWard: [],
        byBusinessType: [],
        fiscalYear: { id: older.id, code: older.code },
      });
      expect(old.revenueByMonth).toEqual(months([]));
    });
  });
});
