/**
 * Requests about an approved registration (issue 19 §1–3) through the API on a real migrated
 * database: amendment (before/after, ward transfer, new certificate version, old one
 * superseded), closure (arrears billed, registration closed everywhere), duplicate certificate
 * (fee, copy marked as such, the log), and the refusals and races around them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysAd } from './renewals.js';
import { todayAd } from '../../../shared/bs-date.js';
import { auth, buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import {
  act as actRaw,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
  validFields,
  wardId,
} from '../../../../test/server/fixtures.js';

let t: TestContext;

/** A transition; a counter payment gets a receipt number, today's date and the counter. */
const act = (...[app, token, id, path, fields]: Parameters<typeof actRaw>) =>
  actRaw(app, token, id, path, {
    ...(path === 'payments'
      ? { receiptNo: nextReceipt(), paidDate: todayAd(), channel: 'counter' }
      : {}),
    ...fields,
  });
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
  // the palika's fees for the requests (paisa), in every band of the seeded tax setup
  await t.database.db.execute(
    sql`update tax_setups set amendment_fee = 50000, closure_fee = 70000, duplicate_fee = 30000`,
  );
});
afterAll(() => t.close());

const detail = async (token: string, id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: auth(token) })
  ).json().data;

const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/applications/${url}`, headers: auth(token), payload });

/** An approved registration of a new applicant: its id and the applicant's token. */
async function approved() {
  const a = await newApplicant(t.app);
  const id = await submit(t.app, a.token, 1);
  for (const [who, step] of [
    [staff.ward1, 'verify'],
    [staff.ward1, 'payments'],
    [staff.admin, 'approve'],
  ] as const) {
    const res = await act(t.app, who, id, step);
    expect(res.statusCode, res.body).toBe(200);
  }
  return { id, token: a.token };
}

/** Verifies, pays and approves request `id`; returns the verified bill. */
async function processRequest(id: number) {
  let res = await act(t.app, staff.ward1, id, 'verify');
  expect(res.statusCode, res.body).toBe(200);
  const bill = res.json().data.bill;
  res = await act(t.app, staff.ward1, id, 'payments');
  expect(res.statusCode, res.body).toBe(200);
  res = await act(t.app, staff.admin, id, 'approve');
  expect(res.statusCode, res.body).toBe(200);
  return bill;
}

const verifyCode = async (code: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/verify/${code}` })).json().data;

/** The amendment body: the registration's amendable sections, with `over` changed. */
function amendment(ward: number, over: Record<string, unknown> = {}) {
  const f = validFields(ward);
  return {
    businessName: f.businessName,
    businessTypeId: f.businessTypeId,
    capitalMax: String(f.capitalMax),
    capitalCurrent: String(f.capitalCurrent),
    capitalPaidUp: String(f.capitalPaidUp),
    kind: 'single',
    ownerName: f.ownerName,
    fatherOrHusbandName: f.fatherOrHusbandName,
    wardId: ward,
    locAddress: f.locAddress,
    locTole: f.locTole,
    ...over,
  };
}

describe('amendment', () => {
  it('capital growth, new name and a ward transfer: before/after, new version, same number', async () => {
    const reg = await approved();
    const [w1, w2] = [await wardId(t.app, reg.token, 1), await wardId(t.app, reg.token, 2)];
    const before = await detail(reg.token, reg.id);
    expect(before.canRequest).toEqual(['amendment', 'closure', 'duplicate']);
    const oldCode = before.certificate.verifyCode;

    // nothing changed: refused, nothing written
    let res = await post(reg.token, `${reg.id}/amendment`, amendment(w1));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.form).toEqual(['Change at least one detail.']);

    res = await post(
      reg.token,
      `${reg.id}/amendment`,
      amendment(w1, {
        businessName: 'Himalayan Tea and Bakery',
        capitalMax: '9,00,000',
        capitalCurrent: '800000',
        wardId: w2,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const reqId = res.json().data.id;
    const r = await detail(reg.token, reqId);
    expect(r.service).toBe('amendment');
    expect(r.subject).toMatchObject({ id: reg.id, registrationNo: before.registrationNo });
    expect(r.serviceData.sections).toEqual(['capital', 'businessName', 'location']);
    expect(r.serviceData.changes.capitalCurrent).toEqual({ from: 30_000_000, to: 80_000_000 });
    expect(r.serviceData.changes.wardId.to).toMatchObject({ id: w2, number: 2 });
    expect(r.canEdit).toBe(false);
    expect((await detail(reg.token, reg.id)).openRequests).toEqual({ amendment: reqId });

    // the amendment is the new ward's to process (a ward transfer)
    const ward1Sees = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${reqId}`,
      headers: auth(staff.ward1),
    });
    expect(ward1Sees.statusCode).toBe(404);
    res = await act(t.app, staff.admin, reqId, 'verify');
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json().data.bill;
    expect(bill.serviceFee).toBe(50_000);
    expect(bill.businessTax).toBe(0);
    expect(bill.total).toBe(50_000 + bill.adminCost);
    expect(bill.lines.map((l: { key: string }) => l.key)).toContain('serviceFee');
    res = await act(t.app, staff.admin, reqId, 'payments');
    expect(res.statusCode, res.body).toBe(200);
    res = await act(t.app, staff.admin, reqId, 'approve');
    expect(res.statusCode, res.body).toBe(200);

    const after = await detail(staff.admin, reg.id);
    expect(after.businessName).toBe('Himalayan Tea and Bakery');
    expect(after.capitalCurrent).toBe(80_000_000);
    expect(after.ward.number).toBe(2);
    expect(after.registrationNo).toBe(before.registrationNo);
    expect(after.certificate.kind).toBe('amendment');
    expect(after.certificate.verifyCode).not.toBe(oldCode);
    const amend = after.history.find((h: { action: string }) => h.action === 'amend');
    expect(amend.changes.wardId.to).toMatchObject({ id: w2, number: 2 });
    expect(amend.changes.businessName).toEqual({
      from: 'Himalayan Tea House',
      to: 'Himalayan Tea and Bakery',
    });
    expect((await verifyCode(oldCode)).status).toBe('superseded');
    expect((await verifyCode(after.certificate.verifyCode)).status).toBe('valid');
    // the registration moved: ward 1's admin no longer sees it
    const moved = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${reg.id}`,
      headers: auth(staff.ward1),
    });
    expect(moved.statusCode).toBe(404);
  });

  it('owners: a single owner becomes three, at most 4', async () => {
    const reg = await approved();
    const w1 = await wardId(t.app, reg.token, 1);
    const owners = (n: number) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({
          name: `Owner ${i + 1}`,
          fatherOrHusbandName: `Father ${i + 1}`,
        })),
      );
    let res = await post(
      reg.token,
      `${reg.id}/amendment`,
      amendment(w1, { kind: 'multiple', ownerName: '', owners: owners(5) }),
    );
    expect(res.statusCode).toBe(422);
    res = await post(
      reg.token,
      `${reg.id}/amendment`,
      amendment(w1, {
        kind: 'multiple',
        ownerName: '',
        fatherOrHusbandName: '',
        owners: owners(3),
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    await processRequest(res.json().data.id);
    const after = await detail(reg.token, reg.id);
    expect(after.kind).toBe('multiple');
    expect(after.owners.map((o: { name: string }) => o.name)).toEqual([
      'Owner 1',
      'Owner 2',
      'Owner 3',
    ]);
    expect(after.ownerName).toBe('Owner 1');
  });

  it('two amendments at once: one is filed, the other is a 409', async () => {
    const reg = await approved();
    const w1 = await wardId(t.app, reg.token, 1);
    const results = await Promise.all(
      ['A', 'B', 'C'].map((s) =>
        post(reg.token, `${reg.id}/amendment`, amendment(w1, { businessName: `Tea ${s}` })),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'A request of this kind about this registration is already in progress.',
    );
  });

  it('refused for a request, a pending application and someone else’s registration', async () => {
    const reg = await approved();
    const w1 = await wardId(t.app, reg.token, 1);
    const other = await newApplicant(t.app);
    let res = await post(other.token, `${reg.id}/amendment`, amendment(w1, { businessName: 'X' }));
    expect(res.statusCode).toBe(404);
    const pending = await submit(t.app, reg.token, 1);
    res = await post(reg.token, `${pending}/duplicate`, { reason: 'lost' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Only an approved registration/);
    res = await post(reg.token, `${reg.id}/duplicate`, { reason: 'lost' });
    expect(res.statusCode).toBe(201);
    res = await post(reg.token, `${res.json().data.id}/closure`, { reason: 'x' });
    expect(res.statusCode).toBe(409);
    // the applicant may cancel their request, never approve it
    res = await post(reg.token, `${reg.id}/duplicate`, { reason: 'other' });
    expect(res.statusCode).toBe(422);
  });
});

describe('duplicate certificate', () => {
  it('fee, a copy marked as a duplicate, and the log of every duplicate', async () => {
    const reg = await approved();
    const first = (await detail(reg.token, reg.id)).certificate;
    for (const reason of ['lost', 'damaged'] as const) {
      const res = await post(reg.token, `${reg.id}/duplicate`, { reason, details: 'in a flood' });
      expect(res.statusCode, res.body).toBe(201);
      const bill = await processRequest(res.json().data.id);
      expect(bill.serviceFee).toBe(30_000);
      expect(bill.total).toBe(30_000 + bill.adminCost);
    }
    const d = await detail(reg.token, reg.id);
    expect(d.certificate.kind).toBe('duplicate');
    // the request's receipt names the registration and the service fee line
    const paid = (await detail(reg.token, d.duplicates[1].requestId)).payments[0];
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/payments/${paid.id}/receipt`,
      headers: auth(reg.token),
    });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().data).toMatchObject({
      registrationNo: first.registrationNo,
      lines: { serviceFee: 30_000 },
    });
    expect(d.registrationNo).toBe(first.registrationNo);
    expect(d.duplicates.map((x: { reason: string }) => x.reason)).toEqual(['lost', 'damaged']);
    expect(d.duplicates[0]).toMatchObject({ details: 'in a flood' });
    expect((await verifyCode(first.verifyCode)).status).toBe('superseded');
    const now = await verifyCode(d.certificate.verifyCode);
    expect(now).toMatchObject({ status: 'valid', kind: 'duplicate' });
  });
});

describe('closure', () => {
  it('arrears of missed renewals are billed, then the registration is closed everywhere', async () => {
    const reg = await approved();
    // the registration lapsed more than a year ago
    const expiry = addDaysAd(todayAd(), -400);
    await t.database.db.execute(
      sql`update applications set expiry_date = ${expiry} where id = ${reg.id}`,
    );
    const code = (await detail(reg.token, reg.id)).certificate.verifyCode;
    let res = await post(reg.token, `${reg.id}/closure`, { reason: '' });
    expect(res.statusCode).toBe(422);
    res = await post(reg.token, `${reg.id}/closure`, { reason: 'Retiring; shop sold' });
    expect(res.statusCode, res.body).toBe(201);
    const reqId = res.json().data.id;
    const bill = await processRequest(reqId);
    expect(bill.serviceFee).toBe(70_000);
    expect(bill.businessTax).toBeGreaterThan(0); // renew amount × fiscal years due
    expect(bill.fine).toBeGreaterThan(0); // renew fine × BS months late
    expect(bill.total).toBe(bill.businessTax + bill.fine + bill.adminCost + 70_000);

    const d = await detail(reg.token, reg.id);
    expect(d.appStatus).toBe('closed');
    expect(d.closedOn).toBe(todayAd());
    expect(d.canRenew).toBe(false);
    expect(d.canRequest).toEqual([]);
    expect((await verifyCode(code)).status).toBe('closed');
    res = await post(reg.token, `${reg.id}/duplicate`, { reason: 'lost' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This business is closed.');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/applications?filters=${encodeURIComponent(JSON.stringify({ status: 'closed' }))}`,
      headers: auth(staff.admin),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toContain(reg.id);
  });

  it('approving a closure after the registration closed another way is a 409', async () => {
    const reg = await approved();
    let res = await post(reg.token, `${reg.id}/duplicate`, { reason: 'lost' });
    const dup = res.json().data.id;
    res = await post(reg.token, `${reg.id}/closure`, { reason: 'Closing' });
    await processRequest(res.json().data.id);
    res = await act(t.app, staff.ward1, dup, 'verify');
    expect(res.statusCode).toBe(200);
    res = await act(t.app, staff.ward1, dup, 'payments');
    expect(res.statusCode).toBe(200);
    res = await act(t.app, staff.admin, dup, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This business is closed.');
    expect((await detail(staff.admin, dup)).appStatus).toBe('paid');
  });
});
