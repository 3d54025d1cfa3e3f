/**
 * Public certificate verification (issue 7 §2) through app.inject(): no login; a genuine code
 * shows only the public facts and the status; a forged or altered code is "not genuine";
 * revoking shows at once; a renewed certificate points to being replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { fiscalYearOf } from '../../../shared/fiscal-year.js';
import { auth, buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../../test/server/fixtures.js';

let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
});
afterAll(() => t.close());

const verify = (code: string) =>
  t.app.inject({ method: 'GET', url: `/api/verify/${encodeURIComponent(code)}` });

async function approved() {
  const a = await newApplicant(t.app, 'Certified');
  const id = await submit(t.app, a.token, 1);
  await act(t.app, staff.ward1, id, 'verify');
  await act(t.app, staff.ward1, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: todayAd(),
    channel: 'counter',
  });
  const d = (await act(t.app, staff.admin, id, 'approve')).json().data;
  return {
    a,
    id,
    cert: d.certificate as { id: number; verifyCode: string; registrationNo: string },
  };
}

describe('public verification', () => {
  it('a genuine code shows only the public facts, without a login', async () => {
    const { cert } = await approved();
    const res = await verify(cert.verifyCode);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      genuine: true,
      status: 'valid',
      businessName: 'Himalayan Tea House',
      registrationNo: cert.registrationNo,
      ward: expect.objectContaining({ number: 1 }),
      fiscalYear: expect.objectContaining({ en: fiscalYearOf(todayAd()).code }),
      validUntil: fiscalYearOf(todayAd()).endAd,
      issuedAt: expect.any(String),
      revokedAt: null,
      revokeReason: null,
      kind: 'issue',
      closedOn: null,
    });
    expect(res.body).not.toContain('Suman Tamang');
    expect(res.body).not.toContain('9841000001');
    // lower case is the same code
    expect((await verify(cert.verifyCode.toLowerCase())).json().data.genuine).toBe(true);
  });

  it('a forged or altered code is not genuine', async () => {
    const { cert } = await approved();
    const [id, mac] = cert.verifyCode.split('-');
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    for (const bad of [
      `${id}-${flip(mac[0])}${mac.slice(1)}`,
      `${(parseInt(id, 36) + 1).toString(36).toUpperCase()}-${mac}`,
      'ZZZZ-0123456789',
      'not-a-code',
    ]) {
      const res = await verify(bad);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ genuine: false });
    }
  });

  it('revoking (admin, with a reason) shows at once; terminating too', async () => {
    const { cert } = await approved();
    const url = `/api/certificates/${cert.id}/revoke`;
    const noReason = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(staff.admin),
      payload: {},
    });
    expect(noReason.statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url,
          headers: auth(staff.ward1),
          payload: { remarks: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(staff.admin),
      payload: { remarks: 'Issued to the wrong business name' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.history.at(-1)).toMatchObject({ action: 'revoke-certificate' });
    const v = (await verify(cert.verifyCode)).json().data;
    expect(v).toMatchObject({
      genuine: true,
      status: 'revoked',
      revokeReason: 'Issued to the wrong business name',
    });
    const again = await t.app.inject({
      method: 'POST',
      url,
      headers: auth(staff.admin),
      payload: { remarks: 'again' },
    });
    expect(again.statusCode).toBe(409);
    const other = await approved();
    await act(t.app, staff.admin, other.id, 'terminate', { remarks: 'Closed down' });
    expect((await verify(other.cert.verifyCode)).json().data.status).toBe('revoked');
  });
});
