/**
 * The search box of the applications list (issue 18 §1), through app.inject() on the seeded
 * database (PGlite, or PostgreSQL with DATABASE_URL):
 * - what `q` finds, by words (migration 0022's `search_words`, lib/search.ts wordsQuery): a
 *   Devanagari name's word, an English name in any case and by a word's beginning (not the
 *   middle of one), a registration number typed in Devanagari digits (stored Latin) and the
 *   reverse, by its beginning; a phone in either digits, a submission number, a name typed in
 *   another Unicode form; LIKE wildcards and tsquery syntax are literal;
 * - the order: relevance (exact number, equal name, name prefix, word prefix, other; newest
 *   first within one) for the default sort and `sortBy: 'relevance'`, paged by its cursor; an
 *   explicit sort is kept; a query matching more than the rank cap is listed newest first;
 * - the renewals list and a setup list (users) search the same way;
 * - the planner can serve the list's own search statements with the words index (EXPLAIN with
 *   sequential scans disabled, in a transaction).
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeListCursor } from '../../../shared/schemas/list.js';
import { auth, buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import { staffTokens } from '../../../../test/server/fixtures.js';
import { setRankedMatchesCap } from '../../lib/list.js';
import { forgetWordStatistics } from '../../lib/word-stats.js';

/** Every statement the app runs, as text and parameters (for the EXPLAIN test). */
const statements: { sql: string; params: unknown[] }[] = [];
const logger: Logger = { logQuery: (q, params) => void statements.push({ sql: q, params }) };

let t: TestContext;
let admin: string;

/** The rows of this file: [submission no, business, owner, registration no, mobile, contact]. */
const ROWS: [string, string, string, string | null, string, string][] = [
  ['SX-01', 'सगरमाथा किराना पसल', 'राम बहादुर श्रेष्ठ', '४५६/०७५-७६', '9800000000', '9800000000'],
  ['SX-02', 'Everest Hardware Traders', 'Hari Prasad', '789/2081-82', '9812345678', '9841000111'],
  ['SX-03', 'Mountain View Hotel', 'Sita Everest', null, '9800000000', '9800000000'],
  ['SX-04', 'Everest', 'Gopal Rai', null, '9800000000', '9800000000'],
  ['SX-05', 'NewEverest Cafe', 'Mohan KC', null, '9800000000', '9800000000'],
  ['SX-06', 'Hotel Everestine', 'Laxmi Thapa', null, '9800000000', '9800000000'],
  // a number that starts with SX-02's: found by it, ranked after the exact one
  ['SX-07', '100% Pure_Ghee Store', 'Anita Rai', '789/2081-82/1', '9800000000', '9800000000'],
  ['SX-08', '1000 PureXGhee Shop', 'Bishnu Rai', null, '9800000000', '9800000000'],
  // 'फ़' stored as NFC makes it (U+092B U+093C); the query types the precomposed U+095E
  ['SX-09', 'फ़ेन्सी स्टोर', 'Krishna Magar', null, '9800000000', '9800000000'],
];
/** submission no → id */
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp({ logger });
  ({ admin } = await staffTokens(t.app));
  for (const [sub, business, owner, reg, mobile, contact] of ROWS) {
    const res = await t.database.db.execute(sql`
      insert into applications (user_id, app_status, submission_no, registration_no, expiry_date,
        business_name, owner_name, father_or_husband_name, business_type_id, perm_state_id,
        perm_district_id, perm_city_id, perm_ward_no, ward_id, loc_address, loc_mobile,
        capital_max, capital_current, capital_paid_up, applicant_name, applicant_address,
        applicant_contact, submission_date)
      values ((select min(id) from users), ${reg ? 'approved' : 'pending'}, ${sub}, ${reg},
        ${reg ? sql`current_date - 10` : null}, ${business.normalize('NFC')}, ${owner}, 'Father',
        (select min(id) from business_types), (select min(id) from states),
        (select min(id) from districts), (select min(id) from cities), 1,
        (select min(id) from wards where number = 1), 'Address', ${mobile}, 100000, 100000,
        100000, 'Applicant', 'Address', ${contact}, current_date)
      returning id`);
    ids[sub] = Number((res as unknown as { rows: { id: number }[] }).rows[0].id);
  }
});
afterAll(() => t.close());

interface Page {
  data: { id: number; submissionNo: string }[];
  meta: { total: number; totalCapped: boolean; nextCursor: string | null };
}

/** GET a list with `q` (and more query), as the admin; answers the parsed page. */
async function search(q: string, more: Record<string, string> = {}, list = 'applications') {
  const u = new URLSearchParams({ rowsPerPage: '100', ...more, filters: JSON.stringify({ q }) });
  const res = await t.app.inject({ method: 'GET', url: `/api/${list}?${u}`, headers: auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

/** The submission numbers of this file's rows in a page, in the page's order. */
const mine = (p: Page) =>
  p.data.map((r) => Object.keys(ids).find((k) => ids[k] === r.id)).filter((s) => s !== undefined);

describe('what the search box finds', () => {
  it('a word of a Devanagari business or owner name, or its beginning', async () => {
    expect(mine(await search('किराना'))).toEqual(['SX-01']);
    expect(mine(await search('श्रेष्ठ'))).toEqual(['SX-01']);
    expect(mine(await search('सगरमा'))).toEqual(['SX-01']);
    expect(mine(await search('बहादुर श्रे'))).toEqual(['SX-01']);
  });

  it('an English name whatever its case, by its words and the beginning of the last', async () => {
    expect(mine(await search('HARDWARE traders'))).toEqual(['SX-02']);
    expect(mine(await search('mountain view'))).toEqual(['SX-03']);
    expect(mine(await search('mountain vi'))).toEqual(['SX-03']);
    // every word must match, each a word's beginning: 'NewEverest Cafe' has no word 'everest'
    expect(mine(await search('everest cafe'))).toEqual([]);
    // a word is found by its beginning, not by its middle ('NewEverest')
    expect(mine(await search('ountain'))).toEqual([]);
    expect(mine(await search('neweverest'))).toEqual(['SX-05']);
  });

  it('a registration number in Devanagari digits finds the Latin one, and the reverse', async () => {
    expect(mine(await search('७८९/२०८१-८२'))).toEqual(['SX-02', 'SX-07']);
    expect(mine(await search('456/075-76'))).toEqual(['SX-01']);
    expect(mine(await search('४५६/०७५'))).toEqual(['SX-01']);
    // its first part alone, in either digits
    expect(mine(await search('४५६'))).toEqual(['SX-01']);
  });

  it('a phone number, typed in either digits', async () => {
    expect(mine(await search('9841000111'))).toEqual(['SX-02']);
    expect(mine(await search('९८१२३४५६७८'))).toEqual(['SX-02']);
  });

  it('a submission number', async () => {
    expect(mine(await search('sx-05'))).toEqual(['SX-05']);
  });

  it('a name typed in another Unicode form than stored', async () => {
    expect(mine(await search('\u095Eेन्सी'))).toEqual(['SX-09']);
  });

  it('LIKE wildcards and tsquery syntax as literal characters', async () => {
    expect(mine(await search('100%'))).toEqual(['SX-07']);
    expect(mine(await search('Pure_Ghee'))).toEqual(['SX-07']);
    // '%' is no wildcard: no word starts with it
    expect(mine(await search('%'))).toEqual([]);
    // only separators: no word to look for, nothing found, no error
    expect(mine(await search('\\'))).toEqual([]);
    expect(mine(await search('/ - .'))).toEqual([]);
    for (const q of ["pure' | 'ghee", 'ghee:*', '!ghee & store', "o'brien\\"]) {
      const p = await search(q);
      expect(Array.isArray(p.data)).toBe(true);
    }
    expect(mine(await search('ghee:*'))).toEqual(['SX-07']);
  });

  it('the renewals list and a setup list search the same way', async () => {
    // SX-01 is an approved registration that expired 10 days ago
    expect(mine(await search('४५६/०७५-७६', {}, 'applications/renewals'))).toEqual(['SX-01']);
    expect(mine(await search('456/075', {}, 'applications/renewals'))).toEqual(['SX-01']);
    const users = await search('९८०००००००१', {}, 'users');
    expect(users.data.length).toBeGreaterThan(0);
  });
});

/** The tsquery the list binds for 'everest' (lib/search.ts wordsQuery). */
const EVEREST = "'everest':*";

describe('the count of a search', () => {
  it('is exact when few match, counted first; the page is then read among the matches', async () => {
    statements.length = 0;
    const p = await search('everest');
    expect(p.meta).toEqual({ total: 4, totalCapped: false, nextCursor: null });
    const sent = statements.filter((s) => s.params.includes(EVEREST));
    expect(sent.length).toBe(2);
    expect(sent[0].sql).toMatch(/count\(\*\)/);
    expect(sent[1].sql).toMatch(/= any\(array\(select w\.id from applications w/);
  });

  it('is exact up to the rank cap when more than a page match, and "at least the cap" past it', async () => {
    const two = await search('everest', { rowsPerPage: '2' });
    expect(two.meta).toMatchObject({ total: 4, totalCapped: false });
    setRankedMatchesCap(3);
    try {
      const capped = await search('everest', { rowsPerPage: '2' });
      expect(capped.meta).toMatchObject({ total: 3, totalCapped: true });
      // the next page (keyset) says the same
      const next = await search('everest', {
        rowsPerPage: '2',
        cursor: capped.meta.nextCursor!,
      });
      expect(next.meta).toMatchObject({ total: 3, totalCapped: true });
      // an explicit sort is counted the same way
      const sorted = await search('everest', { rowsPerPage: '2', sortBy: 'businessName' });
      expect(sorted.meta).toMatchObject({ total: 3, totalCapped: true });
    } finally {
      setRankedMatchesCap();
    }
  });
});

describe('the count of a word typed in full', () => {
  it('counts the whole word first, and the beginning of words only when that is not enough', async () => {
    // 'everest' is a whole word in SX-02, SX-03 and SX-04; SX-06's 'everestine' starts with it
    setRankedMatchesCap(2);
    try {
      statements.length = 0;
      const p = await search('everest', { rowsPerPage: '1' });
      expect(p.meta).toMatchObject({ total: 2, totalCapped: true });
      const count = statements.find((s) => /count\(\*\)/.test(s.sql))!;
      expect(count.params).toEqual(expect.arrayContaining(["'everest'", EVEREST]));
      // a beginning only: no whole word 'everes', the four rows that start with it
      expect((await search('everes', { rowsPerPage: '1' })).meta).toMatchObject({
        total: 2,
        totalCapped: true,
      });
    } finally {
      setRankedMatchesCap();
    }
    setRankedMatchesCap(3);
    try {
      // three whole words are not more than the cap: the beginnings are counted, four
      expect((await search('everest', { rowsPerPage: '1' })).meta).toMatchObject({
        total: 3,
        totalCapped: true,
      });
    } finally {
      setRankedMatchesCap();
    }
    // under the cap the count is exact: the whole words and the word that starts with it
    expect((await search('everest', { rowsPerPage: '1' })).meta).toMatchObject({
      total: 4,
      totalCapped: false,
    });
  });
});

describe('a common word (answered from the statistics, lib/word-stats.ts)', () => {
  /** 60 rows whose business name has the word 'bhanjyang', in ward 1, pending. */
  beforeAll(async () => {
    await t.database.db.execute(sql`
      insert into applications (user_id, app_status, submission_no, business_name, owner_name,
        father_or_husband_name, business_type_id, perm_state_id, perm_district_id, perm_city_id,
        perm_ward_no, ward_id, loc_address, loc_mobile, capital_max, capital_current,
        capital_paid_up, applicant_name, applicant_address, applicant_contact, submission_date)
      select (select min(id) from users), 'pending', 'BJ-' || n, 'Bhanjyang Pasal ' || n,
        'Owner', 'Father', (select min(id) from business_types), (select min(id) from states),
        (select min(id) from districts), (select min(id) from cities), 1,
        (select min(id) from wards where number = 1), 'Address', '9800000000', 100000, 100000,
        100000, 'Applicant', 'Address', '9800000000', current_date
      from generate_series(1, 60) n`);
    await t.database.db.execute(sql`analyze applications`);
    forgetWordStatistics(t.database.db);
  });
  afterAll(() => setRankedMatchesCap());

  const counts = () => statements.filter((s) => /count\(\*\)/.test(s.sql));
  const explains = () => statements.filter((s) => /^explain \(format json\)/.test(s.sql));

  it('is over the cap without counting when the statistics and the plan both put it far over', async () => {
    // 60 rows hold it: ten times a cap of 5 is 50
    setRankedMatchesCap(5);
    statements.length = 0;
    const p = await search('Bhanjyang', { rowsPerPage: '2' });
    expect(p.meta).toMatchObject({ total: 5, totalCapped: true });
    expect(p.data).toHaveLength(2);
    expect(p.data.every((r) => r.submissionNo.startsWith('BJ-'))).toBe(true);
    expect(explains()).toHaveLength(1);
    expect(counts()).toEqual([]);
  });

  it('is counted when under ten times the cap, or when a filter narrows the plan', async () => {
    setRankedMatchesCap(10);
    statements.length = 0;
    const under = await search('bhanjyang', { rowsPerPage: '2' });
    expect(under.meta).toMatchObject({ total: 10, totalCapped: true });
    expect(counts()).toHaveLength(1);
    expect(explains()).toEqual([]);
    // a ward no row is in: the planner's estimate is small, the count exact
    setRankedMatchesCap(5);
    statements.length = 0;
    const u = new URLSearchParams({
      rowsPerPage: '2',
      filters: JSON.stringify({ q: 'bhanjyang', wardId: 2_000_000 }),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/applications?${u}`,
      headers: auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Page>().meta).toMatchObject({ total: 0, totalCapped: false });
    expect(explains()).toHaveLength(1);
    expect(counts()).toHaveLength(1);
  });

  it('is counted for several words, and for the beginning of a word', async () => {
    setRankedMatchesCap(5);
    statements.length = 0;
    expect((await search('bhanjyang pasal', { rowsPerPage: '2' })).meta).toMatchObject({
      total: 5,
      totalCapped: true,
    });
    expect((await search('bhanjy', { rowsPerPage: '2' })).meta).toMatchObject({
      total: 5,
      totalCapped: true,
    });
    expect(explains()).toEqual([]);
    expect(counts()).toHaveLength(2);
  });
});

describe('the database connections', () => {
  // PostgreSQL only: PGlite (WebAssembly) has no JIT provider at all.
  it.skipIf(!process.env.DATABASE_URL)(
    'do not JIT-compile: a count at a million rows would compile for longer than it runs',
    async () => {
      const res = (await t.database.db.execute(sql`show jit`)) as unknown as {
        rows: { jit: string }[];
      };
      expect(res.rows[0].jit).toBe('off');
    },
  );
});

describe('the order of the matches', () => {
  // 'NewEverest Cafe' (SX-05) has no word starting with 'everest'
  const everest = ['SX-04', 'SX-02', 'SX-06', 'SX-03'];

  it('by relevance for the default sort: equal name, prefix, word prefix (newest first), other', async () => {
    expect(mine(await search('everest'))).toEqual(everest);
    expect(mine(await search('everest', { sortBy: 'relevance' }))).toEqual(everest);
  });

  it('an exact number first, before a newer row whose number only starts with it', async () => {
    expect(ids['SX-07']).toBeGreaterThan(ids['SX-02']);
    expect(mine(await search('789/2081-82'))).toEqual(['SX-02', 'SX-07']);
    // unranked (newest first) the containing one comes first
    setRankedMatchesCap(1);
    try {
      expect(mine(await search('789/2081-82'))).toEqual(['SX-07', 'SX-02']);
    } finally {
      setRankedMatchesCap();
    }
  });

  it('pages by its cursor (and by page number) in the same order', async () => {
    const seen: string[] = [];
    let cursor: string | null | undefined;
    const first = await search('everest', { rowsPerPage: '2' });
    expect(decodeListCursor(first.meta.nextCursor!)?.v).toBe('@2');
    for (let i = 0; i < 10; i++) {
      const p = await search('everest', { rowsPerPage: '2', ...(cursor ? { cursor } : {}) });
      seen.push(...p.data.map((r) => r.submissionNo));
      cursor = p.meta.nextCursor;
      if (!cursor) break;
    }
    const whole = (await search('everest')).data.map((r) => r.submissionNo);
    expect(seen).toEqual(whole);
    const page2 = await search('everest', { rowsPerPage: '2', page: '2' });
    expect(page2.data.map((r) => r.submissionNo)).toEqual(whole.slice(2, 4));
  });

  it('keeps an explicit sort', async () => {
    expect(mine(await search('everest', { sortBy: 'businessName', descending: 'false' }))).toEqual(
      [...everest].sort((a, b) =>
        ROWS.find((r) => r[0] === a)![1] < ROWS.find((r) => r[0] === b)![1] ? -1 : 1,
      ),
    );
  });

  it('lists a query matching more than the rank cap newest first, by keyset pages', async () => {
    setRankedMatchesCap(3);
    try {
      const p = await search('everest', { rowsPerPage: '2' });
      expect(p.data.map((r) => r.submissionNo)).toEqual(['SX-06', 'SX-04']);
      expect(decodeListCursor(p.meta.nextCursor!)).toEqual({ v: ids['SX-04'], id: ids['SX-04'] });
    } finally {
      setRankedMatchesCap();
    }
  });

  it('sortBy relevance without q is newest first; an export takes it too', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/applications?sortBy=relevance&rowsPerPage=3',
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    const got = res.json<Page>().data.map((r) => r.id);
    expect(got).toEqual([...got].sort((a, b) => b - a));
    const exp = await t.app.inject({
      method: 'GET',
      url: `/api/applications/export?format=csv&sortBy=relevance&filters=${encodeURIComponent(JSON.stringify({ q: 'everest' }))}`,
      headers: auth(admin),
    });
    expect(exp.statusCode).toBe(200);
  });

  it('a ranked cursor is refused once q is gone, never a 500', async () => {
    const first = await search('everest', { rowsPerPage: '2' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/applications?rowsPerPage=2&cursor=${first.meta.nextCursor}`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });
});

/**
 * Before the EXPLAINs, inside their transaction (rolled back): 8,000 more applications of
 * distinct names, numbers and phones, their GIN pending lists flushed (as autovacuum does; a
 * scan reads a whole pending list, and the planner prices that), fresh statistics and
 * sequential scans off. On the few rows of the seed any plan costs next to nothing, and up to a
 * few thousand rows filtering a whole btree index is cheaper than fourteen index scans.
 */
const EXPLAIN_SETUP = [
  `insert into applications (user_id, submission_no, business_name, owner_name,
     father_or_husband_name, business_type_id, perm_state_id, perm_district_id, perm_city_id,
     perm_ward_no, ward_id, loc_address, loc_mobile, capital_max, capital_current,
     capital_paid_up, applicant_name, applicant_address, applicant_contact, submission_date)
   select (select min(id) from users), 'FILL-' || g, 'Filler Business ' || g, 'Owner ' || g,
     'Father', (select min(id) from business_types), (select min(id) from states),
     (select min(id) from districts), (select min(id) from cities), 1,
     (select min(id) from wards), 'Address', '97' || lpad(g::text, 8, '0'), 1, 1, 1,
     'Applicant', 'Address', '96' || lpad(g::text, 8, '0'), current_date
   from generate_series(1, 8000) g`,
  `select gin_clean_pending_list('applications_search_words_idx'::regclass)`,
  'analyze applications',
  'set local enable_seqscan = off',
];

type Statement = { sql: string; params: unknown[] };

/** EXPLAIN of each logged statement (after EXPLAIN_SETUP, rolled back): the plans' text. */
async function explain(list: Statement[]): Promise<string[]> {
  const plans: string[] = [];
  const text = (r: { rows: { 'QUERY PLAN': string }[] }) =>
    r.rows.map((x) => x['QUERY PLAN']).join('\n');
  if (t.database.pglite) {
    await t.database.pglite
      .transaction(async (tx) => {
        for (const s of EXPLAIN_SETUP) await tx.query(s);
        for (const s of list) {
          plans.push(text(await tx.query<{ 'QUERY PLAN': string }>(`explain ${s.sql}`, s.params)));
        }
        await tx.rollback();
      })
      .catch(() => undefined);
    return plans;
  }
  const pool = (t.database.db as unknown as { $client: import('pg').Pool }).$client;
  const c = await pool.connect();
  try {
    await c.query('begin');
    for (const s of EXPLAIN_SETUP) await c.query(s);
    for (const s of list) {
      plans.push(text(await c.query<{ 'QUERY PLAN': string }>(`explain ${s.sql}`, s.params)));
    }
    return plans;
  } finally {
    await c.query('rollback');
    c.release();
  }
}

describe('the words index', () => {
  it('serves the statements the list runs for a search (a name, a number in Devanagari digits, a word in more rows than a page)', async () => {
    statements.length = 0;
    await search('किराना');
    const name = statements.filter((s) => s.params.includes("'किराना':*"));
    // the count, then the page among the matches, ranked
    expect(name.length).toBe(2);
    statements.length = 0;
    await search('४५६/०७५');
    // one spelling (the words column keeps Latin digits): the beginning of a whole number
    const number = statements.filter((s) => s.params.includes("'456/075':*"));
    expect(number.length).toBe(2);
    statements.length = 0;
    await search('everest', { rowsPerPage: '2' });
    const more = statements.filter((s) => s.params.includes(EVEREST));
    expect(more.length).toBe(2);
    const plans = await explain([...name, ...number, ...more]);
    expect(plans.length).toBe(6);
    for (const plan of plans) expect(plan, plan).toContain('applications_search_words_idx');
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan on applications/);
  });
});
