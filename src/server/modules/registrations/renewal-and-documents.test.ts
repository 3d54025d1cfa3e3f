/**
 * Issue 4, second half, through app.inject() on a real migrated database: the profile's
 * photo and citizenship before applying ('Please upload photos first'), required files per
 * create/update flag, the staff checklist per document, the fee estimate, old paper
 * registrations, and the renewal of an expired registration with its fee and new expiry.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/passwords.js';
import { todayAd } from '../../../shared/bs-date.js';
import { renewalTiming } from '../../../shared/fees.js';
import { fiscalYearOf } from '../../../shared/fiscal-year.js';
import {
  auth,
  buildTestApp,
  login,
  multipart,
  readFixture,
  rowCount,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  act,
  edit,
  newApplicant,
  nextReceipt,
  profileFiles,
  staffTokens,
  submit,
  uploadProfileDocuments,
  validFields,
  validFiles,
  wardId,
} from '../../../../test/server/fixtures.js';
import {
  applicationDocuments,
  applications,
  certificates,
  files,
  roles,
  userRoles,
  users,
} from '../../db/schema.js';
import { TAX_BANDS } from '../../db/seed.js';
import { addDaysAd } from './index.js';

let t: TestContext;
let staff: { ward1: string; admin: string; ward2: string };

/** A ward admin of ward 2 (the seed has only ward1's), to check scoping. */
async function ward2Admin() {
  const w2 = await wardId(t.app, staff.admin, 2);
  const [u] = await t.database.db
    .insert(users)
    .values({
      name: 'Ward 2',
      username: 'ward2renewals',
      phone: '9800000098',
      passwordHash: await hashPassword('Darta@2082'),
      gender: 'male',
      userType: 'wardadmin',
      wardId: w2,
    })
    .returning();
  const [role] = await t.database.db.select().from(roles).where(eq(roles.slug, 'wardadmin'));
  await t.database.db.insert(userRoles).values({ userId: u.id, roleId: role.id });
  return login(t.app, 'ward2renewals');
}

beforeAll(async () => {
  t = await buildTestApp();
  const s = await staffTokens(t.app);
  staff = { ...s, ward2: '' };
  staff.ward2 = await ward2Admin();
});
afterAll(() => t.close());

type Files = Record<string, { filename: string; data: Buffer; type?: string }>;
const count = (table: PgTable) => rowCount(t.database, table);
const snapshot = async () => [
  await count(applications),
  await count(files),
  await count(applicationDocuments),
  (await readdir(t.uploadDir)).length,
];

const send = (
  token: string,
  url: string,
  fields: Record<string, string | number | undefined>,
  fileParts: Files = {},
  lang?: string,
) => {
  const m = multipart(fields, fileParts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...auth(token), ...(lang ? { 'accept-language': lang } : {}) },
  });
};
const get = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: auth(token) });
const detail = async (token: string, id: number) =>
  (await get(token, `/api/applications/${id}`)).json().data;
const apply = async (
  token: string,
  fields: Record<string, string | number | undefined>,
  extra: Files = {},
) => send(token, '/api/applications', fields, { ...(await validFiles()), ...extra });

/** A scan for oldCertificate / renewProof. */
const scan = async (name = 'scan.png') => ({
  filename: name,
  data: await readFixture('citizenship.png'),
  type: 'image/png',
});

let oldNo = 0;
/** An old paper registration's fields: registered 2022-08-01 AD (2079-04-16 BS). */
const oldFields = (ward: number, over: Record<string, string | number> = {}) =>
  validFields(ward, {
    isOldRegistration: '1',
    oldRegistrationNo: `OLD-${process.pid}-${++oldNo}/2079-80`,
    oldRegistrationDate: '2022-08-01',
    ...over,
  }) as ReturnType<typeof validFields> & { oldRegistrationNo: string };

/** Submits an old registration as `token` and has the admin accept it; returns its id. */
async function acceptedOldRegistration(token: string, over: Record<string, string> = {}) {
  const w = await wardId(t.app, token, 1);
  const res = await apply(token, oldFields(w), { oldCertificate: await scan() });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const acc = await act(t.app, staff.admin, id, 'accept', over);
  expect(acc.statusCode, acc.body).toBe(200);
  return id;
}

describe('photos first (SPEC §5) and profile documents', () => {
  it('an applicant without profile photo and citizenship gets the SPEC text; nothing is saved', async () => {
    const a = await newApplicant(t.app, 'No Photos', { withDocuments: false });
    const w = await wardId(t.app, a.token, 1);
    const before = await snapshot();
    const res = await apply(a.token, validFields(w));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Please upload photos first',
      messageKey: 'errors.photosFirst',
    });
    const ne = await send(a.token, '/api/applications', validFields(w), await validFiles(), 'ne');
    expect(ne.json().message).toBe('कृपया पहिले फोटोहरू अपलोड गर्नुहोस्');
    expect(await snapshot()).toEqual(before);
    // only the photo is not enough
    await uploadProfileDocuments(t.app, a.token, { photo: (await profileFiles()).photo });
    expect((await apply(a.token, validFields(w))).statusCode).toBe(422);
    const u = await uploadProfileDocuments(t.app, a.token, {
      citizenship: (await profileFiles()).citizenship,
    });
    const ok = await apply(a.token, validFields(w));
    expect(ok.statusCode, ok.body).toBe(201);
    const d = await detail(a.token, ok.json().data.id);
    const byKind = Object.fromEntries(
      d.documents.map((x: { kind: string; fileId: number }) => [x.kind, x.fileId]),
    );
    expect(byKind.photo).toBe(u.photoFileId);
    expect(byKind.citizenship).toBe(u.citizenshipFileId);
  });

  it('profile upload: nothing sent, a PDF as photo and a fake file are 422; a PDF citizenship is fine', async () => {
    const a = await newApplicant(t.app, 'Docs', { withDocuments: false });
    const before = await snapshot();
    const none = await send(a.token, '/api/profiles/documents', {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.photo).toEqual(['This filed is required']);
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const pdfPhoto = await send(
      a.token,
      '/api/profiles/documents',
      {},
      {
        photo: { filename: 'p.pdf', data: pdf, type: 'application/pdf' },
      },
    );
    expect(pdfPhoto.statusCode).toBe(422);
    expect(pdfPhoto.json().errors.photo).toBeTruthy();
    const fake = await send(
      a.token,
      '/api/profiles/documents',
      {},
      {
        citizenship: { filename: 'c.png', data: Buffer.from('not a png') },
      },
    );
    expect(fake.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
    const ok = await send(
      a.token,
      '/api/profiles/documents',
      {},
      {
        citizenship: { filename: 'c.pdf', data: pdf, type: 'application/pdf' },
      },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.citizenshipFileId).toBeGreaterThan(0);
    expect(ok.json().data.photoFileId).toBeNull();
    const file = await get(a.token, `/api/files/${ok.json().data.citizenshipFileId}`);
    expect(file.headers['content-type']).toBe('application/pdf');
  });
});

describe('required files per create/update flag (SPEC §5)', () => {
  it('create: a missing required file is named in the user language; nothing is saved', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const created = await send(staff.admin, '/api/required-files', {
      nameEn: 'Trade licence',
      nameNe: 'व्यापार इजाजतपत्र',
      requiredIn: 'create',
      isRequired: '1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const rf = created.json().data as { id: number; slug: string };
    try {
      const before = await snapshot();
      const res = await send(a.token, '/api/applications', validFields(w), await validFiles());
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ [`doc_${rf.slug}`]: ['"Trade licence" is required.'] });
      const ne = await send(a.token, '/api/applications', validFields(w), {}, 'ne');
      expect(ne.json().errors[`doc_${rf.slug}`]).toEqual(['"व्यापार इजाजतपत्र" आवश्यक छ।']);
      expect(await snapshot()).toEqual(before);
    } finally {
      await send(staff.admin, '/api/required-files/delete', { 'delete_rows[]': rf.id });
    }
  });

  it('create: optional files are taken, unknown ones refused', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const unknown = await apply(a.token, validFields(w), { 'doc_no-such-file': await scan() });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty(['doc_no-such-file']);
    const ok = await apply(a.token, validFields(w), { doc_lalpurja: await scan('lalpurja.png') });
    expect(ok.statusCode, ok.body).toBe(201);
    const d = await detail(a.token, ok.json().data.id);
    const lalpurja = d.documents.find((x: { kind: string }) => x.kind === 'lalpurja');
    expect(lalpurja).toMatchObject({
      nameEn: 'Land ownership certificate (lalpurja)',
      nameNe: 'जग्गाधनी प्रमाण पुर्जा (लालपुर्जा)',
      originalName: 'lalpurja.png',
    });
    expect(lalpurja.requiredFileId).toBeGreaterThan(0);
  });

  it('a file required on update is not asked on create but is on edit; create-only files are not asked again', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const id = await submit(t.app, a.token, 1);
    const created = await send(staff.admin, '/api/required-files', {
      nameEn: 'Tax clearance',
      nameNe: 'कर चुक्ता प्रमाणपत्र',
      requiredIn: 'update',
      isRequired: '1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const rf = created.json().data as { id: number; slug: string };
    try {
      // create does not offer it, so sending it is refused and leaving it out is fine
      const other = await submit(t.app, a.token, 1);
      expect(other).toBeGreaterThan(id);
      const refused = await edit(t.app, a.token, id, validFields(w, { businessName: 'X' }));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        [`doc_${rf.slug}`]: ['"Tax clearance" is required.'],
      });
      expect((await detail(a.token, id)).businessName).toBe('Himalayan Tea House');
      const ok = await edit(t.app, a.token, id, validFields(w, { businessName: 'X' }), {
        [`doc_${rf.slug}`]: await scan('clearance.png'),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      // once attached, later edits need not send it again
      const again = await edit(t.app, a.token, id, validFields(w, { businessName: 'Y' }));
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await send(staff.admin, '/api/required-files/delete', { 'delete_rows[]': rf.id });
    }
  });
});

describe('document checklist (images tab)', () => {
  it('staff tick checkboxes per document until approval; applicants cannot; unknown ids are 422', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    const d = await detail(staff.ward1, id);
    expect(d.canCheckDocuments).toBe(true);
    expect((await detail(a.token, id)).canCheckDocuments).toBe(false);
    const boxes = (await get(staff.ward1, '/api/checkboxes/all')).json().data as { id: number }[];
    const doc = d.documents[0];
    const url = `/api/applications/${id}/documents/${doc.id}/checks`;
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(staff.ward1),
      payload: { checks: [boxes[1].id, boxes[0].id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data;
    expect(after.documents[0].checks).toEqual([boxes[0].id, boxes[1].id].sort((x, y) => x - y));
    expect(after.history.at(-1)).toMatchObject({ action: 'checklist' });
    // the history names the checkboxes, not only their ids (issue 17 §7)
    const names = (b: { id: number; nameEn: string; nameNe: string }) => ({
      [b.id]: { nameEn: b.nameEn, nameNe: b.nameNe },
    });
    const named = boxes as { id: number; nameEn: string; nameNe: string }[];
    expect(after.history.at(-1).checkNames).toEqual({ ...names(named[0]), ...names(named[1]) });
    // multipart with the key repeated works the same
    const mp = await send(staff.ward1, url, { checks: [boxes[2].id] as unknown as string });
    expect(mp.statusCode, mp.body).toBe(200);
    expect(mp.json().data.documents[0].checks).toEqual([boxes[2].id]);
    // unticked and ticked boxes are both named
    expect(mp.json().data.history.at(-1).checkNames).toEqual({
      ...names(named[0]),
      ...names(named[1]),
      ...names(named[2]),
    });
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(staff.ward1),
      payload: { checks: [999_999] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.checks).toBeTruthy();
    const applicant = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(a.token),
      payload: { checks: [] },
    });
    expect(applicant.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url,
          headers: auth(staff.ward2),
          payload: { checks: [] },
        })
      ).statusCode,
    ).toBe(404);
    const wrongDoc = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/documents/999999/checks`,
      headers: auth(staff.ward1),
      payload: { checks: [] },
    });
    expect(wrongDoc.statusCode).toBe(404);
    // after approval the checklist is closed
    await act(t.app, staff.ward1, id, 'verify');
    await act(t.app, staff.ward1, id, 'payments', {
      receiptNo: nextReceipt(),
      paidDate: todayAd(),
      channel: 'counter',
    });
    await act(t.app, staff.admin, id, 'approve');
    const late = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(staff.ward1),
      payload: { checks: [] },
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('fee estimate before submitting', () => {
  it('gives the bill of a new registration, and the reason when no tax band applies', async () => {
    const a = await newApplicant(t.app);
    const quote = (payload: Record<string, unknown>, lang?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/applications/quote',
        headers: { ...auth(a.token), ...(lang ? { 'accept-language': lang } : {}) },
        payload,
      });
    const res = await quote({ businessTypeId: 5, capitalCurrent: '300000' });
    expect(res.statusCode, res.body).toBe(200);
    const { bill, problem, timing } = res.json().data;
    expect(problem).toBeNull();
    expect(timing).toBeNull();
    expect(bill.businessTax).toBe(TAX_BANDS[0][2]);
    expect(bill.total).toBe(
      bill.businessTax + bill.fine + bill.rentTax + bill.adminCost - bill.discount,
    );
    const withRent = (
      await quote({
        businessTypeId: 5,
        capitalCurrent: 300000,
        rentMonthly: 25000,
        rentTaxPeriodMonths: 12,
      })
    ).json().data.bill;
    expect(withRent.rentTax).toBe(25000 * 100 * 12 * 0.1);
    const type = await send(staff.admin, '/api/business-types', {
      nameEn: `Untaxed trade ${process.pid}`,
      nameNe: 'कर नतोकिएको व्यापार',
    });
    expect(type.statusCode, type.body).toBe(201);
    const none = await quote({ businessTypeId: type.json().data.id, capitalCurrent: 1000 }, 'ne');
    expect(none.json().data).toMatchObject({ bill: null });
    expect(none.json().data.problem).toMatch(/कर/);
    const bad = await quote({ businessTypeId: 5, capitalCurrent: 'lots' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.capitalCurrent).toEqual(['This filed should be numbe only']);
  });

  it('a pending application carries the estimate; verification freezes the bill', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    const d = await detail(a.token, id);
    expect(d.bill).toBeNull();
    expect(d.estimate.bill.businessTax).toBe(TAX_BANDS[0][2]);
    const v = (await act(t.app, staff.ward1, id, 'verify')).json().data;
    expect(v.bill.total).toBe(d.estimate.bill.total);
    expect(v.estimate).toBeNull();
  });
});

describe('old paper registrations', () => {
  it('enter with flag, number, date and certificate scan; are accepted, not verified', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const noScan = await apply(a.token, oldFields(w));
    expect(noScan.statusCode).toBe(422);
    expect(noScan.json().errors.oldCertificate).toEqual([
      '"Old registration certificate" is required.',
    ]);
    const fields = oldFields(w);
    const res = await apply(a.token, fields, { oldCertificate: await scan('paper.png') });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    const d = await detail(staff.admin, id);
    expect(d.oldCertificateFileId).toBeGreaterThan(0);
    expect(d.documents.map((x: { kind: string }) => x.kind)).toContain('old-certificate');
    expect(d.allowedActions).toEqual(['reject', 'cancel', 'accept']);
    expect(d.estimate).toBeNull();
    expect((await detail(staff.ward1, id)).allowedActions).toEqual(['reject', 'cancel']);
    const verify = await act(t.app, staff.ward1, id, 'verify');
    expect(verify.statusCode).toBe(409);
    expect(verify.json().message).toBe('An old (paper) registration is accepted, not verified.');
    const acc = await act(t.app, staff.admin, id, 'accept', { remarks: 'Paper record checked' });
    expect(acc.statusCode, acc.body).toBe(200);
    const expiry = fiscalYearOf('2022-08-01').endAd;
    expect(acc.json().data).toMatchObject({
      appStatus: 'approved',
      registrationNo: fields.oldRegistrationNo,
      registrationDate: '2022-08-01',
      expiryDate: expiry,
      bill: null,
      payments: [],
      certificate: null,
    });
    // the same paper number cannot come in twice
    const dup = await apply(
      a.token,
      oldFields(w, { oldRegistrationNo: fields.oldRegistrationNo }),
      {
        oldCertificate: await scan(),
      },
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.oldRegistrationNo).toEqual([
      'This registration number is already in the system.',
    ]);
    // a normal application cannot be accepted
    const normal = await submit(t.app, a.token, 1);
    const wrong = await act(t.app, staff.admin, normal, 'accept');
    expect(wrong.statusCode).toBe(409);
  });

  it('two pending entries of one paper number: the second acceptance is 409', async () => {
    const a = await newApplicant(t.app);
    const w = await wardId(t.app, a.token, 1);
    const fields = oldFields(w);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await apply(a.token, fields, { oldCertificate: await scan() });
      expect(r.statusCode, r.body).toBe(201);
      ids.push(r.json().data.id);
    }
    expect((await act(t.app, staff.admin, ids[0], 'accept')).statusCode).toBe(200);
    const second = await act(t.app, staff.admin, ids[1], 'accept');
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This registration number is already in the system.');
    expect((await detail(staff.admin, ids[1])).appStatus).toBe('pending');
  });
});

describe('renewal', () => {
  it('renewRegistrationList lists expired registrations, scoped and filterable', async () => {
    const a = await newApplicant(t.app);
    const id = await acceptedOldRegistration(a.token);
    const reg = await detail(a.token, id);
    const list = (token: string, filters: Record<string, unknown> = {}) =>
      get(
        token,
        `/api/applications/renewals?filters=${encodeURIComponent(JSON.stringify(filters))}`,
      );
    const mine = (await list(a.token)).json();
    expect(mine.data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(mine.meta.total).toBe(1);
    const row = mine.data[0];
    expect(row).toMatchObject({
      registrationNo: reg.registrationNo,
      expiryDate: reg.expiryDate,
      isOldRegistration: true,
      wardNumber: 1,
      renewalId: null,
    });
    expect(row.daysToExpiry).toBeLessThan(0);
    const ward1 = await list(staff.ward1, { q: reg.registrationNo });
    expect(ward1.json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await list(staff.ward2, { q: reg.registrationNo })).json().data).toEqual([]);
    expect(
      (await list(staff.ward1, { q: reg.registrationNo, state: 'expiring' })).json().data,
    ).toEqual([]);
    expect(
      (await list(staff.ward1, { q: reg.registrationNo, state: 'expired' })).json().data,
    ).toHaveLength(1);
    expect((await list(staff.ward1, { state: 'soon' })).statusCode).toBe(400);
    // a registration approved today expires at the end of this fiscal year: not listed
    const fresh = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, fresh, 'verify');
    await act(t.app, staff.ward1, fresh, 'payments', {
      receiptNo: nextReceipt(),
      paidDate: todayAd(),
      channel: 'counter',
    });
    await act(t.app, staff.admin, fresh, 'approve');
    expect((await list(a.token)).json().data.map((r: { id: number }) => r.id)).toEqual([id]);
    const notDue = await send(
      a.token,
      `/api/applications/${fresh}/renew`,
      {},
      {
        renewProof: await scan(),
        oldCertificate: await scan(),
      },
    );
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().message).toMatch(/not due for renewal/);
    expect((await detail(a.token, fresh)).canRenew).toBe(false);
  });

  it('refuses what is not an approved registration of yours, and a renewal without its files', async () => {
    const a = await newApplicant(t.app);
    const b = await newApplicant(t.app);
    const pending = await submit(t.app, a.token, 1);
    const files2 = { renewProof: await scan(), oldCertificate: await scan() };
    const notApproved = await send(a.token, `/api/applications/${pending}/renew`, {}, files2);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().message).toBe('Only an approved registration can be renewed.');
    const id = await acceptedOldRegistration(a.token);
    const before = await snapshot();
    const other = await send(b.token, `/api/applications/${id}/renew`, {}, files2);
    expect(other.statusCode).toBe(404);
    const missing = await send(
      a.token,
      `/api/applications/${id}/renew`,
      {},
      {
        renewProof: await scan(),
      },
    );
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['oldCertificate']);
    const fake = await send(
      a.token,
      `/api/applications/${id}/renew`,
      {},
      {
        renewProof: { filename: 'x.png', data: Buffer.from('nope') },
        oldCertificate: await scan(),
      },
    );
    expect(fake.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it('renews an expired registration: years due and months late are charged, approval extends the expiry', async () => {
    const a = await newApplicant(t.app);
    const id = await acceptedOldRegistration(a.token);
    const reg = await detail(a.token, id);
    expect(reg.canRenew).toBe(true);
    const timing = renewalTiming(reg.expiryDate, todayAd());
    expect(timing.fiscalYearsDue).toBeGreaterThanOrEqual(4);
    expect(timing.monthsLate).toBeGreaterThanOrEqual(40);

    const q = await t.app.inject({
      method: 'POST',
      url: '/api/applications/quote',
      headers: auth(a.token),
      payload: { businessTypeId: 5, capitalCurrent: 300000, renewalOf: id },
    });
    expect(q.json().data.timing).toEqual(timing);

    const res = await send(
      a.token,
      `/api/applications/${id}/renew`,
      { remarks: 'Renewing' },
      {
        renewProof: await scan('proof.png'),
        oldCertificate: await scan('old.png'),
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const rid = res.json().data.id as number;
    const again = await send(
      a.token,
      `/api/applications/${id}/renew`,
      {},
      {
        renewProof: await scan(),
        oldCertificate: await scan(),
      },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A renewal of this registration is already in progress.');

    let r = await detail(a.token, rid);
    expect(r).toMatchObject({
      appStatus: 'pending',
      isRenewal: true,
      renewalOfId: id,
      businessName: reg.businessName,
      registrationNo: null,
      renewalOf: { id, registrationNo: reg.registrationNo, expiryDate: reg.expiryDate },
    });
    expect(r.documents.map((x: { kind: string }) => x.kind)).toEqual([
      'photo',
      'citizenship',
      'renew-proof',
      'old-certificate',
    ]);
    expect(r.renewProofFileId).toBeGreaterThan(0);
    expect((await detail(a.token, id)).openRenewalId).toBe(rid);
    expect((await detail(a.token, id)).canRenew).toBe(false);

    // verification freezes the renewal charges
    const [, , , renew, fine] = TAX_BANDS[0];
    r = (await act(t.app, staff.ward1, rid, 'verify')).json().data;
    expect(r.bill.businessTax).toBe(renew * timing.fiscalYearsDue);
    expect(r.bill.fine).toBe(fine * timing.monthsLate);
    expect(r.bill.discount).toBe(0);
    expect(r.bill.total).toBe(r.bill.businessTax + r.bill.fine + r.bill.rentTax + r.bill.adminCost);
    await act(t.app, staff.ward1, rid, 'payments', {
      receiptNo: nextReceipt(),
      paidDate: todayAd(),
      channel: 'counter',
    });
    const certsBefore = await count(certificates);
    const approved = await act(t.app, staff.admin, rid, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const newExpiry = fiscalYearOf(todayAd()).endAd;
    expect(approved.json().data).toMatchObject({
      appStatus: 'approved',
      registrationDate: todayAd(),
      expiryDate: newExpiry,
      registrationNo: null,
    });
    const after = await detail(a.token, id);
    expect(after.expiryDate).toBe(newExpiry);
    expect(after.registrationNo).toBe(reg.registrationNo);
    expect(after.history.at(-1)).toMatchObject({ action: 'renew' });
    expect(after.certificate.registrationNo).toBe(reg.registrationNo);
    expect(await count(certificates)).toBe(certsBefore + 1);
    const cert = (await get(a.token, `/api/applications/${id}/certificate`)).json().data;
    expect(cert.expiryDate).toBe(newExpiry);
    const listed = (await get(a.token, '/api/applications/renewals')).json().data;
    expect(listed.map((x: { id: number }) => x.id)).not.toContain(id);
  });

  it('renewing before expiry gets the early discount', async () => {
    const a = await newApplicant(t.app);
    const soon = addDaysAd(todayAd(), 10);
    const id = await acceptedOldRegistration(a.token, { expiryDate: soon });
    const reg = await detail(a.token, id);
    expect(reg.expiryDate).toBe(soon);
    const rows = (await get(a.token, '/api/applications/renewals')).json().data;
    expect(rows.find((x: { id: number }) => x.id === id).daysToExpiry).toBe(10);
    const res = await send(
      a.token,
      `/api/applications/${id}/renew`,
      {},
      {
        renewProof: await scan(),
        oldCertificate: await scan(),
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const v = (await act(t.app, staff.ward1, res.json().data.id, 'verify')).json().data;
    const [, , , renew, , discount] = TAX_BANDS[0];
    expect(v.bill).toMatchObject({ businessTax: renew, fine: 0, discount });
  });
});
