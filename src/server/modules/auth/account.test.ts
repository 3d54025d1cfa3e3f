/**
 * Issue 5 through app.inject(): the registration code, password recovery that reveals
 * nothing, own profile and password, and notifications of status changes (in-app, SMS,
 * email rows in the outbox, in the applicant's language) plus the staff outbox view.
 * Issue 16 §3: registration and recovery answer the same whether or not an account exists;
 * a password change ends the other sessions by default.
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
import {
  applications,
  loginThrottles,
  notifications,
  otpTokens,
  outbox,
  users,
} from '../../db/schema.js';

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

/** A public route (sign-in, registration, recovery) takes JSON, never multipart. */
const postPublic = (url: string, body: Record<string, string>, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: lang ? { 'accept-language': lang } : {},
  });

const answer = (r: { statusCode: number; json(): unknown }) => ({
  status: r.statusCode,
  body: r.json(),
});

/** The latest SMS to `phone`. */
async function lastSmsTo(phone: string) {
  const [m] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.kind, 'otp')))
    .orderBy(desc(outbox.id))
    .limit(1);
  return m;
}

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
    const bad = await postPublic('/api/register/otp', { ...f, phone: '9612345678' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.phone).toBeTruthy();
    const ok = await postPublic('/api/register/otp', f);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ resendIn: 60, expiresIn: 300 });
    expect(await codeSentTo(f.phone)).toMatch(/^\d{6}$/);
    const again = await postPublic('/api/register/otp', f, 'ne');
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/सेकेन्ड/);
  });

  it('answers a phone that has an account exactly like a free one, and texts it a notice with the recovery link instead of a code', async () => {
    const existing = await newApplicant(t.app, 'Has Phone', { withDocuments: false });
    // the registration code of `existing` was a while ago (its resend cooldown is over)
    await t.database.db
      .update(otpTokens)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(otpTokens.phone, existing.phone));
    const free = form();
    // the taken phone also with the taken username: neither is told
    const takenForm = { ...form(), phone: existing.phone, username: existing.username };
    const onTaken = await postPublic('/api/register/otp', takenForm);
    const onFree = await postPublic('/api/register/otp', free);
    expect(answer(onTaken)).toEqual(answer(onFree));
    expect(onTaken.statusCode).toBe(200);
    const notice = await lastSmsTo(existing.phone);
    expect(notice.body).toBe(
      'Darta: this number already has an account, so no new one was made. Forgot your password? Reset it at http://localhost:3000/forget-password',
    );
    expect(notice.body).not.toMatch(/\b\d{6}\b/);
    // a resend at once meets the same cooldown either way
    expect(answer(await postPublic('/api/register/otp', takenForm))).toEqual(
      answer(await postPublic('/api/register/otp', free)),
    );
    // and any code tried on the taken phone is refused like a wrong code on the free one
    const tryCode = (f: Record<string, string>) =>
      postPublic('/api/register', { ...f, otp: '000001' });
    for (let i = 0; i < 6; i++)
      expect(answer(await tryCode(takenForm))).toEqual(answer(await tryCode(free)));
    expect(
      await t.database.db.select().from(users).where(eq(users.phone, existing.phone)),
    ).toHaveLength(1);
  });

  it('tells a taken username only at the last step, after the code, and keeps the code for another try', async () => {
    const existing = await newApplicant(t.app, 'Has Name', { withDocuments: false });
    const f = { ...form(), username: existing.username.toUpperCase() };
    expect((await postPublic('/api/register/otp', f)).statusCode).toBe(200);
    const code = await codeSentTo(f.phone);
    const taken = await postPublic('/api/register', { ...f, otp: code });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ username: ['This username is already taken.'] });
    const ok = await postPublic('/api/register', {
      ...f,
      username: `${existing.username}_2`,
      otp: code,
    });
    expect(ok.statusCode, ok.body).toBe(201);
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
    const unknown = await postPublic('/api/password/forgot', { login: 'nobody_here_42' });
    const known = await postPublic('/api/password/forgot', { login: a.username });
    expect(answer(unknown)).toEqual(answer(known));
    expect(known.statusCode).toBe(200);
    // flooding: the phone's limit is reached silently, with the same answer
    const flood = await postPublic('/api/password/forgot', { login: a.phone });
    expect(answer(flood)).toEqual(answer(known));
    const rows = await t.database.db
      .select()
      .from(otpTokens)
      .where(and(eq(otpTokens.phone, a.phone), eq(otpTokens.purpose, 'reset')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'reset', userId: a.id });

    const code = await codeSentTo(a.phone);
    const reset = (login: string, otp: string, password = 'NewSecret456') =>
      postPublic('/api/password/reset', {
        login,
        otp,
        password,
        password_confirmation: password,
      });
    const wrong = await reset(a.username, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.otp).toEqual([
      'The code is not correct or no longer valid. Check the username or mobile number, or ask for a new code.',
    ]);
    const nobody = await reset('nobody_here_42', code);
    expect(answer(nobody)).toEqual(answer(wrong));

    const second = await login(t.app, a.username, 'Secret123');
    // a sign-in lock on the account ends with the reset
    await t.database.db
      .update(users)
      .set({ failedLogins: 25, lockedUntil: new Date(Date.now() + 30 * 60_000) })
      .where(eq(users.id, a.id));
    const ok = await reset(a.username, code);
    expect(ok.statusCode, ok.body).toBe(200);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(u).toMatchObject({ failedLogins: 0, lockedUntil: null });
    const [here] = await t.database.db
      .select()
      .from(loginThrottles)
      .where(and(eq(loginThrottles.subject, `u:${a.id}`), eq(loginThrottles.ip, '127.0.0.1')));
    expect(here.lastSuccessAt).not.toBeNull();
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
    const reuse = await reset(a.username, code, 'Other789x');
    expect(answer(reuse)).toEqual(answer(wrong));
  });

  it('a used-up or expired code is refused with the same answer as an unknown login', async () => {
    const a = await newApplicant(t.app, 'Probed', { withDocuments: false });
    await t.database.db
      .update(otpTokens)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(otpTokens.phone, a.phone));
    const ghost = `ghost_${a.username}`;
    for (const login of [a.username, ghost])
      expect((await postPublic('/api/password/forgot', { login })).statusCode).toBe(200);
    const reset = (login: string) =>
      postPublic('/api/password/reset', {
        login,
        otp: '000002',
        password: 'NewSecret456',
        password_confirmation: 'NewSecret456',
      });
    // five wrong codes use the real one up; then it expires: the answers never differ
    for (let i = 0; i < 7; i++)
      expect(answer(await reset(a.username))).toEqual(answer(await reset(ghost)));
    await t.database.db
      .update(otpTokens)
      .set({ expiresAt: new Date(Date.now() - 1000), attempts: 0 })
      .where(eq(otpTokens.phone, a.phone));
    expect(answer(await reset(a.username))).toEqual(answer(await reset(ghost)));
  });
});

describe('own profile', () => {
  it('edits details; changing the password needs the current one and signs out the other sessions', async () => {
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
    const third = await login(t.app, a.username, 'Secret123');
    const wrong = await post(
      '/api/profiles/password',
      { current_password: 'nope', password: 'Changed123', password_confirmation: 'Changed123' },
      a.token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The current password is not correct.']);
    // nothing asked: every other session ends, this one stays
    const ok = await post(
      '/api/profiles/password',
      {
        current_password: 'Secret123',
        password: 'Changed123',
        password_confirmation: 'Changed123',
      },
      a.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.revoked).toBe(2);
    const profile = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(token) });
    expect((await profile(a.token)).statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(401);
    expect((await profile(third)).statusCode).toBe(401);
  });

  it('keeps the other sessions only when asked to (signOutOthers false)', async () => {
    const a = await newApplicant(t.app, 'Keeps Sessions', { withDocuments: false });
    const other = await login(t.app, a.username, 'Secret123');
    const ok = await post(
      '/api/profiles/password',
      {
        current_password: 'Secret123',
        password: 'Changed123',
        password_confirmation: 'Changed123',
        signOutOthers: '0',
      },
      a.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.revoked).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(other) }))
        .statusCode,
    ).toBe(200);
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
