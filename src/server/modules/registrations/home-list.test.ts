/**
 * The applicant home's data (issue 17 §1): an applicant's own rows of GET /api/applications say
 * where each application stands — the bill's total once verified, the rejection's remarks, an
 * online payment awaiting the gateway, whether the registration may be renewed now and the
 * renewal in progress. Staff rows stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { applicationListRowSchema } from '../../../shared/schemas/application-list.js';
import { auth, multipart, readFixture, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  staffTokens,
  submit,
  validFields,
  validFiles,
  wardId,
} from '../../../../test/server/fixtures.js';
import {
  buildPaymentsTestApp,
  type PaymentsTestContext,
} from '../../../../test/server/gateways.js';
import { addDaysAd } from './renewals.js';

let ctx: PaymentsTestContext;
let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  ctx = await buildPaymentsTestApp();
  t = ctx.t;
  staff = await staffTokens(t.app);
});
afterAll(async () => ctx?.close());

type Row = Record<string, unknown> & { id: number };

async function list(token: string): Promise<Row[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/applications?rowsPerPage=100',
    headers: auth(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().data as Row[];
  for (const r of rows) expect(applicationListRowSchema.safeParse(r).success).toBe(true);
  return rows;
}

const rowOf = async (token: string, id: number) => (await list(token)).find((r) => r.id === id)!;

/** An old paper registration, accepted by the admin with expiry `expiryDate`. */
async function acceptedOld(token: string, expiryDate: string) {
  const w = await wardId(t.app, token, 1);
  const scan = { filename: 'scan.png', data: await readFixture('citizenship.png') };
  const m = multipart(
    validFields(w, {
      isOldRegistration: '1',
      oldRegistrationNo: `OLD-H-${process.pid}-${Date.now() % 100000}/2079-80`,
      oldRegistrationDate: '2022-08-01',
    }),
    { ...(await validFiles()), oldCertificate: scan },
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/applications',
    payload: m.payload,
    headers: { ...m.headers, ...auth(token) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  expect((await act(t.app, staff.admin, id, 'accept', { expiryDate })).statusCode).toBe(200);
  return id;
}

describe("an applicant's own rows (the applicant home)", () => {
  it('pending: no bill, nothing to renew; verified: the bill total; then a pending online payment', async () => {
    const a = await newApplicant(t.app, 'Home Owner');
    const id = await submit(t.app, a.token, 1);
    expect(await rowOf(a.token, id)).toMatchObject({
      appStatus: 'pending',
      kind: 'single',
      isRenewal: false,
      renewalOfId: null,
      billTotal: null,
      rejectionReason: null,
      paymentPending: false,
      canRenew: false,
      openRenewalId: null,
    });

    const verified = await act(t.app, staff.ward1, id, 'verify');
    expect(verified.statusCode).toBe(200);
    const billTotal = verified.json().data.bill.total as number;
    expect(billTotal).toBeGreaterThan(0);
    expect(await rowOf(a.token, id)).toMatchObject({ appStatus: 'verified', billTotal });

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/pay-online`,
      headers: { ...auth(a.token), 'idempotency-key': `home-${process.pid}-${id}` },
      payload: { channel: 'khalti' },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(await rowOf(a.token, id)).toMatchObject({ appStatus: 'verified', paymentPending: true });
  });

  it('rejected: the remarks of the latest rejection, gone once resubmitted', async () => {
    const a = await newApplicant(t.app, 'Sent Back');
    const id = await submit(t.app, a.token, 1);
    const rej = await act(t.app, staff.ward1, id, 'reject', {
      remarks: 'The citizenship scan is blurred',
    });
    expect(rej.statusCode, rej.body).toBe(200);
    expect(await rowOf(a.token, id)).toMatchObject({
      appStatus: 'rejected',
      rejectionReason: 'The citizenship scan is blurred',
    });
    expect((await act(t.app, a.token, id, 'resubmit')).statusCode).toBe(200);
    expect(await rowOf(a.token, id)).toMatchObject({ appStatus: 'pending', rejectionReason: null });
  });

  it('a registration due for renewal may be renewed; with a renewal in progress, not again', async () => {
    const a = await newApplicant(t.app, 'Renewer');
    const soon = addDaysAd(todayAd(), 10);
    const due = await acceptedOld(a.token, soon);
    const later = await acceptedOld(a.token, addDaysAd(todayAd(), 200));
    expect(await rowOf(a.token, due)).toMatchObject({
      appStatus: 'approved',
      expiryDate: soon,
      canRenew: true,
    });
    expect(await rowOf(a.token, later)).toMatchObject({ appStatus: 'approved', canRenew: false });

    const scan = { filename: 'scan.png', data: await readFixture('citizenship.png') };
    const m = multipart({}, { renewProof: scan, oldCertificate: scan });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${due}/renew`,
      payload: m.payload,
      headers: { ...m.headers, ...auth(a.token) },
    });
    expect(res.statusCode, res.body).toBe(201);
    const renewal = res.json().data.id as number;
    expect(await rowOf(a.token, due)).toMatchObject({ canRenew: false, openRenewalId: renewal });
    expect(await rowOf(a.token, renewal)).toMatchObject({
      appStatus: 'pending',
      isRenewal: true,
      renewalOfId: due,
    });
  });

  it("staff rows carry none of it (their list's query is unchanged)", async () => {
    const a = await newApplicant(t.app, 'Staff View');
    const id = await submit(t.app, a.token, 1);
    const row = await rowOf(staff.ward1, id);
    expect(row).toMatchObject({ appStatus: 'pending', submissionNo: expect.any(String) });
    for (const k of ['billTotal', 'rejectionReason', 'paymentPending', 'canRenew', 'openRenewalId'])
      expect(row).not.toHaveProperty(k);
  });
});
