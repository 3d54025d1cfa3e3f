/**
 * Keyset pages and the bounded count (issue 8 §1 "a deep page as fast as page 1"), through
 * app.inject() on the seeded database (PGlite, or PostgreSQL with DATABASE_URL):
 * - walking a list by `meta.nextCursor` returns every row exactly once, in the order OFFSET
 *   paging gives, ascending and descending, with NULL sort values, ties, microsecond
 *   timestamps and filters;
 * - a malformed or unsuitable cursor is a 400 `errors.badCursor` (never a 500);
 * - a page past MAX_LIST_OFFSET without a cursor is a 400 `errors.pageTooDeep`;
 * - meta.total is capped with `totalCapped` (cap lowered for this file);
 * - the other lists (a setup-data resource, renewals, payments, outbox) answer the same meta.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n/index.js';
import { decodeListCursor, encodeListCursor, MAX_LIST_OFFSET } from '../../shared/schemas/list.js';
import { auth, buildTestApp, type TestContext } from '../../../test/server/helper.js';
import { staffTokens } from '../../../test/server/fixtures.js';
import { setListCountCap } from './list.js';

/** Rows inserted by SQL for this file (enough for several pages of PAGE rows). */
const ROWS = 60;
const PAGE = 7;

let t: TestContext;
let admin: string;
let ward1: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, ward1 } = await staffTokens(t.app));
  // Ties (9 business names, 7 expiry dates, 13 creation instants), NULLs (every 3rd has no
  // registration number, every 5th no expiry date) and microseconds in created_at.
  await t.database.db.execute(sql`
    insert into applications (user_id, app_status, submission_no, registration_no, expiry_date,
      business_name, owner_name, father_or_husband_name, business_type_id, perm_state_id,
      perm_district_id, perm_city_id, perm_ward_no, ward_id, loc_address, loc_mobile,
      capital_max, capital_current, capital_paid_up, applicant_name, applicant_address,
      applicant_contact, submission_date, created_at)
    select (select min(id) from users),
      (array['pending','verified','approved','rejected'])[1 + g % 4],
      'KS-T-' || g,
      case when g % 3 = 0 then null else 'REG-' || lpad(g::text, 3, '0') end,
      case when g % 5 = 0 then null else date '2026-01-01' + (g % 7) end,
      'बिजनेस ' || (g % 9), 'Owner ' || g, 'Father', (select min(id) from business_types),
      (select min(id) from states), (select min(id) from districts), (select min(id) from cities),
      1, (select min(id) from wards where number = 1 + g % 2), 'Address', '9800000000',
      100000, 100000, 100000, 'Applicant', 'Address', '9800000000',
      date '2025-01-01' + (g % 11),
      timestamptz '2026-05-01 10:00:00+00' + (g % 13) * interval '1.234567 milliseconds'
    from generate_series(1, ${ROWS}) g`);
  // payments (a pending one has no paid date: NULLs) and outbox messages of those applications
  await t.database.db.execute(sql`
    insert into payments (application_id, fiscal_year_id, business_tax, fine, rent_tax,
      admin_cost, discount, total, paid_date, receipt_no, channel, pay_status)
    select a.id, (select min(id) from fiscal_years), 100, 0, 0, 0, 0, 100 + a.id % 3,
      case when a.id % 4 = 0 then null else date '2026-02-01' + (a.id % 5) end,
      case when a.id % 4 = 0 then null else 'KT-' || a.id end, 'counter',
      case when a.id % 4 = 0 then 'pending' else 'completed' end
    from applications a where a.submission_no like 'KS-T-%'`);
  await t.database.db.execute(sql`
    insert into outbox (channel, recipient, body, kind, application_id)
    select 'sms', '9800000000', 'Message ' || a.id, 'status', a.id
    from applications a where a.submission_no like 'KS-T-%' and a.id % 2 = 0`);
});
afterAll(() => t.close());

interface Meta {
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}
type Page = { data: { id: number }[]; meta: Meta };

async function get(url: string, token = admin, lang = 'en-US') {
  return t.app.inject({ method: 'GET', url, headers: { ...auth(token), 'accept-language': lang } });
}

function qs(p: Record<string, unknown>) {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) {
    if (v !== undefined) u.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return u.toString();
}

/** Every id of a list by OFFSET pages and by cursor pages. */
async function walk(path: string, query: Record<string, unknown>, token = admin) {
  const byOffset: number[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const res = await get(`${path}?${qs({ ...query, page, rowsPerPage: PAGE })}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json<Page>();
    total = b.meta.total;
    expect(b.meta.totalCapped).toBe(false);
    byOffset.push(...b.data.map((r) => r.id));
    // the next cursor exists exactly when a next page does
    expect(b.meta.nextCursor === null).toBe(page * PAGE >= total);
    if (b.data.length < PAGE || page * PAGE >= total) break;
  }
  const byCursor: number[] = [];
  let cursor: string | undefined;
  for (let page = 1; page < 1000; page++) {
    const res = await get(`${path}?${qs({ ...query, page, rowsPerPage: PAGE, cursor })}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json<Page>();
    expect(b.data.length).toBeLessThanOrEqual(PAGE);
    expect(b.meta.total).toBe(total);
    for (const r of b.data) expect(r).not.toHaveProperty('_sortValue');
    byCursor.push(...b.data.map((r) => r.id));
    if (!b.meta.nextCursor) break;
    cursor = b.meta.nextCursor;
  }
  return { byOffset, byCursor, total };
}

describe('list cursor (shared/schemas/list.ts)', () => {
  it('round-trips text (Devanagari too), numbers and null; anything malformed is null', () => {
    for (const v of ['बिजनेस ५', 'a"b\\c', 42, -1.5, null, '2026-05-01 10:00:00.001234+00']) {
      const c = encodeListCursor({ v, id: 7 });
      expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeListCursor(c)).toEqual({ v, id: 7 });
    }
    const enc = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64url');
    for (const bad of [
      '',
      'abc!',
      'a'.repeat(513),
      enc({ v: 1, id: 2 }),
      enc([1]),
      enc([1, 0]),
      enc([1, 2.5]),
      enc([1, 2 ** 31]),
      enc([true, 1]),
      enc([[1], 1]),
      Buffer.from([0xff, 0xfe]).toString('base64url'),
      Buffer.from('not json').toString('base64url'),
      undefined,
      12,
    ]) {
      expect(decodeListCursor(bad)).toBeNull();
    }
  });
});

describe('keyset pages: cursor walk = offset walk', () => {
  const sorts = [
    'id',
    'businessName',
    'registrationNo',
    'expiryDate',
    'submissionDate',
    'createdAt',
    'appStatus',
  ];
  for (const sortBy of sorts) {
    for (const descending of [true, false]) {
      it(`applications by ${sortBy} ${descending ? 'desc' : 'asc'}`, async () => {
        const { byOffset, byCursor, total } = await walk('/api/applications', {
          sortBy,
          descending,
        });
        expect(total).toBeGreaterThanOrEqual(ROWS);
        expect(byCursor).toEqual(byOffset);
        expect(new Set(byCursor).size).toBe(total);
      });
    }
  }

  it('with filters (status, ward), and in a ward admin’s scope', async () => {
    for (const filters of [
      { status: 'approved' },
      { q: 'बिजनेस 3' },
      { status: 'pending', expiryFrom: '2026-01-03' },
    ]) {
      for (const sortBy of ['expiryDate', 'registrationNo', 'id']) {
        const { byOffset, byCursor, total } = await walk('/api/applications', {
          sortBy,
          descending: false,
          filters,
        });
        expect(total).toBeGreaterThan(0);
        expect(byCursor).toEqual(byOffset);
      }
    }
    const scoped = await walk(
      '/api/applications',
      { sortBy: 'registrationNo', descending: true },
      ward1,
    );
    expect(scoped.total).toBeGreaterThan(0);
    expect(scoped.total).toBeLessThan(ROWS);
    expect(scoped.byCursor).toEqual(scoped.byOffset);
  });

  it('NULL sort values come last ascending and first descending, each once', async () => {
    const asc = await walk('/api/applications', { sortBy: 'registrationNo', descending: false });
    const desc = await walk('/api/applications', { sortBy: 'registrationNo', descending: true });
    expect(desc.byCursor).toEqual([...asc.byCursor].reverse());
  });

  it('a setup-data resource, renewals, payments and the outbox page by cursor too', async () => {
    for (const [path, query] of [
      ['/api/districts', { sortBy: 'nameEn', descending: false }],
      ['/api/districts', { sortBy: 'createdAt', descending: true }],
      ['/api/applications/renewals', { sortBy: 'expiryDate', descending: false }],
      ['/api/payments', { sortBy: 'paidDate', descending: true }],
      ['/api/outbox', {}],
    ] as const) {
      const { byOffset, byCursor, total } = await walk(path, query);
      expect(total, path).toBeGreaterThan(PAGE);
      expect(byCursor, path).toEqual(byOffset);
    }
  });
});

describe('bad cursors and deep pages', () => {
  const list = (p: Record<string, unknown>) => get(`/api/applications?${qs(p)}`);

  it('a malformed or unsuitable cursor is a translated 400, never a 500', async () => {
    const idCursor = encodeListCursor({ v: 5, id: 5 });
    const cases: Record<string, unknown>[] = [
      { cursor: 'not a cursor!' },
      { cursor: Buffer.from('[1,').toString('base64url') },
      // a cursor of the id sort used with the name sort (a number for a text column)
      { cursor: idCursor, sortBy: 'businessName' },
      // id cursor whose value is not its id
      { cursor: encodeListCursor({ v: 'x', id: 5 }) },
      // NULL for a NOT NULL column
      { cursor: encodeListCursor({ v: null, id: 5 }), sortBy: 'submissionDate' },
      { cursor: encodeListCursor({ v: '2026-02-30', id: 5 }), sortBy: 'submissionDate' },
      { cursor: encodeListCursor({ v: 'yesterday', id: 5 }), sortBy: 'expiryDate' },
      { cursor: encodeListCursor({ v: '2026-13-01 00:00:00+00', id: 5 }), sortBy: 'createdAt' },
      { cursor: encodeListCursor({ v: 12, id: 5 }), sortBy: 'createdAt' },
    ];
    for (const c of cases) {
      for (const lang of ['en-US', 'ne'] as const) {
        const res = await get(`/api/applications?${qs(c)}`, admin, lang);
        expect(res.statusCode, JSON.stringify(c)).toBe(400);
        expect(res.json().message).toBe(translate(lang, 'errors.badCursor'));
      }
    }
    // a cursor longer than 512 characters fails the query schema: still a 400
    expect((await list({ cursor: 'a'.repeat(513) })).statusCode).toBe(400);
    // the same shapes on a resource list and the outbox
    expect((await get(`/api/districts?${qs({ cursor: 'x!' })}`)).statusCode).toBe(400);
    expect(
      (await get(`/api/outbox?${qs({ cursor: encodeListCursor({ v: 'a', id: 1 }) })}`)).statusCode,
    ).toBe(400);
  });

  it('OFFSET up to MAX_LIST_OFFSET rows is allowed; deeper without a cursor is a 400', async () => {
    const last = MAX_LIST_OFFSET / 25 + 1;
    const ok = await list({ page: last, rowsPerPage: 25 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual([]);
    for (const lang of ['en-US', 'ne'] as const) {
      const deep = await get(
        `/api/applications?${qs({ page: last + 1, rowsPerPage: 25 })}`,
        admin,
        lang,
      );
      expect(deep.statusCode).toBe(400);
      expect(deep.json().message).toBe(translate(lang, 'errors.pageTooDeep'));
    }
    // with a cursor the page number is only informative
    const p1 = (await list({ rowsPerPage: 5 })).json<Page>();
    const deep = await list({ page: 5000, rowsPerPage: 5, cursor: p1.meta.nextCursor });
    expect(deep.statusCode).toBe(200);
    expect(deep.json<Page>().data[0].id).toBeLessThan(p1.data[4].id);
  });
});

describe('bounded count', () => {
  afterAll(() => setListCountCap());

  it('caps meta.total and says so; under the cap the count is exact', async () => {
    const exact = (await get(`/api/applications?${qs({ rowsPerPage: 5 })}`)).json<Page>().meta;
    expect(exact.totalCapped).toBe(false);
    setListCountCap(20);
    const capped = (await get(`/api/applications?${qs({ rowsPerPage: 5 })}`)).json<Page>().meta;
    expect(capped).toMatchObject({ total: 20, totalCapped: true });
    expect(capped.nextCursor).not.toBeNull();
    const few = (await get(`/api/applications?${qs({ filters: { q: 'KS-T-1' } })}`)).json<Page>()
      .meta;
    // KS-T-1, 10..19: 11 rows, under the cap
    expect(few).toMatchObject({ total: 11, totalCapped: false, nextCursor: null });
    // cursor pages go on past the cap
    let cursor: string | null = capped.nextCursor;
    let seen = 5;
    while (cursor) {
      const b = (await get(`/api/applications?${qs({ rowsPerPage: 5, cursor })}`)).json<Page>();
      expect(b.meta.totalCapped).toBe(true);
      seen += b.data.length;
      cursor = b.meta.nextCursor;
    }
    expect(seen).toBe(exact.total);
    setListCountCap(exact.total);
    const atCap = (await get(`/api/applications?${qs({ rowsPerPage: 5 })}`)).json<Page>().meta;
    expect(atCap).toMatchObject({ total: exact.total, totalCapped: false });
  });
});
