/**
 * The auth hook's per-process cache of roles → permissions (plugins/role-cache.ts, issue 18 §2)
 * never outlives a change: two app instances on one database (as behind nginx,
 * docs/deployment.md) each keep their own cache, and a change to a role, a permission or their
 * links — or a sign-out, a password change, a deleted account — takes effect on the very next
 * request on either instance.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, buildTestApp, login, type TestContext } from '../../../test/server/helper.js';
import { newApplicant, submit } from '../../../test/server/fixtures.js';
import { client } from '../../../test/server/resources.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import {
  applications,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../db/schema.js';

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
  // one application in ward 1, so that ward1's list has a row to confirm the session with
  const a = await newApplicant(t.app, 'Listed Applicant');
  await submit(t.app, a.token, 1);
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
  const [row] = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.slug, slug));
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

describe('the list confirms a remembered session in its own statement', () => {
  /** The list's total on instance `app` (its only page: fewer than 25 rows in these tests). */
  const total = async (app: FastifyInstance, token: string) => {
    const res = await get(app, '/api/applications', token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().meta.total as number;
  };
  const wardCount = async (wardId: number) => {
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(and(eq(applications.wardId, wardId), isNull(applications.deletedOn)));
    return n;
  };

  /** Runs `check` with user `userId` moved from ward `from` to another ward, then moves them back. */
  const inAnotherWard = async (
    userId: number,
    from: number,
    check: (other: number) => Promise<void>,
  ) => {
    const db = t.database.db;
    const [other] = await db
      .select({ id: sql<number>`w.id` })
      .from(sql`wards w`)
      .where(sql`w.id <> ${from}`)
      .limit(1);
    await db.update(users).set({ wardId: other.id }).where(eq(users.id, userId));
    try {
      await check(other.id);
    } finally {
      await db.update(users).set({ wardId: from }).where(eq(users.id, userId));
    }
  };

  it("a ward admin moved to another ward sees that ward's list on the next request", async () => {
    const db = t.database.db;
    const ward1 = await login(b, 'ward1');
    const [me] = await db.select().from(users).where(eq(users.username, 'ward1'));
    const before = me.wardId!;
    expect(await total(b, ward1)).toBe(await wardCount(before));
    expect(await total(b, ward1)).toBe(await wardCount(before)); // from memory now
    await inAnotherWard(me.id, before, async (other) => {
      expect(await wardCount(before)).not.toBe(await wardCount(other));
      expect(await total(b, ward1)).toBe(await wardCount(other));
    });
    expect(await total(b, ward1)).toBe(await wardCount(before));
  });

  it('a role taken from the user is refused on the next request; an empty list still answers', async () => {
    const db = t.database.db;
    const ward1 = await login(b, 'ward1');
    const [me] = await db.select().from(users).where(eq(users.username, 'ward1'));
    const links = await db.select().from(userRoles).where(eq(userRoles.userId, me.id));
    expect((await get(b, '/api/applications', ward1)).statusCode).toBe(200);
    await db.delete(userRoles).where(eq(userRoles.userId, me.id));
    try {
      expect((await get(b, '/api/applications', ward1)).statusCode).toBe(403);
    } finally {
      await db.insert(userRoles).values(links);
    }
    expect((await get(b, '/api/applications', ward1)).statusCode).toBe(200);

    const nobody = await newApplicant(t.app, 'No Applications', { withDocuments: false });
    expect(await total(b, nobody.token)).toBe(0);
    expect(await total(b, nobody.token)).toBe(0);
  });

  it('a search confirms the session in its own statement too: another ward, a role taken, signed out', async () => {
    const db = t.database.db;
    // "Himalayan Tea House" (the fixture's business) is in ward 1
    const url = `/api/applications?filters=${encodeURIComponent(JSON.stringify({ q: 'Himalayan' }))}`;
    const search = async (app: FastifyInstance, token: string) => {
      const res = await get(app, url, token);
      return {
        status: res.statusCode,
        wards:
          res.statusCode === 200 ? res.json().data.map((r: { wardId: number }) => r.wardId) : [],
      };
    };
    const ward1 = await login(b, 'ward1');
    const [me] = await db.select().from(users).where(eq(users.username, 'ward1'));
    const before = me.wardId!;
    const found = await search(b, ward1);
    expect(found.status).toBe(200);
    expect(found.wards.length).toBeGreaterThan(0);
    expect(new Set(found.wards)).toEqual(new Set([before]));
    expect(await search(b, ward1)).toEqual(found); // from memory now

    // moved to a ward where nothing matches: none of the old ward's rows, at once
    await inAnotherWard(me.id, before, async () => {
      expect(await search(b, ward1)).toEqual({ status: 200, wards: [] });
    });
    expect(await search(b, ward1)).toEqual(found);

    // a role taken: refused on the next search
    const links = await db.select().from(userRoles).where(eq(userRoles.userId, me.id));
    await db.delete(userRoles).where(eq(userRoles.userId, me.id));
    try {
      expect((await search(b, ward1)).status).toBe(403);
    } finally {
      await db.insert(userRoles).values(links);
    }
    expect(await search(b, ward1)).toEqual(found);

    // signed out on the other instance: refused here at once
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: auth(ward1) });
    expect(out.statusCode).toBe(200);
    expect((await search(b, ward1)).status).toBe(401);
  });
});
