/**
 * Counter filing through the API (issue 19 §4), on PGlite or PostgreSQL (DATABASE_URL): a ward
 * admin finds a walk-in applicant by mobile or citizenship number or creates their account (an
 * SMS invites them; two creations at once: one 201, one 409), uploads their scans, files for
 * them (theirs, with their profile scans; only in the admin's ward), takes the counter payment
 * and prints the acknowledgement slip, whose QR code opens the public tracking answer.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import {
  auth,
  buildTestApp,
  multipart,
  rowCount,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  act,
  lastOtp,
  newApplicant,
  nextReceipt,
  ownersJson,
  profileFiles,
  staffTokens,
  validFields,
  validFiles,
  wardId,
} from '../../../../test/server/fixtures.js';
import { decodePdfQrCodes } from '../../../../test/server/pdf-qr.js';
import { pdfText, squash } from '../../../../test/server/pdf-text.js';
import { applicationDocuments, applications, auditLog, outbox, users } from '../../db/schema.js';
import { loadConfig } from '../../config.js';
import { PdfRenderer, trackCode } from '../certificates/index.js';

const renderer = new PdfRenderer({ executablePath: process.env.CHROMIUM_PATH });
let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp({ pdf: renderer });
  staff = await staffTokens(t.app);
});
afterAll(async () => {
  await t.close();
  await renderer.close();
});

const db = () => t.database.db;
const get = (token: string | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });
const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, headers: auth(token) });
const send = (
  token: string,
  url: string,
  fields: Record<string, string | number | undefined>,
  files: Record<string, { filename: string; data: Buffer; type?: string }> = {},
) => {
  const m = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
};

let n = 0;
const newPhone = () => `97${String((Date.now() + ++n * 7919) % 1e8).padStart(8, '0')}`;
const create = (token: string, over: Record<string, string> = {}) =>
  post(token, '/api/counter/applicants', {
    name: 'Ram Bahadur Thapa',
    phone: newPhone(),
    gender: 'male',
    citizenshipNo: `27-01-74-${10000 + n}`,
    ...over,
  });

/** A walk-in applicant created at the counter, with their scans uploaded by ward 1's admin. */
async function walkIn() {
  const res = await create(staff.ward1);
  expect(res.statusCode, res.body).toBe(201);
  const applicant = res.json().data as { id: number; phone: string; citizenshipNo: string };
  const up = await send(
    staff.ward1,
    `/api/counter/applicants/${applicant.id}/documents`,
    {},
    await profileFiles(),
  );
  expect(up.statusCode, up.body).toBe(200);
  return applicant;
}

/** Files a valid application in ward `wardNo` for `applicantId` as `token`. */
async function fileFor(token: string, applicantId: number, wardNo = 1, over = {}) {
  const w = await wardId(t.app, token, wardNo);
  return send(
    token,
    `/api/counter/applicants/${applicantId}/applications`,
    validFields(w, over),
    await validFiles(),
  );
}

describe('finding and creating the applicant', () => {
  it('creates the account with an invitation SMS that the applicant claims by the reset code', async () => {
    const phone = newPhone();
    const res = await create(staff.ward1, { phone, citizenshipNo: '२७-०१-७४ ०५५५', lang: 'ne' });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json().data;
    expect(a).toMatchObject({ phone, citizenshipNo: '27-01-74 0555', unclaimed: true });
    const [sms] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, phone), eq(outbox.kind, 'counter-invite')));
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain('/forget-password');
    expect(sms.body).toContain('दर्ता:');
    // found by the phone and by the citizenship number (Devanagari digits too)
    for (const q of [phone, '27-01-74 0555', '२७-०१-७४ ०५५५']) {
      const found = await get(staff.ward1, `/api/counter/applicants?q=${encodeURIComponent(q)}`);
      expect(found.statusCode).toBe(200);
      expect(found.json().data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    }
    // the applicant claims the account: forgot password → code → new password → sign in
    const forgot = await post(staff.ward1, '/api/password/forgot', { login: phone });
    expect(forgot.statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        login: phone,
        otp: await lastOtp(t, phone),
        password: 'Claimed123',
        password_confirmation: 'Claimed123',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await post(staff.ward1, '/api/login', {
      username: phone,
      password: 'Claimed123',
    });
    expect(signIn.statusCode).toBe(200);
    expect((await get(staff.ward1, `/api/counter/applicants/${a.id}`)).json().data.unclaimed).toBe(
      false,
    );
  });

  it('finds an applicant by an owner citizenship number on their applications', async () => {
    const a = await newApplicant(t.app, 'Owner search');
    const w = await wardId(t.app, a.token, 1);
    const res = await send(
      a.token,
      '/api/applications',
      validFields(w, { kind: 'multiple', owners: ownersJson(2) }),
      await validFiles(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const found = await get(staff.ward1, '/api/counter/applicants?q=27-01-1000');
    expect(found.json().data.map((x: { id: number }) => x.id)).toContain(a.id);
    // staff accounts are never found
    const [ward1] = await db().select().from(users).where(eq(users.username, 'ward1'));
    const none = await get(staff.ward1, `/api/counter/applicants?q=${ward1.phone}`);
    expect(none.json().data).toEqual([]);
  });

  it('two creations of the same mobile at once: one account, the other a 409', async () => {
    const phone = newPhone();
    const before = await rowCount(t.database, users);
    const [r1, r2] = await Promise.all([
      create(staff.ward1, { phone, name: 'First' }),
      create(staff.admin, { phone, name: 'Second' }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([201, 409]);
    const refused = r1.statusCode === 409 ? r1 : r2;
    expect(refused.json().message).toMatch(/already exists/);
    expect(await rowCount(t.database, users)).toBe(before + 1);
    // and later, too
    const again = await create(staff.ward1, { phone });
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input with a 422 and writes nothing', async () => {
    const before = await rowCount(t.database, users);
    const bad = await create(staff.ward1, { phone: '12345', citizenshipNo: '<script>' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['citizenshipNo', 'phone']);
    expect(await rowCount(t.database, users)).toBe(before);
    // the citizenship number is optional: left blank (as the form sends it) it is no number
    const blank = await create(staff.ward1, { citizenshipNo: '  ' });
    expect(blank.statusCode, blank.body).toBe(201);
    expect(blank.json().data.citizenshipNo).toBeNull();
  });

  it('only staff with file-at-counter reach the counter routes', async () => {
    const a = await newApplicant(t.app, 'Not staff');
    expect((await get(a.token, '/api/counter/applicants?q=9800000000')).statusCode).toBe(403);
    expect((await create(a.token)).statusCode).toBe(403);
    expect((await get(null, '/api/counter/applicants?q=9800000000')).statusCode).toBe(401);
  });
});

describe('scans and filing on behalf', () => {
  it('uploads the scans to the applicant profile, audited as the staff member', async () => {
    const a = await walkIn();
    const [u] = await db().select().from(users).where(eq(users.id, a.id));
    expect(u.photoFileId).not.toBeNull();
    expect(u.citizenshipFileId).not.toBeNull();
    const [ward1] = await db().select().from(users).where(eq(users.username, 'ward1'));
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'counter.documents'), eq(auditLog.entityId, a.id)));
    expect(rows.map((r) => r.userId)).toEqual([ward1.id]);
  });

  it('files the application as the applicant’s, with their profile scans', async () => {
    const a = await walkIn();
    const res = await fileFor(staff.ward1, a.id);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const [app] = await db().select().from(applications).where(eq(applications.id, id));
    expect(app.userId).toBe(a.id);
    expect(app.lang).toBe('ne');
    const [u] = await db().select().from(users).where(eq(users.id, a.id));
    const docs = await db()
      .select()
      .from(applicationDocuments)
      .where(eq(applicationDocuments.applicationId, id));
    expect(docs.find((d) => d.kind === 'photo')?.fileId).toBe(u.photoFileId);
    expect(docs.find((d) => d.kind === 'citizenship')?.fileId).toBe(u.citizenshipFileId);
    const detail = (await get(staff.ward1, `/api/applications/${id}`)).json().data;
    expect(detail.history[0]).toMatchObject({ action: 'submit', byUserType: 'wardadmin' });
  });

  it('refuses a ward the admin does not administer (422) and writes nothing', async () => {
    const a = await walkIn();
    const before = await rowCount(t.database, applications);
    const res = await fileFor(staff.ward1, a.id, 2);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.wardId).toBeDefined();
    expect(res.json().message).toMatch(/only for a ward you administer/);
    expect(await rowCount(t.database, applications)).toBe(before);
    // the system admin files in any ward
    expect((await fileFor(staff.admin, a.id, 2)).statusCode).toBe(201);
  });

  it('needs the applicant’s scans first, and an applicant account', async () => {
    const res = await create(staff.ward1);
    const noScans = await fileFor(staff.ward1, res.json().data.id);
    expect(noScans.statusCode).toBe(422);
    expect(noScans.json().message).toBe('Please upload photos first');
    const [ward1] = await db().select().from(users).where(eq(users.username, 'ward1'));
    expect((await fileFor(staff.admin, ward1.id)).statusCode).toBe(404);
  });

  it('renews an expired registration on the applicant’s behalf', async () => {
    const a = await walkIn();
    const id = (await fileFor(staff.ward1, a.id)).json().data.id as number;
    await act(t.app, staff.ward1, id, 'verify');
    await act(t.app, staff.ward1, id, 'payments', {
      receiptNo: nextReceipt(),
      paidDate: todayAd(),
      channel: 'counter',
    });
    expect((await act(t.app, staff.admin, id, 'approve')).statusCode).toBe(200);
    await db()
      .update(applications)
      .set({ expiryDate: '2024-07-15' })
      .where(eq(applications.id, id));
    const scan = (await profileFiles()).citizenship;
    const res = await send(
      staff.ward1,
      `/api/applications/${id}/renew`,
      {},
      {
        renewProof: scan,
        oldCertificate: scan,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [renewal] = await db()
      .select()
      .from(applications)
      .where(eq(applications.id, res.json().data.id));
    expect(renewal).toMatchObject({ userId: a.id, service: 'renewal', renewalOfId: id });
  });
});

describe('requests about a registration, filed at the counter', () => {
  it('lists the applicant’s applications in the admin’s ward and files a duplicate for them', async () => {
    const a = await walkIn();
    const id = (await fileFor(staff.ward1, a.id)).json().data.id as number;
    const list = async (token: string) => {
      const res = await get(token, `/api/counter/applicants/${a.id}/applications`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: number; status: string; canRequest: string[] }[];
    };
    // pending: listed, nothing to request yet
    expect(await list(staff.ward1)).toMatchObject([
      { id, service: 'registration', status: 'pending', registrationNo: null, canRequest: [] },
    ]);
    await act(t.app, staff.ward1, id, 'verify');
    await act(t.app, staff.ward1, id, 'payments', {
      receiptNo: nextReceipt(),
      paidDate: todayAd(),
      channel: 'counter',
    });
    expect((await act(t.app, staff.admin, id, 'approve')).statusCode).toBe(200);
    const [approved] = await list(staff.ward1);
    expect(approved).toMatchObject({ id, status: 'approved' });
    expect(approved.canRequest.sort()).toEqual(['amendment', 'closure', 'duplicate']);

    // the duplicate, filed by ward 1's admin: the applicant's request, in their language
    const dup = await post(staff.ward1, `/api/applications/${id}/duplicate`, {
      reason: 'lost',
      details: 'Lost on the bus',
    });
    expect(dup.statusCode, dup.body).toBe(201);
    const requestId = dup.json().data.id as number;
    const [req] = await db().select().from(applications).where(eq(applications.id, requestId));
    expect(req).toMatchObject({ userId: a.id, service: 'duplicate', subjectId: id, lang: 'ne' });
    const after = await list(staff.ward1);
    expect(after.map((x) => [x.id, x.status])).toEqual([
      [requestId, 'pending'],
      [id, 'approved'],
    ]);
    expect(after[1].canRequest.sort()).toEqual(['amendment', 'closure']);
    // their application in ward 2: the system admin sees it, ward 1's admin does not
    const inWard2 = (await fileFor(staff.admin, a.id, 2)).json().data.id as number;
    expect((await list(staff.admin)).map((x) => x.id)).toEqual([inWard2, requestId, id]);
    expect((await list(staff.ward1)).map((x) => x.id)).toEqual([requestId, id]);
    const other = await newApplicant(t.app, 'Not staff either');
    const refused = await get(other.token, `/api/counter/applicants/${a.id}/applications`);
    expect(refused.statusCode).toBe(403);
    // not an applicant account: 404
    const [ward1] = await db().select().from(users).where(eq(users.username, 'ward1'));
    expect(
      (await get(staff.ward1, `/api/counter/applicants/${ward1.id}/applications`)).statusCode,
    ).toBe(404);
  });
});

describe('the acknowledgement slip and public tracking', () => {
  it('prints the slip with what was received, the fee paid and a QR code to the tracking', async () => {
    const a = await walkIn();
    const id = (await fileFor(staff.ward1, a.id, 1, { businessName: 'Thapa Kirana Pasal' })).json()
      .data.id as number;
    await act(t.app, staff.ward1, id, 'verify');
    const receiptNo = nextReceipt();
    const paid = await act(t.app, staff.ward1, id, 'payments', {
      receiptNo,
      paidDate: todayAd(),
      channel: 'counter',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const pdf = await get(staff.ward1, `/api/applications/${id}/acknowledgement`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // kept for a person to look at as a PNG (pdftoppm), as render.test.ts keeps its samples
    await writeFile(path.join(os.tmpdir(), 'acknowledgement-sample.pdf'), pdf.rawPayload);
    const { text, pages } = await pdfText(pdf.rawPayload);
    expect(pages).toBe(1);
    const s = squash(text);
    const [app] = await db().select().from(applications).where(eq(applications.id, id));
    for (const want of [
      'ACKNOWLEDGEMENTSLIP',
      app.submissionNo,
      'ThapaKiranaPasal',
      'RamBahadurThapa',
      'Registration',
      'Photo',
      'Citizenshipdocument',
      receiptNo,
      'Feepaid',
    ])
      expect(s).toContain(want);
    const config = loadConfig({ NODE_ENV: 'test' });
    const [qr] = await decodePdfQrCodes(pdf.rawPayload);
    const tracked = trackCode(config.signingKey, id);
    expect(qr).toBe(`${config.publicUrl}/track/${tracked}`);
    // the public answer: exactly these keys, no personal data
    const track = await get(null, `/api/track/${tracked}`);
    expect(track.statusCode).toBe(200);
    const data = track.json().data;
    expect(Object.keys(data).sort()).toEqual(
      ['businessName', 'service', 'status', 'submissionNo', 'submittedOn', 'updatedAt'].sort(),
    );
    expect(data).toMatchObject({
      submissionNo: app.submissionNo,
      service: 'registration',
      businessName: 'Thapa Kirana Pasal',
      status: 'paid',
      submittedOn: todayAd(),
    });
    expect(JSON.stringify(track.json())).not.toContain(a.phone);
    // forged or altered codes are not found
    const forged = tracked.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await get(null, `/api/track/${forged}`)).statusCode).toBe(404);
    expect((await get(null, '/api/track/not-a-code')).statusCode).toBe(404);
    // the slip of an application out of scope is a 404; the applicant prints their own
    const other = await newApplicant(t.app, 'Other');
    expect((await get(other.token, `/api/applications/${id}/acknowledgement`)).statusCode).toBe(
      404,
    );
  });
});
