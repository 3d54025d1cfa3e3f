/**
 * Unique keys by design (issue 16 §4): each race or odd input that answered 500 before, named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { parse } from 'content-disposition';
import { applications, certificates, fiscalYears, registrationCounters } from '../../db/schema.js';
import type { PdfRenderer } from '../certificates/index.js';
import { auth, buildTestApp, multipart, type TestContext } from '../../../../test/server/helper.js';
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

let t: TestContext;
let staff: { ward1: string; admin: string };
/** PDFs are not what is tested here: a stand-in printer answers a minimal PDF. */
const pdf = {
  render: async () => Buffer.from('%PDF-1.4\n%%EOF\n'),
  close: async () => {},
} as unknown as PdfRenderer;

beforeAll(async () => {
  t = await buildTestApp({ pdf });
  staff = await staffTokens(t.app);
});
afterAll(async () => t.close());

/** Submits an old paper registration numbered `no` as a new applicant; the admin accepts it. */
async function acceptOld(no: string) {
  const a = await newApplicant(t.app, 'Old');
  const w = await wardId(t.app, a.token, 1);
  const fields = validFields(w, {
    isOldRegistration: '1',
    oldRegistrationNo: no,
    oldRegistrationDate: '2022-08-01',
  });
  const m = multipart(fields, {
    ...(await validFiles()),
    oldCertificate: (await validFiles())['doc_rent-agreement'],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    payload: m.payload,
    headers: { ...m.headers, ...auth(a.token) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const acc = await act(t.app, staff.admin, id, 'accept');
  expect(acc.statusCode, acc.body).toBe(200);
  return { a, id, registrationNo: acc.json().data.registrationNo as string };
}

async function approveNew() {
  const a = await newApplicant(t.app, 'New');
  const id = await submit(t.app, a.token, 1);
  await act(t.app, staff.ward1, id, 'verify');
  await act(t.app, staff.ward1, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: '2025-08-01',
    channel: 'counter',
  });
  return act(t.app, staff.admin, id, 'approve');
}

describe('registration numbers', () => {
  it('an old registration numbered in this year’s form: the counter moves past it, no 500', async () => {
    const [fy] = await t.database.db
      .select()
      .from(fiscalYears)
      .where(eq(fiscalYears.isCurrent, true));
    const [counter] = await t.database.db
      .select()
      .from(registrationCounters)
      .where(eq(registrationCounters.fiscalYearId, fy.id));
    const next = (counter?.lastSerial ?? 0) + 1;
    const old = await acceptOld(`${next}/${fy.slug}`);
    expect(old.registrationNo).toBe(`${next}/${fy.slug}`);
    const first = await approveNew();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.registrationNo).toBe(`${next + 1}/${fy.slug}`);
    const second = await approveNew();
    expect(second.json().data.registrationNo).toBe(`${next + 2}/${fy.slug}`);
  });

  it('a Devanagari old number is stored with Latin digits and collides with its Latin twin', async () => {
    const old = await acceptOld('४५६/०७५-७६');
    expect(old.registrationNo).toBe('456/075-76');
    const a = await newApplicant(t.app, 'Twin');
    const w = await wardId(t.app, a.token, 1);
    const m = multipart(
      validFields(w, {
        isOldRegistration: '1',
        oldRegistrationNo: '456/075-76',
        oldRegistrationDate: '2022-08-01',
      }),
      { ...(await validFiles()), oldCertificate: (await validFiles())['doc_rent-agreement'] },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token) },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['oldRegistrationNo']);
  });

  it('a certificate whose number is in Devanagari downloads with an RFC 6266 filename*', async () => {
    const approved = await approveNew();
    const id = approved.json().data.id as number;
    // a registration entered before numbers were normalised keeps its Devanagari number
    const devanagari = `४५६${process.pid % 10}/०७५-७६`;
    await t.database.db
      .update(applications)
      .set({ registrationNo: devanagari })
      .where(eq(applications.id, id));
    await t.database.db
      .update(certificates)
      .set({ registrationNo: devanagari })
      .where(and(eq(certificates.applicationId, id)));
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${id}/certificate.pdf`,
      headers: auth(staff.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain("filename*=UTF-8''");
    expect(parse(disposition).parameters.filename).toBe(
      `certificate-${devanagari.replace('/', '-')}.pdf`,
    );
  });
});
