/**
 * The auth hook's per-process cache of roles → permissions (plugins/role-cache.ts, issue 18 §2)
 * never outlives a change: two app instances on one database (as behind nginx,
 * docs/deployment.md) each keep their own cache, and a change to a role, a permission or their
 * links — or a sign-out, a password change, a deleted account — takes effect on the very next
 * request on either instance.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, login, type TestContext } from '../../../test/server/helper.js';
import { newApplicant } from '../../../test/server/fixtures.js';
import { client } from '../../../test/server/resources.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { permissions, rolePermissions, roles, users } from '../db/schema.js';

let t: TestContext;
/** a second instance on the same database, with its own cache */
let b: FastifyInstance;

beforeAll(async () => {
  t = await buildTestApp();
  b = await buildApp({
    config: {
      ...loadConfig({ NODE_ENV: 'test' }),
      uploadDir: t.uploadDir,
      logLevel: 'silent',
      outboxIntervalMs: 0,
    },
    database: t.database,
    logger: false,
  });
  await b.ready();
});
afterAll(async () => {
  await b.close();
  await t.close();
});

const get = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: auth(token) });
/** The status of the applications list on both instances, A then B. */
const listOnBoth = async (token: string) => [
  (await get(t.app, '/api/applications', token)).statusCode,
  (await get(b, '/api/applications', token)).statusCode,
];

async function idOf(table: typeof roles | typeof permissions, slug: string) {
  const [row] = await t.database.db.select({ id: table.id }).from(table).where(eq(table.slug, slug));
  return row.id;
}

describe('roles → permissions cache', () => {
  it('a permission taken from a role, given back, a role switched off and on: the next request on either instance sees it', async () => {
    const db = t.database.db;
    const ward1 = await login(t.app, 'ward1');
    // both caches warm
    expect(await listOnBoth(ward1)).toEqual([200, 200]);
    const roleId = await idOf(roles, 'wardadmin');
    const permissionId = await idOf(permissions, 'view-applications');

    await db
      .delete(rolePermissions)
      .where(
        and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)),
      );
    expect(await listOnBoth(ward1)).toEqual([403, 403]);
    const profile = await get(b, '/api/profiles', ward1);
    expect(profile.statusCode).toBe(200);

    await db.insert(rolePermissions).values({ roleId, permissionId });
    expect(await listOnBoth(ward1)).toEqual([200, 200]);

    // the permission itself switched off, then on
    await db.update(permissions).set({ status: 0 }).where(eq(permissions.id, permissionId));
    expect(await listOnBoth(ward1)).toEqual([403, 403]);
    await db.update(permissions).set({ status: 1 }).where(eq(permissions.id, permissionId));
    expect(await listOnBoth(ward1)).toEqual([200, 200]);

    // the whole role switched off, then on
    await db.update(roles).set({ status: 0 }).where(eq(roles.id, roleId));
    expect(await listOnBoth(ward1)).toEqual([403, 403]);
    await db.update(roles).set({ status: 1 }).where(eq(roles.id, roleId));
    expect(await listOnBoth(ward1)).toEqual([200, 200]);
  });

  it('a change through the API (the roles screen) reaches the other instance too', async () => {
    const admin = await login(t.app, 'admin');
    const ward1 = await login(t.app, 'ward1');
    expect(await listOnBoth(ward1)).toEqual([200, 200]);
    const roleId = await idOf(roles, 'wardadmin');
    const role = (await get(t.app, `/api/roles/${roleId}`, admin)).json().data as {
      permissionIds: number[];
      slug: string;
      nameEn: string;
      nameNe: string;
    };
    const viewId = await idOf(permissions, 'view-applications');
    const save = (ids: number[]) =>
      client(t.app).post(`/api/roles/${roleId}`, admin, {
        slug: role.slug,
        nameEn: role.nameEn,
        nameNe: role.nameNe,
        'permissionIds[]': ids,
      });
    const cut = await save(role.permissionIds.filter((id) => id !== viewId));
    expect(cut.statusCode, cut.body).toBe(200);
    expect(await listOnBoth(ward1)).toEqual([403, 403]);
    expect((await save(role.permissionIds)).statusCode).toBe(200);
    expect(await listOnBoth(ward1)).toEqual([200, 200]);
  });
});

describe('sessions are never cached', () => {
  it('signed out on one instance: refused on the other at once', async () => {
    const token = await login(t.app, 'ward1');
    expect(await listOnBoth(token)).toEqual([200, 200]);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(token) });
    expect(out.statusCode).toBe(200);
    expect(await listOnBoth(token)).toEqual([401, 401]);
  });

  it('a password change on one instance ends the other sessions on both', async () => {
    const a = await newApplicant(t.app, 'Cache Owner', { withDocuments: false });
    const other = await login(b, a.username, 'Secret123');
    expect((await get(b, '/api/profiles', other)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/password',
      headers: auth(a.token),
      payload: {
        current_password: 'Secret123',
        password: 'Changed123',
        password_confirmation: 'Changed123',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(b, '/api/profiles', other)).statusCode).toBe(401);
    expect((await get(t.app, '/api/profiles', other)).statusCode).toBe(401);
    expect((await get(b, '/api/profiles', a.token)).statusCode).toBe(200);
  });

  it('an account deleted, or disabled through the users screen, is refused at once on both', async () => {
    const admin = await login(t.app, 'admin');
    const gone = await newApplicant(t.app, 'Deleted Owner', { withDocuments: false });
    expect((await get(b, '/api/profiles', gone.token)).statusCode).toBe(200);
    await t.database.db.update(users).set({ deletedOn: new Date() }).where(eq(users.id, gone.id));
    expect((await get(b, '/api/profiles', gone.token)).statusCode).toBe(401);

    const off = await newApplicant(t.app, 'Disabled Owner', { withDocuments: false });
    expect((await get(b, '/api/profiles', off.token)).statusCode).toBe(200);
    const res = await client(t.app).put(`/api/users/${off.id}/change-status`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(0);
    expect((await get(b, '/api/profiles', off.token)).statusCode).toBe(401);
    expect((await get(t.app, '/api/profiles', off.token)).statusCode).toBe(401);
  });
});
