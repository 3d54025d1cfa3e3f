/**
 * Money exactly right (issue 15): each scenario that lost or double-counted money before the
 * ledger, as an applicant or an attacker would meet it, against the gateway simulators.
 * Every rupee received ends credited to a bill, refund due, or refunded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import { bills, payments } from '../../db/schema.js';
import { auth, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  edit,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
  validFields,
  wardId,
} from '../../../../test/server/fixtures.js';
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
const key = () => `ledger-${process.pid}-${++keySeq}-${Date.now()}`;
const db = () => t.database.db;

async function verified(over: Record<string, string | number> = {}) {
  const a = await newApplicant(t.app, 'Ledger');
  const id = await submit(t.app, a.token, 1, over);
  expect((await act(t.app, staff.ward1, id, 'verify')).statusCode).toBe(200);
  return { a, id };
}

async function startOnline(token: string, id: number, channel: 'esewa' | 'khalti') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/applications/${id}/pay-online`,
    headers: { ...auth(token), 'idempotency-key': key() },
    payload: { channel },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    paymentId: number;
    form?: { action: string; fields: Record<string, string> };
    redirectUrl?: string;
  };
}

const pidxOf = (init: { redirectUrl?: string }) =>
  new URL(init.redirectUrl!).searchParams.get('pidx')!;

/** The browser on the simulator's eSewa page: post the form, press Pay; the callback data. */
async function payAtEsewa(form: { action: string; fields: Record<string, string> }) {
  await fetch(form.action, { method: 'POST', body: new URLSearchParams(form.fields) });
  const decided = await fetch(`${esewa.url}/sim/esewa/decide`, {
    method: 'POST',
    body: new URLSearchParams({ uuid: form.fields.transaction_uuid, decision: 'pay' }),
    redirect: 'manual',
  });
  return new URL(decided.headers.get('location')!).searchParams.get('data')!;
}

const confirmEsewa = (token: string, applicationId: number, data: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/esewa/confirm',
    headers: auth(token),
    payload: { applicationId, data },
  });
const confirmKhalti = (token: string, applicationId: number, pidx: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/khalti/confirm',
    headers: auth(token),
    payload: { applicationId, pidx },
  });
const counterPay = (id: number, receiptNo = nextReceipt()) =>
  act(t.app, staff.ward1, id, 'payments', { receiptNo, paidDate: todayAd(), channel: 'counter' });
const recheck = () =>
  t.app.inject({ method: 'POST', url: '/api/payments/recheck', headers: auth(staff.admin) });
const detail = async (token: string, id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: auth(token) })
  ).json().data;
const paymentsOf = (id: number) =>
  db().select().from(payments).where(eq(payments.applicationId, id)).orderBy(payments.id);

/** The ledger holds for application `id`: credited never exceeds the bill; paid = settled. */
async function expectBalanced(id: number) {
  const rows = await paymentsOf(id);
  const credited = rows.filter((p) => p.payStatus === 'completed');
  const [app] = await db()
    .execute(sql`select app_status from applications where id = ${id}`)
    .then((r) => (r as unknown as { rows: { app_status: string }[] }).rows);
  const settled = await db()
    .select()
    .from(bills)
    .where(and(eq(bills.applicationId, id), eq(bills.billStatus, 'settled')));
  if (app.app_status === 'paid' || app.app_status === 'approved') {
    expect(settled).toHaveLength(1);
    expect(credited.reduce((s, p) => s + p.total, 0)).toBe(settled[0].total);
  } else {
    expect(credited.filter((p) => settled.every((b) => b.id !== p.billId))).toHaveLength(0);
  }
}

describe('one bill, one settlement', () => {
  it('eSewa and Khalti started one after the other and both paid: one credited, one refund due', async () => {
    const { a, id } = await verified();
    const es = await startOnline(a.token, id, 'esewa');
    const kh = await startOnline(a.token, id, 'khalti');
    const data = await payAtEsewa(es.form!);
    khalti.complete(pidxOf(kh));
    const first = await confirmEsewa(a.token, id, data);
    expect(first.json().data.outcome).toBe('completed');
    const second = await confirmKhalti(a.token, id, pidxOf(kh));
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toEqual({ outcome: 'refund_due', reason: 'alreadyPaid' });
    expect((await paymentsOf(id)).map((p) => p.payStatus).sort()).toEqual([
      'completed',
      'refund_due',
    ]);
    await expectBalanced(id);
  });

  it('a counter payment while an online one is pending: the online money is refund due', async () => {
    const { a, id } = await verified();
    const kh = await startOnline(a.token, id, 'khalti');
    expect((await counterPay(id)).statusCode).toBe(200);
    khalti.complete(pidxOf(kh));
    const res = await confirmKhalti(a.token, id, pidxOf(kh));
    expect(res.json().data).toEqual({ outcome: 'refund_due', reason: 'alreadyPaid' });
    expect((await detail(a.token, id)).appStatus).toBe('paid');
    await expectBalanced(id);
  });

  it('money that arrives after the application was rejected or cancelled is refund due', async () => {
    const rejected = await verified();
    const kh = await startOnline(rejected.a.token, rejected.id, 'khalti');
    const r = await act(t.app, staff.ward1, rejected.id, 'reject', { remarks: 'Wrong ward' });
    expect(r.statusCode).toBe(200);
    khalti.complete(pidxOf(kh));
    const res = await confirmKhalti(rejected.a.token, rejected.id, pidxOf(kh));
    expect(res.json().data).toEqual({ outcome: 'refund_due', reason: 'notPayable' });
    expect((await detail(rejected.a.token, rejected.id)).appStatus).toBe('rejected');

    const cancelled = await verified();
    const es = await startOnline(cancelled.a.token, cancelled.id, 'esewa');
    const data = await payAtEsewa(es.form!);
    expect((await act(t.app, cancelled.a.token, cancelled.id, 'cancel')).statusCode).toBe(200);
    const late = await confirmEsewa(cancelled.a.token, cancelled.id, data);
    expect(late.json().data).toEqual({ outcome: 'refund_due', reason: 'notPayable' });
    expect((await detail(cancelled.a.token, cancelled.id)).appStatus).toBe('cancelled');
  });

  it('a link started for the old bill, paid after the bill was raised, never settles the new bill', async () => {
    const { a, id } = await verified();
    const oldTotal = (await detail(a.token, id)).bill.total as number;
    const kh = await startOnline(a.token, id, 'khalti');
    await act(t.app, staff.ward1, id, 'reject', { remarks: 'Capital is higher' });
    const w = await wardId(t.app, a.token, 1);
    const edited = await edit(
      t.app,
      a.token,
      id,
      validFields(w, { capitalMax: 200_000_000, capitalCurrent: 150_000_000 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await act(t.app, staff.ward1, id, 'verify')).statusCode).toBe(200);
    const newTotal = (await detail(a.token, id)).bill.total as number;
    expect(newTotal).toBeGreaterThan(oldTotal);
    khalti.complete(pidxOf(kh));
    const res = await confirmKhalti(a.token, id, pidxOf(kh));
    expect(res.json().data).toEqual({ outcome: 'refund_due', reason: 'billChanged' });
    expect((await detail(a.token, id)).appStatus).toBe('verified');
    const versions = await db().select().from(bills).where(eq(bills.applicationId, id));
    expect(versions.map((b) => [b.version, b.billStatus])).toEqual([
      [1, 'superseded'],
      [2, 'open'],
    ]);
  });

  it('two counter payments of one bill at once: one is recorded, the other refused', async () => {
    const { id } = await verified();
    const codes = (await Promise.all([counterPay(id), counterPay(id)])).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 409]);
    expect((await paymentsOf(id)).filter((p) => p.payStatus === 'completed')).toHaveLength(1);
    await expectBalanced(id);
  });
});

describe('never fail without the gateway’s word', () => {
  it('an unpaid attempt stays open through NOT_FOUND; paid later it is credited; 48 h of NOT_FOUND fails it', async () => {
    const { a, id } = await verified();
    const es = await startOnline(a.token, id, 'esewa');
    const age = (ms: number) =>
      db()
        .update(payments)
        .set({ createdAt: new Date(Date.now() - ms), nextCheckAt: null })
        .where(eq(payments.id, es.paymentId));
    await age(3 * 60_000);
    expect((await recheck()).statusCode).toBe(200);
    const [open] = await db().select().from(payments).where(eq(payments.id, es.paymentId));
    expect(open.payStatus).toBe('pending');
    expect(open.checkCount).toBe(1);
    expect(open.nextCheckAt!.getTime()).toBeGreaterThan(Date.now());
    // the user pays after our local link expired; the job finds it
    await db()
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.id, es.paymentId));
    await payAtEsewa(es.form!);
    await age(20 * 60_000);
    expect((await recheck()).json().data.completed).toBeGreaterThanOrEqual(1);
    expect((await detail(a.token, id)).appStatus).toBe('paid');

    const other = await verified();
    const lost = await startOnline(other.a.token, other.id, 'esewa');
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000), nextCheckAt: null })
      .where(eq(payments.id, lost.paymentId));
    await recheck();
    const [closed] = await db().select().from(payments).where(eq(payments.id, lost.paymentId));
    expect(closed.payStatus).toBe('failed');
    expect(closed.gatewayStatus).toBe('NOT_FOUND');
  });

  it('attempts that never answer do not starve a newer one: the job goes by next check time', async () => {
    const { a, id } = await verified();
    const [open] = await db()
      .select()
      .from(bills)
      .where(and(eq(bills.applicationId, id), eq(bills.billStatus, 'open')));
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    const app = await detail(a.token, id);
    await db()
      .insert(payments)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          applicationId: id,
          billId: open.id,
          fiscalYearId: app.fiscalYearId as number,
          businessTax: 0,
          fine: 0,
          rentTax: 0,
          adminCost: 0,
          discount: 0,
          total: open.total,
          channel: 'khalti' as const,
          payStatus: 'pending' as const,
          gatewayRef: `ghost-${process.pid}-${Date.now()}-${i}`,
          createdAt: tenMinutesAgo,
          replacedAt: tenMinutesAgo,
        })),
      );
    const newer = await verified();
    const kh = await startOnline(newer.a.token, newer.id, 'khalti');
    await db()
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(payments.id, kh.paymentId));
    khalti.complete(pidxOf(kh));
    await recheck();
    await recheck();
    expect((await detail(newer.a.token, newer.id)).appStatus).toBe('paid');
    const ghosts = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, id), inArray(payments.payStatus, ['pending'])));
    expect(ghosts.every((g) => g.checkCount >= 1)).toBe(true);
  });
});

describe('receipt numbers no one can collide with', () => {
  it('a counter receipt in the online form is refused', async () => {
    const { id } = await verified();
    const res = await counterPay(id, 'KH-2083-84-999999');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toContain('receiptNo');
  });

  it('the same receipt number on two bills at once: one recorded, one 422, never 500', async () => {
    const one = await verified();
    const two = await verified();
    const no = nextReceipt();
    const codes = (await Promise.all([counterPay(one.id, no), counterPay(two.id, no)])).map(
      (r) => r.statusCode,
    );
    expect(codes.sort()).toEqual([200, 422]);
  });
});

describe('refunds and reconciliation', () => {
  it('staff record a refund once (a second at once is 409); the day balances', async () => {
    const { a, id } = await verified();
    const kh = await startOnline(a.token, id, 'khalti');
    await counterPay(id);
    khalti.complete(pidxOf(kh));
    await confirmKhalti(a.token, id, pidxOf(kh));
    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/${kh.paymentId}/refund`,
        headers: auth(staff.ward1),
        payload: {
          refundedOn: todayAd(),
          method: 'cash',
          reference: 'V-12',
          remarks: 'at counter',
        },
      });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/payments/${kh.paymentId}/refund`,
          headers: auth(a.token),
          payload: { refundedOn: todayAd(), method: 'cash' },
        })
      ).statusCode,
    ).toBe(403);
    const codes = (await Promise.all([refund(), refund()])).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 409]);
    const [row] = await db().select().from(payments).where(eq(payments.id, kh.paymentId));
    expect(row).toMatchObject({
      payStatus: 'refunded',
      refundMethod: 'cash',
      refundReference: 'V-12',
    });
    const day = todayAd();
    const rec = await t.app.inject({
      method: 'GET',
      url: `/api/payments/reconciliation?from=${day}&to=${day}`,
      headers: auth(staff.admin),
    });
    expect(rec.statusCode, rec.body).toBe(200);
    const body = rec.json();
    for (const r of [...body.data, body.meta])
      expect(r.received).toBe(r.credited + r.refundDue + r.refunded);
    expect(body.meta.refunded).toBeGreaterThanOrEqual(row.total);
    const due = await t.app.inject({
      method: 'GET',
      url: `/api/payments?filters=${encodeURIComponent(JSON.stringify({ status: 'refunded', applicationId: id }))}`,
      headers: auth(staff.ward1),
    });
    expect(due.json().data.map((p: { id: number }) => p.id)).toEqual([kh.paymentId]);
  });
});
