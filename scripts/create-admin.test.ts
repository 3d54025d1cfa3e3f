/**
 * `npm run create-admin` (issue 16 §1): the administrator it makes, the one-time password that
 * must be changed before anything else, and its refusals. The CLI itself runs against a real
 * server in test/faults/production-start.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordField } from '../src/shared/schemas/auth.js';
import { loadConfig } from '../src/server/config.js';
import { auditLog, users } from '../src/server/db/schema.js';
import { auth, buildTestApp, type TestContext } from '../test/server/helper.js';
import {
  CreateAdminError,
  createAdmin,
  describeDatabase,
  generateOneTimePassword,
  parseOptions,
} from './create-admin.js';

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const admin = {
  username: 'palika_admin',
  name: 'Ram Sharma',
  phone: '9841000001',
  email: 'it@palika.gov.np',
  gender: 'male' as const,
};

const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });

describe('npm run create-admin', () => {
  it('generates one-time passwords that pass the password rule and differ', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const pw = generateOneTimePassword();
      expect(pw).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      expect(passwordField().safeParse(pw).success).toBe(true);
      seen.add(pw);
    }
    expect(seen.size).toBe(50);
  });

  it('creates a system administrator who must change the password before anything else', async () => {
    const password = generateOneTimePassword();
    const { id } = await createAdmin(t.database.db, { ...admin, password });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      userType: 'systemadmin',
      passwordChangeRequired: true,
      username: 'palika_admin',
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'user.create-admin', entity: 'users', userId: null });

    const login = await signIn('palika_admin', password);
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json().data;
    expect(user).toMatchObject({ passwordChangeRequired: true, roles: ['systemadmin'] });
    const h = auth(token);

    // everything but the profile, the password change and sign-out: 403 with a clear message
    for (const url of ['/api/dashboard', '/api/users', '/api/notifications']) {
      const res = await t.app.inject({ url, headers: h });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toMatch(/one-time password/);
    }
    const ne = await t.app.inject({
      url: '/api/dashboard',
      headers: { ...h, 'accept-language': 'ne' },
    });
    expect(ne.json().message).toMatch(/पासवर्ड/);
    const profile = await t.app.inject({ url: '/api/profiles', headers: h });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.passwordChangeRequired).toBe(true);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/password',
      headers: h,
      payload: {
        current_password: password,
        password: 'Palika-2082-secret',
        password_confirmation: 'Palika-2082-secret',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.app.inject({ url: '/api/dashboard', headers: h })).statusCode).toBe(200);
    const again = await signIn('palika_admin', 'Palika-2082-secret');
    expect(again.json().data.user.passwordChangeRequired).toBe(false);
    expect((await signIn('palika_admin', password)).statusCode).toBe(422);
  });

  it('refuses a taken username or phone, and invalid details, naming the problem', async () => {
    const password = generateOneTimePassword();
    await expect(
      createAdmin(t.database.db, { ...admin, username: 'PALIKA_ADMIN', password }),
    ).rejects.toThrow(/username "PALIKA_ADMIN" is taken/);
    await expect(
      createAdmin(t.database.db, { ...admin, username: 'other_admin', password }),
    ).rejects.toThrow(/phone number 9841000001 belongs to another account/);
    const bad = createAdmin(t.database.db, {
      ...admin,
      username: 'x',
      phone: '12',
      password: 'short',
    });
    await expect(bad).rejects.toBeInstanceOf(CreateAdminError);
    await expect(bad).rejects.toThrow(/^username: .*\nphone: .*\npassword: /);
  });

  it('options: the flags, an unknown one refused; the database named without credentials', () => {
    expect(
      parseOptions(['--username', 'a', '--name', 'B', '--phone', '98', '--password-stdin']),
    ).toMatchObject({ username: 'a', name: 'B', phone: '98', passwordStdin: true, help: false });
    expect(() => parseOptions(['--pasword', 'x'])).toThrow(CreateAdminError);
    const pgConfig = loadConfig({ DATABASE_URL: 'postgres://darta:s3cret@10.0.0.5:5432/darta' });
    expect(describeDatabase(pgConfig)).toBe('PostgreSQL 10.0.0.5:5432/darta');
    expect(describeDatabase(loadConfig({ DATA_DIR: '/var/lib/darta' }))).toBe(
      'PGlite in /var/lib/darta/pglite',
    );
  });
});
