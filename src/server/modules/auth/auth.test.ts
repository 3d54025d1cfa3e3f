/**
 * Auth API: login by username or phone, the lockout (docs/security.md "Sign-in lockout"),
 * register, profile, logout, token storage.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auth, buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import { lastOtp, newApplicant } from '../../../../test/server/fixtures.js';
import { accessTokens, auditLog, loginThrottles, users } from '../../db/schema.js';
import { hashToken } from '../../lib/tokens.js';
import { LOCKOUT, lockMinutes } from './lockout.js';

// The route's own per-IP limit (60 a minute) is set aside here, so that bursts measure the
// lockout alone; it is read when routes.ts loads (src/server/lib/rate-limit-store.test.ts and
// test/faults/two-instances.test.ts test that limit).
vi.hoisted(() => {
  process.env.RATE_LIMIT_LOGIN = '100000';
});

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** POST /api/login as JSON, from `ip` (each test uses its own addresses: the per-IP limit). */
const loginReq = (username: string, password: string, opts: { lang?: string; ip?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username, password },
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });

const answer = (r: { statusCode: number; json(): unknown }) => ({
  status: r.statusCode,
  body: r.json(),
});

/** Seconds from now until `d`. */
const secondsUntil = (d: Date | null) => (d ? (d.getTime() - Date.now()) / 1000 : 0);

async function addressRow(userId: number, ip: string) {
  const [row] = await t.database.db
    .select()
    .from(loginThrottles)
    .where(and(eq(loginThrottles.subject, `u:${userId}`), eq(loginThrottles.ip, ip)));
  return row;
}

async function userRow(id: number) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
  return u;
}

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
    const res = await loginReq('admin', 'wrong', { lang: 'ne' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.username[0]).toBe('प्रयोगकर्ता नाम वा पासवर्ड मिलेन।');
  });

  it('an unknown login and a wrong password get the same answer', async () => {
    const unknown = await loginReq('nobody_at_all', 'Wrong12345', { ip: '198.51.100.200' });
    const wrong = await loginReq('ward1', 'Wrong12345', { ip: '198.51.100.201' });
    expect(answer(unknown)).toEqual(answer(wrong));
  });

  it('takes a URL-encoded form as well as JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: 'username=ward1&password=Darta%402082',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('an empty form names the required fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      username: ['This filed is required'],
      password: ['This filed is required'],
    });
  });
});

describe('lockout (docs/security.md "Sign-in lockout")', () => {
  it('locks as documented: 1, 2, 4 … minutes per address from the 5th attempt, 5, 10, 20 … per account from the 20th, at most 60', () => {
    const address = [4, 5, 6, 7, 8, 9, 10, 11, 12].map((n) => lockMinutes(n, LOCKOUT.address));
    expect(address).toEqual([0, 1, 2, 4, 8, 16, 32, 60, 60]);
    const account = [19, 20, 21, 22, 23, 24].map((n) => lockMinutes(n, LOCKOUT.account));
    expect(account).toEqual([0, 5, 10, 20, 40, 60]);
  });

  it('100 wrong passwords at once from one address: 5 are checked, the address is locked for 1 minute, and the owner still signs in from another address', async () => {
    const a = await newApplicant(t.app, 'Hammered', { withDocuments: false });
    const ip = '198.51.100.1';
    const all = await Promise.all(
      Array.from({ length: 100 }, () => loginReq(a.username, 'Wrong12345', { ip })),
    );
    const statuses = all.map((r) => r.statusCode);
    // exactly 5 reached the password check; the other 95 were refused by the lock, unchecked
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    const locked = all.filter((r) => r.statusCode === 429 && /Try again in 1 min/.test(r.body));
    expect(locked).toHaveLength(95);
    const row = await addressRow(a.id, ip);
    expect(row.failures).toBe(5);
    expect(secondsUntil(row.lockedUntil)).toBeGreaterThan(50);
    expect(secondsUntil(row.lockedUntil)).toBeLessThanOrEqual(61);
    // the account counted the same 5 (one atomic statement each), far from its own lock
    const u = await userRow(a.id);
    expect(u.failedLogins).toBe(5);
    expect(u.lockedUntil).toBeNull();
    const events = await t.database.db
      .select({ action: auditLog.action, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, a.id), sql`${auditLog.action} like 'login%'`))
      .groupBy(auditLog.action);
    expect(Object.fromEntries(events.map((e) => [e.action, e.n]))).toEqual({
      'login.fail': 4,
      'login.lock': 1,
      'login.locked': 95,
    });

    // the owner, from another address, signs in at once
    const owner = await loginReq(a.username, 'Secret123', { ip: '198.51.100.2' });
    expect(owner.statusCode, owner.body).toBe(200);
    // their sign-in took its own attempt back: the account still shows the 5 failures
    expect((await userRow(a.id)).failedLogins).toBe(5);
  });

  it('a locked address is refused even the right password; the lock doubles; a quiet day restarts the count', async () => {
    const a = await newApplicant(t.app, 'Forgetful', { withDocuments: false });
    const ip = '198.51.100.10';
    for (let i = 0; i < 5; i++)
      expect((await loginReq(a.username, 'Nope12345', { ip })).statusCode).toBe(422);
    const refused = await loginReq(a.username, 'Secret123', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message:
        'Too many failed attempts. Try again in 1 min, or reset your password with “Forgot password?”.',
      messageKey: 'errors.locked',
      messageVars: { minutes: 1 },
    });
    // the refused attempt was not counted
    expect((await addressRow(a.id, ip)).failures).toBe(5);

    const endLock = () =>
      t.database.db
        .update(loginThrottles)
        .set({ lockedUntil: sql`now() - interval '1 second'` })
        .where(and(eq(loginThrottles.subject, `u:${a.id}`), eq(loginThrottles.ip, ip)));
    await endLock();
    expect((await loginReq(a.username, 'Nope12345', { ip })).statusCode).toBe(422);
    let row = await addressRow(a.id, ip);
    expect(row.failures).toBe(6);
    expect(secondsUntil(row.lockedUntil)).toBeGreaterThan(110);
    expect(secondsUntil(row.lockedUntil)).toBeLessThanOrEqual(121);
    expect((await loginReq(a.username, 'Secret123', { ip })).json().message).toMatch(/in 2 min/);

    // far along, the lock stays at 60 minutes
    await endLock();
    await t.database.db
      .update(loginThrottles)
      .set({ failures: 15 })
      .where(eq(loginThrottles.subject, `u:${a.id}`));
    expect((await loginReq(a.username, 'Nope12345', { ip })).statusCode).toBe(422);
    row = await addressRow(a.id, ip);
    expect(row.failures).toBe(16);
    expect(secondsUntil(row.lockedUntil)).toBeGreaterThan(59 * 60);
    expect(secondsUntil(row.lockedUntil)).toBeLessThanOrEqual(60 * 60 + 1);

    // a day without attempts: the count starts again, and the right password works
    await t.database.db
      .update(loginThrottles)
      .set({
        lockedUntil: sql`now() - interval '1 second'`,
        lastFailureAt: sql`now() - interval '25 hours'`,
      })
      .where(eq(loginThrottles.subject, `u:${a.id}`));
    expect((await loginReq(a.username, 'Nope12345', { ip })).statusCode).toBe(422);
    row = await addressRow(a.id, ip);
    expect(row.failures).toBe(1);
    expect(row.lockedUntil).toBeNull();
    expect((await loginReq(a.username, 'Secret123', { ip })).statusCode).toBe(200);
    row = await addressRow(a.id, ip);
    expect(row).toMatchObject({ failures: 0, lockedUntil: null });
    expect(row.lastSuccessAt).not.toBeNull();
  });

  it('attempts from many addresses: the 20th locks the account for 5 minutes, except from addresses the owner signed in from', async () => {
    const a = await newApplicant(t.app, 'Sprayed', { withDocuments: false });
    const home = '198.51.100.20';
    expect((await loginReq(a.username, 'Secret123', { ip: home })).statusCode).toBe(200);
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        loginReq(a.username, 'Wrong12345', { ip: `192.0.2.${i + 1}` }),
      ),
    );
    const statuses = all.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    let u = await userRow(a.id);
    expect(u.failedLogins).toBe(20);
    expect(secondsUntil(u.lockedUntil)).toBeGreaterThan(5 * 60 - 10);
    expect(secondsUntil(u.lockedUntil)).toBeLessThanOrEqual(5 * 60 + 1);

    // an address the account has not signed in from is refused, the right password too
    const stranger = await loginReq(a.username, 'Secret123', { ip: '192.0.2.200' });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(/in 5 min/);
    // the owner's own address is not held by the account lock
    const owner = await loginReq(a.username, 'Secret123', { ip: home });
    expect(owner.statusCode, owner.body).toBe(200);
    u = await userRow(a.id);
    expect(u.failedLogins).toBe(20);
    expect(u.lockedUntil).not.toBeNull();
  });

  it('an unknown login is counted like an account: the same answers, attempt by attempt', async () => {
    const a = await newApplicant(t.app, 'Known', { withDocuments: false });
    const run = async (login: string) => {
      const out = [];
      // 6 from one address (the 6th meets the address lock), then one each from 16 others
      // (the account's 20th counted attempt is the 15th of those; the 16th meets its lock)
      for (let i = 0; i < 6; i++)
        out.push(answer(await loginReq(login, 'Wrong12345', { ip: '203.0.113.1' })));
      for (let i = 0; i < 16; i++)
        out.push(answer(await loginReq(login, 'Wrong12345', { ip: `203.0.113.${i + 10}` })));
      return out;
    };
    const known = await run(a.username);
    const unknown = await run(`nobody_${a.username}`);
    expect(unknown).toEqual(known);
    expect(known.map((r) => r.status)).toEqual([
      ...Array<number>(5).fill(422),
      429,
      ...Array<number>(15).fill(422),
      429,
    ]);
    expect(known[5].body).toMatchObject({ message: expect.stringMatching(/in 1 min/) });
    expect(known[21].body).toMatchObject({ message: expect.stringMatching(/in 5 min/) });
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

  it('refuses a bad phone, weak password and mismatch; the code is checked before anything about other accounts', async () => {
    const a = await newApplicant(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'X',
        username: a.username.toUpperCase(),
        phone: a.phone,
        password: 'short',
        password_confirmation: 'different',
        gender: 'male',
        otp: '12345',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'otp',
      'password',
      'password_confirmation',
    ]);
    // a taken username and phone with a code never sent: only the code is refused
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'X',
        username: a.username.toUpperCase(),
        phone: a.phone,
        password: 'Secret123',
        password_confirmation: 'Secret123',
        gender: 'male',
        otp: '123456',
      },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ otp: ['The code is not correct.'] });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'X',
        username: 'newperson',
        phone: '9612345678',
        password: 'Secret123',
        password_confirmation: 'Secret123',
        gender: 'other',
      },
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['gender', 'otp', 'phone']);
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
      t.app.inject({ method: 'POST', url: '/api/register', payload: { ...fields, otp } });
    // no code was sent yet
    let res = await register('123456');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ otp: ['The code is not correct.'] });
    const sent = await t.app.inject({ method: 'POST', url: '/api/register/otp', payload: fields });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await lastOtp(t, fields.phone);
    res = await register(code === '000000' ? '111111' : '000000');
    expect(res.statusCode).toBe(422);
    res = await register(code);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.user.username).toBe(fields.username);
  });

  it('the same username registered twice at once: one account, one 422 on the username, never a 500; the code is kept for another name', async () => {
    const n = Date.now() % 1_000_000;
    const username = `twice_${n}`;
    const forms = [1, 2].map((i) => ({
      name: `Twice ${i}`,
      username,
      phone: `98${String(n * 10 + i).padStart(8, '0')}`,
      password: 'Secret123',
      password_confirmation: 'Secret123',
      gender: 'female',
    }));
    for (const f of forms) {
      const sent = await t.app.inject({ method: 'POST', url: '/api/register/otp', payload: f });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const codes = await Promise.all(forms.map((f) => lastOtp(t, f.phone)));
    const both = await Promise.all(
      forms.map((f, i) =>
        t.app.inject({ method: 'POST', url: '/api/register', payload: { ...f, otp: codes[i] } }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const lost = both.findIndex((r) => r.statusCode === 422);
    expect(both[lost].json()).toEqual({
      message: 'The given data was invalid.',
      messageKey: 'errors.validation',
      errors: { username: ['This username is already taken.'] },
    });
    const rows = await t.database.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username}`);
    expect(rows).toHaveLength(1);
    // the loser's code was not used up: it creates the account under another username
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...forms[lost], username: `${username}_b`, otp: codes[lost] },
    });
    expect(again.statusCode, again.body).toBe(201);
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
