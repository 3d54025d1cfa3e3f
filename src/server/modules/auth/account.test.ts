/**
 * Issue 5 through app.inject(): the registration code, password recovery that reveals
 * nothing, own profile and password, and notifications of status changes (in-app, SMS,
 * email rows in the outbox, in the applicant's language) plus the staff outbox view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import {
  auth,
  buildTestApp,
  login,
  multipart,
  type TestContext,
} from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../../test/server/fixtures.js';
import { applications, notifications, otpTokens, outbox } from '../../db/schema.js';

let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
});
afterAll(() => t.close());

const post = (
  url: string,
  fields: Record<string, string | number>,
  token?: string,
  lang?: string,
) => {
  const m = multipart(fields);
  return t.app.inject({
    method: 'POST',
    url,
    payload: m.payload,
    headers: {
      ...m.headers,
      ...(token ? auth(token) : {}),
      ...(lang ? { 'accept-language': lang } : {}),
    },
  });
};

/** The code in the latest SMS to `phone` (what the log driver would print). */
async function codeSentTo(phone: string): Promise<string> {
  const [m] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.kind, 'otp')))
    .orderBy(desc(outbox.id))
    .limit(1);
  return /\b(\d{6})\b/.exec(m.body)![1];
}

let n = 0;
const form = () => {
  n++;
  return {
    name: `Otp User ${n}`,
    username: `otpuser_${process.pid % 1000}_${n}`,
    phone: `98${String(60_000_000 + (process.pid % 1000) * 100 + n).padStart(8, '0')}`,
    password: 'Secret123',
    password_confirmation: 'Secret123',
    gender: 'female',
  };
};

describe('registration code', () => {
  it('checks the whole form first, sends a code, and limits resending', async () => {
    const f = form();
    const bad = await post('/api/register/otp', { ...f, phone: '9612345678' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone).toBeTruthy();
    const existing = await newApplicant(t.app, 'Has Phone');
    const taken = await post('/api/register/otp', { ...f, phone: existing.phone });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ phone: ['This phone number is already registered.'] });
    // only the code of its own registration went to that phone
    const sentToTaken = await t.database.db
      .select()
      .from(otpTokens)
      .where(eq(otpTokens.phone, existing.phone));
    expect(sentToTaken.map((o) => o.usedAt !== null)).toEqual([true]);
    const ok = await post('/api/register/otp', f);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ resendIn: 60, expiresIn: 300 });
    expect(await codeSentTo(f.phone)).toMatch(/^\d{6}$/);
    const again = await post('/api/register/otp', f, undefined, 'ne');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/सेकेन्ड/);
  });
});

describe('password recovery', () => {
  it('answers the same for an unknown login, sends nothing, and resets with the code', async () => {
    const a = await newApplicant(t.app, 'Forgetful');
    // the registration code was a while ago (its resend cooldown is over)
    await t.database.db
      .update(otpTokens)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(otpTokens.phone, a.phone));
    const unknown = await post('/api/password/forgot', { login: 'nobody_here_42' });
    const known = await post('/api/password/forgot', { login: a.username });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // flooding: the phone's limit is reached silently, with the same answer
    const flood = await post('/api/password/forgot', { login: a.phone });
    expect(flood.json()).toEqual(known.json());
    const rows = await t.database.db
      .select()
      .from(otpTokens)
      .where(and(eq(otpTokens.phone, a.phone), eq(otpTokens.purpose, 'reset')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'reset', userId: a.id });

    const code = await codeSentTo(a.phone);
    const wrong = await post('/api/password/reset', {
      login: a.username,
      otp: code === '000000' ? '111111' : '000000',
      password: 'NewSecret456',
      password_confirmation: 'NewSecret456',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toEqual(['The code is not correct.']);
    const nobody = await post('/api/password/reset', {
      login: 'nobody_here_42',
      otp: code,
      password: 'NewSecret456',
      password_confirmation: 'NewSecret456',
    });
    expect(nobody.json()).toEqual(wrong.json());

    const second = await login(t.app, a.username, 'Secret123');
    const ok = await post('/api/password/reset', {
      login: a.username,
      otp: code,
      password: 'NewSecret456',
      password_confirmation: 'NewSecret456',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // every session is gone; the new password works, the old one does not
    for (const token of [a.token, second]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(token) }))
          .statusCode,
      ).toBe(401);
    }
    await expect(login(t.app, a.username, 'Secret123')).rejects.toThrow();
    await expect(login(t.app, a.username, 'NewSecret456')).resolves.toBeTruthy();
    // the code is spent
    const reuse = await post('/api/password/reset', {
      login: a.username,
      otp: code,
      password: 'Other789x',
      password_confirmation: 'Other789x',
    });
    expect(reuse.statusCode).toBe(422);
  });
});

describe('own profile', () => {
  it('edits details; changing the password needs the current one and can sign out others', async () => {
    const a = await newApplicant(t.app, 'Profile Owner');
    const res = await post(
      '/api/profiles',
      { name: 'Sita Devi', email: 'Sita@Example.com', gender: 'female', lang: 'ne' },
      a.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Sita Devi',
      email: 'sita@example.com',
      lang: 'ne',
    });
    const other = await login(t.app, a.username, 'Secret123');
    const wrong = await post(
      '/api/profiles/password',
      { current_password: 'nope', password: 'Changed123', password_confirmation: 'Changed123' },
      a.token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is not correct.']);
    const ok = await post(
      '/api/profiles/password',
      {
        current_password: 'Secret123',
        password: 'Changed123',
        password_confirmation: 'Changed123',
        signOutOthers: '1',
      },
      a.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.revoked).toBe(1);
    const profile = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(token) });
    expect((await profile(a.token)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
  });
});

describe('notifications', () => {
  it('every status change reaches the applicant in their language; a refused one sends nothing', async () => {
    const a = await newApplicant(t.app, 'Notified');
    // the applicant applies in Nepali
    const id = await submit(t.app, a.token, 1);
    await t.database.db.update(applications).set({ lang: 'ne' }).where(eq(applications.id, id));
    const before = (await t.database.db.select().from(outbox).where(eq(outbox.userId, a.id)))
      .length;
    // a refused transition (applicant cannot verify) writes nothing
    expect((await act(t.app, a.token, id, 'verify')).statusCode).toBe(403);
    expect((await t.database.db.select().from(outbox).where(eq(outbox.userId, a.id))).length).toBe(
      before,
    );
    await act(t.app, staff.ward1, id, 'verify');
    await act(t.app, staff.ward1, id, 'payments', {
      receiptNo: nextReceipt(),
      paidDate: todayAd(),
      channel: 'counter',
    });
    await act(t.app, staff.admin, id, 'approve');
    const mine = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, a.id))
      .orderBy(notifications.id);
    expect(mine.map((m) => m.kind)).toEqual(['verify', 'pay', 'approve']);
    expect(mine[0].body).toMatch(/प्रमाणित/);
    expect(mine[0].body).toMatch(/रु\. /);
    expect(mine[2].body).toContain(`/business/certificate/${id}`);
    const sms = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, a.id), eq(outbox.channel, 'sms'), eq(outbox.kind, 'status')));
    expect(sms.map((m) => m.body)).toEqual(mine.map((m) => m.body));
    expect(sms.every((m) => m.recipient === a.phone && m.applicationId === id)).toBe(true);

    // the applicant reads them in the app
    // the app shows them in the reader's language, whatever language the SMS went in
    const inEnglish = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { ...auth(a.token), 'accept-language': 'en-US' },
    });
    expect(inEnglish.json().data[2].body).toMatch(/has been verified\. Amount due: Rs\. /);
    const inNepali = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { ...auth(a.token), 'accept-language': 'ne' },
    });
    expect(inNepali.json().data[2].body).toBe(mine[0].body);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: auth(a.token),
    });
    expect(list.json().meta).toEqual({ total: 3, unread: 3 });
    expect(list.json().data[0].kind).toBe('approve');
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: auth(a.token),
      payload: { ids: [list.json().data[0].id] },
    });
    expect(read.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: auth(a.token),
    });
    expect(after.json().meta.unread).toBe(2);
  });

  it('staff send a free-text message; the outbox shows delivery to staff in scope only', async () => {
    const a = await newApplicant(t.app, 'Messaged');
    const id = await submit(t.app, a.token, 1);
    const res = await post(
      `/api/applications/${id}/notify`,
      { message: 'Please bring the original lalpurja.' },
      staff.ward1,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [n] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.applicationId, id));
    expect(n.body).toContain('Please bring the original lalpurja.');
    expect(
      (await post(`/api/applications/${id}/notify`, { message: 'x' }, a.token)).statusCode,
    ).toBe(403);
    expect(
      (await post(`/api/applications/${id}/notify`, { message: '' }, staff.ward1)).statusCode,
    ).toBe(422);

    const box = await t.app.inject({
      method: 'GET',
      url: `/api/outbox?applicationId=${id}`,
      headers: auth(staff.ward1),
    });
    expect(box.statusCode).toBe(200);
    expect(box.json().data).toEqual([
      expect.objectContaining({
        kind: 'manual',
        channel: 'sms',
        status: 'pending',
        recipient: a.phone,
      }),
    ]);
    // OTP messages (no application) are only for the system admin, and their text is masked
    const ward = await t.app.inject({
      method: 'GET',
      url: '/api/outbox',
      headers: auth(staff.ward1),
    });
    expect(ward.json().data.some((m: { kind: string }) => m.kind === 'otp')).toBe(false);
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/outbox',
      headers: auth(staff.admin),
    });
    const otpRows = all.json().data.filter((m: { kind: string }) => m.kind === 'otp');
    expect(otpRows.length).toBeGreaterThan(0);
    expect(otpRows.every((m: { body: string }) => m.body === '******')).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/outbox', headers: auth(a.token) }))
        .statusCode,
    ).toBe(403);
  });
});
