/**
 * Trustworthy documents through the API (issue 17 §5), printed by a real Chromium and read
 * back: a partnership's certificate PDF names every owner and the permanent address's chowk;
 * its receipt PDF is one A5 page with the total; the public check of a revoked, terminated or
 * expired certificate says so, with the date and the reason where known.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { formatPaisa } from '../../../shared/format.js';
import { auth, buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../../test/server/fixtures.js';
import { pdfText, squash } from '../../../../test/server/pdf-text.js';
import { certificates } from '../../db/schema.js';
import { PdfRenderer } from './index.js';

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

const OWNERS = [
  { name: 'Suman Tamang', fatherOrHusbandName: 'Dorje Tamang', citizenshipNo: '27-01-1000' },
  { name: 'Pemba Sherpa', fatherOrHusbandName: 'Nima Sherpa', citizenshipNo: null },
  { name: 'सीता कुमारी तामाङ', fatherOrHusbandName: 'बुद्ध तामाङ', citizenshipNo: null },
  { name: 'Gita Gurung', fatherOrHusbandName: 'Hari Gurung', citizenshipNo: null },
];

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: auth(token) });

/** Submitted, verified, paid at the counter and approved; the certificate and payment ids. */
async function approve(over: Record<string, string> = {}) {
  const a = await newApplicant(t.app, 'Partner');
  const id = await submit(t.app, a.token, 1, over);
  await act(t.app, staff.ward1, id, 'verify');
  const paid = await act(t.app, staff.ward1, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: todayAd(),
    channel: 'counter',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const d = (await act(t.app, staff.admin, id, 'approve')).json().data;
  const payment = (d.payments as { id: number; payStatus: string; total: number }[]).find(
    (p) => p.payStatus === 'completed',
  )!;
  return { a, id, payment, cert: d.certificate as { id: number; verifyCode: string } };
}

describe('a partnership certificate', () => {
  it('names every owner and the chowk, on the web view and in the one-page PDF', async () => {
    const { a, id } = await approve({
      kind: 'multiple',
      ownerName: '',
      fatherOrHusbandName: '',
      owners: JSON.stringify(OWNERS),
      permChowk: 'Ganesh Chowk',
    });
    const view = (await get(`/api/applications/${id}/certificate`, a.token)).json().data;
    expect(view.owners).toEqual(
      OWNERS.map(({ name, fatherOrHusbandName: f }) => ({
        name,
        fatherOrHusbandName: f,
      })),
    );
    expect(view.permanentAddress.chowk).toBe('Ganesh Chowk');

    const res = await get(`/api/applications/${id}/certificate.pdf`, a.token);
    expect(res.statusCode).toBe(200);
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    const squashed = squash(text);
    for (const o of OWNERS) {
      expect(squashed, o.name).toContain(squash(o.name));
      expect(squashed, o.fatherOrHusbandName).toContain(squash(o.fatherOrHusbandName));
    }
    expect(squashed).toContain('GaneshChowk');
    expect(squashed).toContain('Proprietors(4partners)');
  });

  it('a single owner keeps the one owner, from the application itself', async () => {
    const { a, id } = await approve();
    const view = (await get(`/api/applications/${id}/certificate`, a.token)).json().data;
    expect(view.owners).toEqual([
      { name: 'Suman Tamang', fatherOrHusbandName: 'Bir Bahadur Tamang' },
    ]);
    expect(view.permanentAddress.chowk).toBeNull();
  });
});

describe('the receipt PDF', () => {
  it('is one A5 page that carries the total', async () => {
    const { a, payment } = await approve();
    const res = await get(`/api/payments/${payment.id}/receipt.pdf`, a.token);
    expect(res.statusCode, res.body).toBe(200);
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain(formatPaisa(payment.total, 'en-US'));
    expect(squash(text)).toContain(squash(formatPaisa(payment.total, 'ne')));
  });
});

describe('the public check of a certificate no longer valid', () => {
  const verify = async (code: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/verify/${code}` })).json().data;

  it('revoked: when and why', async () => {
    const { cert } = await approve();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/certificates/${cert.id}/revoke`,
      headers: auth(staff.admin),
      payload: { remarks: 'Issued to the wrong owner' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = await verify(cert.verifyCode);
    expect(v).toMatchObject({ status: 'revoked', revokeReason: 'Issued to the wrong owner' });
    expect(todayAd(new Date(v.revokedAt))).toBe(todayAd());
  });

  it('terminated: the termination date and its remarks', async () => {
    const { id, cert } = await approve();
    await act(t.app, staff.admin, id, 'terminate', { remarks: 'Business closed down' });
    const v = await verify(cert.verifyCode);
    expect(v).toMatchObject({ status: 'revoked', revokeReason: 'Business closed down' });
    expect(todayAd(new Date(v.revokedAt))).toBe(todayAd());
  });

  it('expired: the last valid day, no revocation', async () => {
    const { cert } = await approve();
    await t.database.db
      .update(certificates)
      .set({ validUntil: '2024-07-15' })
      .where(eq(certificates.id, cert.id));
    expect(await verify(cert.verifyCode)).toMatchObject({
      status: 'expired',
      validUntil: '2024-07-15',
      revokedAt: null,
      revokeReason: null,
    });
  });
});
