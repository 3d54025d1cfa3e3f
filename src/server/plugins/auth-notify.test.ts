/**
 * PGlite's sessions remembered until the commit of a change to them (migration 0024,
 * plugins/auth.ts AuthNotifications, issue 18 §2): what the triggers announce, when PGlite hands
 * it over, and that a remembered session is trusted on every route but never outlives a change.
 * PostgreSQL does not listen (it confirms the session in the route's statement: auth-cache.test.ts
 * runs on both), so these run on PGlite only.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auth, buildTestApp, login, type TestContext } from '../../../test/server/helper.js';
import { newApplicant } from '../../../test/server/fixtures.js';
import { hashToken } from '../lib/tokens.js';
import { accessTokens, roles, userRoles, users } from '../db/schema.js';
import { AUTH_CHANNEL } from './auth.js';

/** Statements as Drizzle sends them, and a hook run (synchronously) before each. */
const statements: string[] = [];
let beforeStatement: ((text: string) => void) | null = null;
let t: TestContext;

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: auth(token) });
/** The session lookups of the auth hook (the statements on access_tokens) that `run` sends. */
async function lookupsOf(run: () => Promise<unknown>) {
  statements.length = 0;
  await run();
  return statements.filter((s) => /"access_tokens"/.test(s)).length;
}

describe.runIf(!inject('pgTemplateUrl'))('migration 0024 on PGlite', () => {
  beforeAll(async () => {
    t = await buildTestApp({
      logger: {
        logQuery: (text) => {
          statements.push(text);
          beforeStatement?.(text);
        },
      },
    });
  });
  afterAll(async () => t?.close());

  /** The notifications on AUTH_CHANNEL while `change` runs, as heard when it returns. */
  async function heardDuring(change: () => Promise<unknown>) {
    const pglite = t.database.pglite!;
    const heard: string[] = [];
    const stop = await pglite.listen(AUTH_CHANNEL, (p) => heard.push(p));
    try {
      await change();
      // no waiting: handed over before the change's own await returned
      return [...heard];
    } finally {
      await stop();
    }
  }

  it('names the user at the commit of a change to their token, row or roles; everyone for roles → permissions; nothing when rolled back', async () => {
    expect(t.database.kind).toBe('pglite');
    const db = t.database.db;
    const a = await newApplicant(t.app, 'Notified Owner', { withDocuments: false });
    const id = String(a.id);
    const tokenRow = eq(accessTokens.tokenHash, hashToken(a.token));

    expect(
      await heardDuring(() =>
        db
          .update(accessTokens)
          .set({ lastUsedAt: sql`now()` })
          .where(tokenRow),
      ),
    ).toEqual([id]);
    expect(
      await heardDuring(() => db.update(users).set({ name: 'Renamed' }).where(eq(users.id, a.id))),
    ).toEqual([id]);
    const links = await db.select().from(userRoles).where(eq(userRoles.userId, a.id));
    expect(links.length).toBeGreaterThan(0);
    // one transaction, two changes to one user: one notification (PostgreSQL folds duplicates)
    expect(
      await heardDuring(() =>
        db.transaction(async (tx) => {
          await tx.delete(userRoles).where(eq(userRoles.userId, a.id));
          await tx.insert(userRoles).values(links);
        }),
      ),
    ).toEqual([id]);
    expect(
      await heardDuring(() =>
        db
          .transaction(async (tx) => {
            await tx.update(users).set({ name: 'Never' }).where(eq(users.id, a.id));
            tx.rollback();
          })
          .catch(() => undefined),
      ),
    ).toEqual([]);
    expect(
      await heardDuring(() =>
        db
          .update(roles)
          .set({ nameNe: sql`${roles.nameNe}` })
          .where(eq(roles.slug, 'user')),
      ),
    ).toEqual(['*']);
    // signing in adds a token: nobody's session changed
    expect(await heardDuring(() => login(t.app, a.username, 'Secret123'))).not.toContain('*');
    expect(await heardDuring(() => db.delete(accessTokens).where(tokenRow))).toEqual([id]);
  });

  it('a remembered session is trusted on any route, until a change to it commits', async () => {
    const token = await login(t.app, 'ward1');
    // the first request looks the session up; the next ones, on other routes too, do not
    expect(await lookupsOf(() => get('/api/profiles', token))).toBeGreaterThan(0);
    expect(await lookupsOf(() => get('/api/profiles', token))).toBe(0);
    expect(await lookupsOf(() => get('/api/applications', token))).toBe(0);
    // another user's change: still trusted
    const other = await newApplicant(t.app, 'Bystander', { withDocuments: false });
    await t.database.db.update(users).set({ name: 'Bystander Two' }).where(eq(users.id, other.id));
    expect(await lookupsOf(() => get('/api/profiles', token))).toBe(0);
    // a change to this user's row: looked up in full again, and it answers the change
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'ward1'));
    await t.database.db.update(users).set({ name: 'Ward One Renamed' }).where(eq(users.id, me.id));
    let res: Awaited<ReturnType<typeof get>> | undefined;
    expect(
      await lookupsOf(async () => {
        res = await get('/api/profiles', token);
      }),
    ).toBeGreaterThan(0);
    expect(res!.json().data.name).toBe('Ward One Renamed');
    await t.database.db.update(users).set({ name: me.name }).where(eq(users.id, me.id));
    // the token expired in the database: refused, though remembered a moment ago
    expect((await get('/api/profiles', token)).statusCode).toBe(200);
    await t.database.db
      .update(accessTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accessTokens.tokenHash, hashToken(token)));
    expect((await get('/api/profiles', token)).statusCode).toBe(401);
  });

  it('a token revoked while its session is being looked up is not remembered', async () => {
    const token = await login(t.app, 'ward1');
    const pglite = t.database.pglite!;
    // The roles → permissions are read again after the lookup (their version moved), and the
    // sign-out commits just before that read: between the lookup and the remembering.
    await t.database.db.execute(sql`update auth_version set version = version + 1 where id = 1`);
    let revoked: Promise<unknown> | null = null;
    beforeStatement = (text) => {
      if (revoked || !/from auth_version v left join roles/.test(text)) return;
      revoked = pglite.query(`update access_tokens set revoked_at = now() where token_hash = $1`, [
        hashToken(token),
      ]);
    };
    try {
      // the lookup saw the session before the sign-out: this one request is let in
      expect((await get('/api/profiles', token)).statusCode).toBe(200);
    } finally {
      beforeStatement = null;
    }
    expect(revoked).not.toBeNull();
    await revoked;
    expect((await get('/api/profiles', token)).statusCode).toBe(401);
    expect((await get('/api/applications', token)).statusCode).toBe(401);
  });
});
