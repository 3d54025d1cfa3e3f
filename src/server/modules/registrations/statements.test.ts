/**
 * Read models in one round trip (issue 14 §2): after authentication, the application detail
 * and the certificate view each send exactly one SQL statement. Drizzle's logger sees every
 * statement the app sends; the session lookup of the auth hook (and its once-a-minute touch)
 * are the statements on access_tokens, and the auth hook's reading of roles → permissions when
 * their version moved (plugins/role-cache.ts) names auth_version: neither is counted.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auth, buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import { act, newApplicant, staffTokens, submit } from '../../../../test/server/fixtures.js';

const statements: string[] = [];
let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp({ logger: { logQuery: (text) => statements.push(text) } });
  staff = await staffTokens(t.app);
});
afterAll(async () => t.close());

/** The statements `url` sends after authentication, and its status code. */
async function afterAuth(url: string, token: string) {
  statements.length = 0;
  const res = await t.app.inject({ method: 'GET', url, headers: auth(token) });
  const sent = statements.filter((s) => !/"access_tokens"|auth_version/.test(s));
  return {
    status: res.statusCode,
    body: res.json(),
    sent,
    authSeen: statements.length - sent.length,
  };
}

describe('one statement per read model', () => {
  it('detail: pending (with a fee estimate), verified, approved; 404 too', async () => {
    const a = await newApplicant(t.app, 'Counted');
    const id = await submit(t.app, a.token, 1);
    const pending = await afterAuth(`/api/applications/${id}`, a.token);
    expect(pending.status).toBe(200);
    // PostgreSQL looks the session up; PGlite trusts the session it remembers from the
    // submission, as nothing it stands on changed since (migration 0024's notifications)
    if (t.database.kind === 'postgres') expect(pending.authSeen).toBeGreaterThanOrEqual(1);
    else expect(pending.authSeen).toBe(0);
    expect(pending.sent).toHaveLength(1);
    // the estimate is computed from the same statement's tax bands and fee settings
    expect(pending.body.data.estimate.bill.total).toBeGreaterThan(0);
    expect(pending.body.data.owners).toEqual([]);

    expect((await act(t.app, staff.ward1, id, 'verify')).statusCode).toBe(200);
    const verified = await afterAuth(`/api/applications/${id}`, staff.ward1);
    expect(verified.status).toBe(200);
    expect(verified.sent).toHaveLength(1);

    expect(
      (
        await act(t.app, staff.ward1, id, 'payments', {
          receiptNo: `SC-${id}`,
          paidDate: '2025-08-01',
          channel: 'counter',
        })
      ).statusCode,
    ).toBe(200);
    expect((await act(t.app, staff.admin, id, 'approve')).statusCode).toBe(200);
    const approved = await afterAuth(`/api/applications/${id}`, a.token);
    expect(approved.status).toBe(200);
    expect(approved.sent).toHaveLength(1);
    expect(approved.body.data.certificate.registrationNo).toMatch(/^\d+\//);
    expect(approved.body.data.payments).toHaveLength(1);
    expect(approved.body.data.history.map((h: { action: string }) => h.action)).toEqual([
      'submit',
      'verify',
      'pay',
      'approve',
    ]);

    const other = await newApplicant(t.app, 'Outsider');
    const hidden = await afterAuth(`/api/applications/${id}`, other.token);
    expect(hidden.status).toBe(404);
    expect(hidden.sent).toHaveLength(1);

    const cert = await afterAuth(`/api/applications/${id}/certificate`, a.token);
    expect(cert.status).toBe(200);
    expect(cert.sent).toHaveLength(1);
    expect(cert.body.data.registrationNo).toBe(approved.body.data.registrationNo);
  });

  it("the applications list: an applicant's richer rows (issue 17 §1) cost no more statements than staff's", async () => {
    const a = await newApplicant(t.app, 'Listed');
    await submit(t.app, a.token, 1);
    const mine = await afterAuth('/api/applications', a.token);
    const staffs = await afterAuth('/api/applications', staff.ward1);
    expect(mine.status).toBe(200);
    expect(staffs.status).toBe(200);
    expect(mine.body.data[0]).toHaveProperty('billTotal');
    expect(staffs.body.data[0]).not.toHaveProperty('billTotal');
    expect(mine.sent.length).toBeGreaterThan(0);
    expect(mine.sent).toHaveLength(staffs.sent.length);
  });

  it('a search by a remembered session sends no session lookup; on PostgreSQL it confirms the session in its own statements (issue 18 §3)', async () => {
    const a = await newApplicant(t.app, 'Searched');
    await submit(t.app, a.token, 1, { businessName: 'Sessionguard Spices' });
    const search = (q: string) =>
      afterAuth(
        `/api/applications?filters=${encodeURIComponent(JSON.stringify({ q }))}`,
        staff.ward1,
      );
    /** The session lookups (auth_session), and the statements that check a guard. */
    const lookups = () => statements.filter((s) => /"access_tokens"/.test(s));
    const guarded = () => statements.filter((s) => /session_guard_holds\(/.test(s));
    // a token's first request looks its session up in full, and the process remembers it
    expect((await search('Sessionguard')).status).toBe(200);
    const again = await search('Sessionguard');
    expect(again.status).toBe(200);
    expect(again.body.data.map((r: { businessName: string }) => r.businessName)).toEqual([
      'Sessionguard Spices',
    ]);
    expect(again.body.data[0]).not.toHaveProperty('_session');
    expect(again.body.meta).toEqual({ total: 1, totalCapped: false, nextCursor: null });
    expect(lookups()).toHaveLength(0);
    // PostgreSQL: the count and the page each check it, in their own snapshots; PGlite would
    // have forgotten it at the commit of any change to it (plugins/auth.ts AuthNotifications)
    expect(guarded().map((s) => (/count\(\*\)/.test(s) ? 'count' : 'page'))).toEqual(
      t.database.kind === 'postgres' ? ['count', 'page'] : [],
    );
    // nothing found: the count still tells
    const none = await search('Nowhereatall');
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    expect(none.body.meta).toEqual({ total: 0, totalCapped: false, nextCursor: null });
    expect(lookups()).toHaveLength(0);
  });

  it("a search's statements are built once per shape: another text of that shape only fills them (issue 18 §1)", async () => {
    const a = await newApplicant(t.app, 'Prepared');
    await submit(t.app, a.token, 1, { businessName: 'Preparedtext Teas' });
    const search = async (q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/applications?filters=${encodeURIComponent(JSON.stringify({ q }))}`,
        headers: auth(staff.ward1),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { businessName: string }[]).map((r) => r.businessName);
    };
    // the shape's first search builds its statements (Drizzle turns each into SQL once)
    expect(await search('Preparedtext')).toEqual(['Preparedtext Teas']);
    const built = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      // one spelling, found among few matches and ranked: the same shape, other texts
      expect(await search('teas')).toEqual(['Preparedtext Teas']);
      expect(await search('Nowhereatall')).toEqual([]);
      expect(built).not.toHaveBeenCalled();
      // Devanagari digits add a spelling (Latin digits): another shape, built for itself
      expect(await search('Preparedtext १')).toEqual([]);
      expect(built).toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});
