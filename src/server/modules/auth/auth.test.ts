/** Auth API: login by username or phone, lockout, register, profile, logout, token storage. */
import { lastOtp } from '../../../../test/server/fixtures.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auth, buildTestApp, multipart, type TestContext } from '../../../../test/server/helper.js';
import { newApplicant } from '../../../../test/server/fixtures.js';
import { accessTokens, auditLog, users } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const loginReq = (username: string, password: string, lang?: string) => {
  const m = multipart({ username, password });
  return t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: m.payload,
    headers: { ...m.headers, ...(lang ? { 'accept-language': lang } : {}) },
  });
};

describe('login', () => {
  it('accepts a username or a phone number and returns token and user with roles and permissions', async () => {
    const res = await loginReq('ward1', 'Darta@2082');
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json().data;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(user.roles).toEqual(['wardadmin']);
    expect(user.permissions).toContain('verify-applications');
    expect(user).not.toHaveProperty('passwordHash');
    const byPhone = await loginReq('9800000002', 'Darta@2082');
    expect(byPhone.statusCode).toBe(200);
    // only the SHA-256 of the token is stored
    const rows = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const raw = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('a wrong password is a 422 with errors, in the chosen language', async () => {
    const res = await loginReq('admin', 'wrong', 'ne');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.username[0]).toBe('प्रयोगकर्ता नाम वा पासवर्ड मिलेन।');
  });

  it('locks the account for 15 minutes after 5 failures, even for the right password', async () => {
    const a = await newApplicant(t.app);
    for (let i = 0; i < 5; i++)
      expect((await loginReq(a.username, 'Nope12345')).statusCode).toBe(422);
    const locked = await loginReq(a.username, 'Secret123');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/15 minutes/);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(u.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    const events = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, a.id));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['login.fail', 'login.lock', 'login.locked']),
    );
  });

  it('an empty form names the required fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', ...multipart({}) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: ['This filed is required'],
      password: ['This filed is required'],
    });
  });
});

describe('register', () => {
  it('creates an applicant (role user) who is signed in', async () => {
    const a = await newApplicant(t.app, 'Maya Gurung');
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Maya Gurung',
      userType: 'user',
      roles: ['user'],
    });
    expect(res.json().data.permissions).toContain('create-applications');
    const [u] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(u.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('refuses a taken username or phone, bad phone, weak password and mismatch', async () => {
    const a = await newApplicant(t.app);
    const m = multipart({
      name: 'X',
      username: a.username.toUpperCase(),
      phone: a.phone,
      password: 'short',
      password_confirmation: 'different',
      gender: 'male',
      otp: '12345',
    });
    let res = await t.app.inject({ method: 'POST', url: '/api/register', ...m });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'otp',
      'password',
      'password_confirmation',
    ]);
    const m2 = multipart({
      name: 'X',
      username: a.username.toUpperCase(),
      phone: a.phone,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      gender: 'male',
      otp: '123456',
    });
    res = await t.app.inject({ method: 'POST', url: '/api/register', ...m2 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: ['This username is already taken.'],
      phone: ['This phone number is already registered.'],
    });
    const m3 = multipart({
      name: 'X',
      username: 'newperson',
      phone: '9612345678',
      password: 'Secret123',
      password_confirmation: 'Secret123',
      gender: 'other',
    });
    res = await t.app.inject({ method: 'POST', url: '/api/register', ...m3 });
    expect(Object.keys(res.json().errors).sort()).toEqual(['gender', 'otp', 'phone']);
  });

  it('needs the code sent to that phone: a code never sent or a wrong one is refused', async () => {
    const n = Date.now() % 100_000_000;
    const fields = {
      name: 'Code Person',
      username: `code_${n}`,
      phone: `97${String(n).padStart(8, '0')}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      gender: 'female',
    };
    const register = (otp: string) =>
      t.app.inject({ method: 'POST', url: '/api/register', ...multipart({ ...fields, otp }) });
    // no code was sent yet
    let res = await register('123456');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ otp: ['The code is not correct.'] });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/register/otp',
      ...multipart(fields),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastOtp(t, fields.phone);
    res = await register(code === '000000' ? '111111' : '000000');
    expect(res.statusCode).toBe(422);
    res = await register(code);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.user.username).toBe(fields.username);
  });
});

describe('logout', () => {
  it('revokes the token', async () => {
    const a = await newApplicant(t.app);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(a.token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/profiles', headers: auth(a.token) }))
        .statusCode,
    ).toBe(401);
  });
});
