/**
 * Online payments against the gateway simulators (issue 6 acceptance), through app.inject()
 * on a real migrated database: an eSewa and a Khalti payment each move a verified application
 * to paid; 10 concurrent replays of one callback record exactly one payment; a tampered
 * signature, a wrong amount, a callback for another application and an expired link are each
 * refused and leave the bill unpaid; a pending payment is settled by the re-check job; the
 * same Idempotency-Key answers the same payment; receipts, list and reconciliation CSV.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import { auditLog, payments } from '../../db/schema.js';
import { auth, type TestContext } from '../../../../test/server/helper.js';
import { act, newApplicant, staffTokens, submit } from '../../../../test/server/fixtures.js';
import type { EsewaSim, KhaltiSim } from '../../../../scripts/gateway-simulators.js';
import {
  buildPaymentsTestApp,
  type PaymentsTestContext,
} from '../../../../test/server/gateways.js';

let ctx: PaymentsTestContext;
let t: TestContext;
let esewa: EsewaSim;
let khalti: KhaltiSim;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  ctx = await buildPaymentsTestApp();
  ({ t, esewa, khalti } = ctx);
  staff = await staffTokens(t.app);
});
afterAll(async () => ctx?.close());

let keySeq = 0;
const key = () => `test-key-${process.pid}-${++keySeq}-${Date.now()}`;

/** A verified application of a new applicant. */
async function verified() {
  const a = await newApplicant(t.app, 'Payer');
  const id = await submit(t.app, a.token, 1);
  expect((await act(t.app, staff.ward1, id, 'verify')).statusCode).toBe(200);
  return { a, id };
}

const payOnline = (token: string, id: number, channel: 'esewa' | 'khalti', k = key()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/applications/${id}/pay-online`,
    headers: { ...auth(token), 'idempotency-key': k },
    payload: { channel },
  });

/** What the browser does on the simulator's eSewa page: post the form, press Pay. */
async function payAtEsewa(form: { action: string; fields: Record<string, string> }) {
  const page = await fetch(form.action, {
    method: 'POST',
    body: new URLSearchParams(form.fields),
  });
  expect(page.status).toBe(200);
  const decided = await fetch(`${esewa.url}/sim/esewa/decide`, {
    method: 'POST',
    body: new URLSearchParams({ uuid: form.fields.transaction_uuid, decision: 'pay' }),
    redirect: 'manual',
  });
  const location = decided.headers.get('location')!;
  return new URL(location).searchParams.get('data')!;
}

const confirmEsewa = (token: string, applicationId: number, data: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/esewa/confirm',
    headers: auth(token),
    payload: { applicationId, data },
  });

const detail = async (token: string, id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: auth(token) })
  ).json().data;

describe('eSewa ePay v2', () => {
  it('a signed form, a verified return and the status check move the application to paid', async () => {
    const { a, id } = await verified();
    const bill = (await detail(a.token, id)).bill;
    const res = await payOnline(a.token, id, 'esewa');
    expect(res.statusCode, res.body).toBe(200);
    const init = res.json().data;
    expect(init.form.fields).toMatchObject({
      total_amount: String(bill.total / 100),
      product_code: 'EPAYTEST',
      signed_field_names: 'total_amount,transaction_uuid,product_code',
    });
    const data = await payAtEsewa(init.form);
    const ok = await confirmEsewa(a.token, id, data);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.outcome).toBe('completed');
    const d = await detail(a.token, id);
    expect(d.appStatus).toBe('paid');
    const paid = d.payments.filter((p: { payStatus: string }) => p.payStatus === 'completed');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ channel: 'esewa', total: bill.total, paidDate: todayAd() });
    expect(paid[0].receiptNo).toMatch(/^ES-/);
  });

  it('10 concurrent replays of the same callback record exactly 1 payment and 1 status change', async () => {
    const { a, id } = await verified();
    const init = (await payOnline(a.token, id, 'esewa')).json().data;
    const data = await payAtEsewa(init.form);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirmEsewa(a.token, id, data)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(answers.every((r) => r.json().data.outcome === 'completed')).toBe(true);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, id), eq(payments.payStatus, 'completed')));
    expect(rows).toHaveLength(1);
    const d = await detail(a.token, id);
    expect(d.history.filter((h: { action: string }) => h.action === 'pay')).toHaveLength(1);
  });

  it('refuses a tampered signature, a tampered amount and a callback for another application', async () => {
    const { a, id } = await verified();
    const other = await verified();
    const init = (await payOnline(a.token, id, 'esewa')).json().data;
    const data = await payAtEsewa(init.form);
    const fields = JSON.parse(Buffer.from(data, 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...fields, total_amount: '1' })).toString('base64');
    const audits = (await t.database.db.select().from(auditLog)).length;
    const tampered = await confirmEsewa(a.token, id, forged);
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().message).toBe(
      'The payment answer could not be verified and was refused.',
    );
    const badSig = Buffer.from(JSON.stringify({ ...fields, signature: 'AAAA' })).toString('base64');
    expect((await confirmEsewa(a.token, id, badSig)).statusCode).toBe(422);
    // the other applicant presents this callback for their own application: not theirs
    expect((await confirmEsewa(other.a.token, other.id, data)).statusCode).toBe(404);
    // the applicant presents it for another of their own applications
    const second = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, second, 'verify');
    const wrongApp = await confirmEsewa(a.token, second, data);
    expect(wrongApp.statusCode).toBe(409);
    expect((await detail(a.token, id)).appStatus).toBe('verified');
    expect((await detail(a.token, second)).appStatus).toBe('verified');
    const refusals = (await t.database.db.select().from(auditLog)).slice(audits);
    expect(refusals.filter((r) => r.action === 'payment.refused').length).toBeGreaterThanOrEqual(3);
    // the genuine callback still works afterwards
    expect((await confirmEsewa(a.token, id, data)).json().data.outcome).toBe('completed');
  });

  it('a return after the link expired locally is still settled by the gateway (issue 15 §2)', async () => {
    const { a, id } = await verified();
    const init = (await payOnline(a.token, id, 'esewa')).json().data;
    const data = await payAtEsewa(init.form);
    // the user paid within eSewa's own time, came back three seconds after our local expiry
    await t.database.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 3000) })
      .where(eq(payments.id, init.paymentId));
    const late = await confirmEsewa(a.token, id, data);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.outcome).toBe('completed');
    expect((await detail(a.token, id)).appStatus).toBe('paid');
  });

  it('the same Idempotency-Key answers the same payment; another application may not reuse it', async () => {
    const { a, id } = await verified();
    const k = key();
    const first = (await payOnline(a.token, id, 'esewa', k)).json().data;
    const again = (await payOnline(a.token, id, 'esewa', k)).json().data;
    expect(again.paymentId).toBe(first.paymentId);
    expect(again.form.fields.transaction_uuid).toBe(first.form.fields.transaction_uuid);
    const second = await submit(t.app, a.token, 1);
    await act(t.app, staff.ward1, second, 'verify');
    expect((await payOnline(a.token, second, 'esewa', k)).statusCode).toBe(422);
    // staff do not pay online, and an unverified application cannot be paid
    expect((await payOnline(staff.ward1, id, 'esewa')).statusCode).toBe(409);
    const pending = await submit(t.app, a.token, 1);
    expect((await payOnline(a.token, pending, 'esewa')).statusCode).toBe(409);
  });

  it('a gateway that is down leaves the payment pending; the re-check job settles it later', async () => {
    const { a, id } = await verified();
    const init = (await payOnline(a.token, id, 'esewa')).json().data;
    const data = await payAtEsewa(init.form);
    esewa.down = true;
    try {
      const res = await confirmEsewa(a.token, id, data);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/pending/);
      expect((await detail(a.token, id)).appStatus).toBe('verified');
    } finally {
      esewa.down = false;
    }
    // the user closed the tab; the job runs once the payment is a few minutes old
    await t.database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(payments.id, init.paymentId));
    const job = await t.app.inject({
      method: 'POST',
      url: '/api/payments/recheck',
      headers: auth(staff.admin),
    });
    expect(job.statusCode, job.body).toBe(200);
    expect(job.json().data.completed).toBeGreaterThanOrEqual(1);
    expect((await detail(a.token, id)).appStatus).toBe('paid');
    // a later replay of the callback changes nothing
    expect((await confirmEsewa(a.token, id, data)).json().data.outcome).toBe('completed');
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, id), eq(payments.payStatus, 'completed')));
    expect(rows).toHaveLength(1);
  });
});

describe('a reused gateway transaction', () => {
  it('a gateway transaction id already used by another payment is refused and audited', async () => {
    const first = await verified();
    const second = await verified();
    const init1 = (await payOnline(first.a.token, first.id, 'esewa')).json().data;
    await confirmEsewa(first.a.token, first.id, await payAtEsewa(init1.form));
    const init2 = (await payOnline(second.a.token, second.id, 'esewa')).json().data;
    const data2 = await payAtEsewa(init2.form);
    // the gateway reports, for the second payment, the transaction code of the first
    const [p1] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, init1.paymentId));
    esewa.txns.get(init2.form.fields.transaction_uuid)!.code = p1.gatewayTxnId;
    const res = await confirmEsewa(second.a.token, second.id, data2);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This gateway transaction was already used for another payment.',
    );
    expect((await detail(second.a.token, second.id)).appStatus).toBe('verified');
    const refused = await t.database.db.select().from(auditLog);
    expect(
      refused.some(
        (r) =>
          r.action === 'payment.refused' &&
          (r.data as { reason?: string } | null)?.reason === 'reused-transaction',
      ),
    ).toBe(true);
  });
});

describe('Khalti KPG-2', () => {
  it('initiate, pay on the simulator, look up by pidx: verified → paid', async () => {
    const { a, id } = await verified();
    const res = await payOnline(a.token, id, 'khalti');
    expect(res.statusCode, res.body).toBe(200);
    const init = res.json().data;
    expect(init.redirectUrl).toContain('/sim/khalti/pay?pidx=');
    const pidx = new URL(init.redirectUrl).searchParams.get('pidx')!;
    expect(khalti.txns.get(pidx)!.amount).toBe((await detail(a.token, id)).bill.total);
    // before paying: still pending
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/payments/khalti/confirm',
      headers: auth(a.token),
      payload: { applicationId: id, pidx },
    });
    expect(early.json().data.outcome).toBe('pending');
    khalti.complete(pidx);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/payments/khalti/confirm',
      headers: auth(a.token),
      payload: { applicationId: id, pidx },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.outcome).toBe('completed');
    expect((await detail(a.token, id)).appStatus).toBe('paid');
  });

  it('money of another amount at the gateway is kept as refund due, never credited (issue 15 §1)', async () => {
    const { a, id } = await verified();
    const init = (await payOnline(a.token, id, 'khalti')).json().data;
    const pidx = new URL(init.redirectUrl).searchParams.get('pidx')!;
    khalti.txns.get(pidx)!.amount -= 100;
    khalti.complete(pidx);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/khalti/confirm',
      headers: auth(a.token),
      payload: { applicationId: id, pidx },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ outcome: 'refund_due', reason: 'amountMismatch' });
    expect((await detail(a.token, id)).appStatus).toBe('verified');
    const [row] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.id, init.paymentId));
    expect(row).toMatchObject({ payStatus: 'refund_due', refundReason: 'amountMismatch' });
  });
});

describe('receipts, list and reconciliation', () => {
  it('a completed payment has a receipt; staff list and reconcile it, also as CSV', async () => {
    const { a, id } = await verified();
    const init = (await payOnline(a.token, id, 'esewa')).json().data;
    await confirmEsewa(a.token, id, await payAtEsewa(init.form));
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${init.paymentId}/receipt`,
      headers: auth(a.token),
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().data).toMatchObject({
      channel: 'esewa',
      receiptNo: expect.stringMatching(/^ES-/),
    });
    const other = await newApplicant(t.app, 'Nosy');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/payments/${init.paymentId}/receipt`,
          headers: auth(other.token),
        })
      ).statusCode,
    ).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/payments?filters=${encodeURIComponent(JSON.stringify({ channel: 'esewa', status: 'completed', applicationId: id }))}`,
      headers: auth(staff.ward1),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([init.paymentId]);
    const day = todayAd();
    const rec = await t.app.inject({
      method: 'GET',
      url: `/api/payments/reconciliation?from=${day}&to=${day}`,
      headers: auth(staff.admin),
    });
    expect(rec.statusCode, rec.body).toBe(200);
    const esewaDay = rec.json().data.find((r: { channel: string }) => r.channel === 'esewa');
    expect(esewaDay.count).toBeGreaterThanOrEqual(1);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/payments/reconciliation?from=${day}&to=${day}&format=csv`,
      headers: auth(staff.admin),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('date,channel,payments,total (NPR)');
    expect(csv.body).toContain(`${day},esewa,`);
  });
});
