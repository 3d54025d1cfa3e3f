/**
 * The public register (issue 19 §6) through app.inject(), without a login: a search by
 * Devanagari or English name or by registration number finds approved (and closed)
 * registrations only — never pending applications, renewal rows or deleted rows — and every
 * item has exactly the public keys, so no personal field can leak. Paged; rate-limited per
 * address.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { toNepaliDigits } from '../../../shared/format.js';
import { PUBLIC_REGISTER_PAGE_SIZE } from '../../../shared/schemas/reports.js';
import { applications } from '../../db/schema.js';
import { buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../../test/server/fixtures.js';
import { publicStatus } from './public-register.js';

let t: TestContext;
let staff: { admin: string };

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
});
afterAll(() => t.close());

const search = (query: Record<string, string>, ip = '127.0.0.1') =>
  t.app.inject({
    method: 'GET',
    url: '/api/public-register',
    query,
    remoteAddress: ip,
  });

/** The exact keys of an item: the public facts and nothing else. */
const ITEM_KEYS = [
  'businessName',
  'businessType',
  'registrationNo',
  'status',
  'validUntil',
  'ward',
];

async function approved(businessName: string, wardNo = 1) {
  const a = await newApplicant(t.app, 'Registered');
  const id = await submit(t.app, a.token, wardNo, {
    businessName,
    ownerName: 'Kamala Shrestha',
    locMobile: '9841555123',
    applicantContact: '9841555123',
  });
  expect((await act(t.app, staff.admin, id, 'verify')).statusCode).toBe(200);
  const paid = await act(t.app, staff.admin, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: todayAd(),
    channel: 'counter',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const d = (await act(t.app, staff.admin, id, 'approve')).json().data;
  return { id, registrationNo: d.registrationNo as string };
}

/** A copy of application `id` with another name and numbers (rows for paging and filters). */
async function copyOf(id: number, over: Partial<typeof applications.$inferInsert>) {
  const db = t.database.db;
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  const { id: _id, ...rest } = row;
  const n = Math.floor(Math.random() * 1e9);
  const [c] = await db
    .insert(applications)
    .values({
      ...rest,
      submissionNo: `COPY-${n}`,
      registrationNo: `R-COPY-${n}`,
      registrationSerial: null,
      ...over,
    })
    .returning({ id: applications.id, registrationNo: applications.registrationNo });
  return c;
}

describe('public register', () => {
  let nepali: { id: number; registrationNo: string };
  let english: { id: number; registrationNo: string };

  beforeAll(async () => {
    nepali = await approved('हिमालयन चिया घर');
    english = await approved('Annapurna Rooftop Bakery', 2);
  });

  it('finds a Devanagari business name and answers only the public keys', async () => {
    const res = await search({ q: 'चिया' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    const item = body.data[0];
    expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    expect(Object.keys(item.ward).sort()).toEqual(['nameEn', 'nameNe', 'number']);
    expect(Object.keys(item.businessType).sort()).toEqual(['nameEn', 'nameNe']);
    expect(item).toMatchObject({
      businessName: 'हिमालयन चिया घर',
      registrationNo: nepali.registrationNo,
      status: 'registered',
      ward: { number: 1 },
    });
    expect(item.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.meta).toEqual({ page: 1, pageSize: PUBLIC_REGISTER_PAGE_SIZE, hasMore: false });
    // nothing personal anywhere in the answer
    for (const secret of ['Kamala', '9841555123', 'Bir Bahadur', 'Pulchowk', 'Lalitpur']) {
      expect(res.body).not.toContain(secret);
    }
    // the whole name in Devanagari, in NFD as a phone keyboard may send it
    const nfd = await search({ q: 'हिमालयन चिया घर'.normalize('NFD') });
    expect(nfd.json().data.map((i: { registrationNo: string }) => i.registrationNo)).toEqual([
      nepali.registrationNo,
    ]);
  });

  it('finds an English name in any case, and a registration number in either digits', async () => {
    const byName = (await search({ q: 'rooftop BAKERY' })).json();
    expect(byName.data.map((i: { businessName: string }) => i.businessName)).toEqual([
      'Annapurna Rooftop Bakery',
    ]);
    expect(byName.data[0].ward.number).toBe(2);
    for (const q of [english.registrationNo, toNepaliDigits(english.registrationNo)]) {
      const res = (await search({ q })).json();
      expect(res.data[0]?.registrationNo, q).toBe(english.registrationNo);
    }
  });

  it('never lists pending applications, renewal rows, deleted or terminated rows', async () => {
    const a = await newApplicant(t.app, 'Pending');
    await submit(t.app, a.token, 1, { businessName: 'Zanskar Pending Traders' });
    await copyOf(english.id, { businessName: 'Zanskar Renewal Row', isRenewal: true });
    await copyOf(english.id, { businessName: 'Zanskar Deleted Row', deletedOn: new Date() });
    await copyOf(english.id, { businessName: 'Zanskar Cancelled Row', appStatus: 'cancelled' });
    await copyOf(english.id, { businessName: 'Zanskar Listed Row' });
    const res = (await search({ q: 'zanskar' })).json();
    expect(res.data.map((i: { businessName: string }) => i.businessName)).toEqual([
      'Zanskar Listed Row',
    ]);
  });

  it('says expired after the valid-until date and closed for a closed registration', async () => {
    const old = await copyOf(english.id, {
      businessName: 'Kailash Old Shop',
      expiryDate: '2020-07-15',
    });
    const closed = await copyOf(english.id, { businessName: 'Kailash Closed Shop' });
    // a closure (issue 19 §2) sets the status 'closed'; written directly here
    await t.database.db
      .update(applications)
      .set({ appStatus: 'closed' as never })
      .where(eq(applications.id, (await rowId(closed.registrationNo!))!));
    const res = (await search({ q: 'kailash' })).json();
    const status = Object.fromEntries(
      res.data.map((i: { businessName: string; status: string }) => [i.businessName, i.status]),
    );
    expect(status).toEqual({ 'Kailash Old Shop': 'expired', 'Kailash Closed Shop': 'closed' });
    expect(old.registrationNo).toBeTruthy();
  });

  it('pages by 20 with hasMore, the best match first', async () => {
    for (let i = 0; i < PUBLIC_REGISTER_PAGE_SIZE; i++) {
      await copyOf(english.id, { businessName: `Makalu Store ${String(i).padStart(2, '0')}` });
    }
    await copyOf(english.id, { businessName: 'Makalu' });
    const first = (await search({ q: 'makalu' })).json();
    expect(first.data).toHaveLength(PUBLIC_REGISTER_PAGE_SIZE);
    expect(first.meta.hasMore).toBe(true);
    expect(first.data[0].businessName).toBe('Makalu'); // equal to q ranks first
    const second = (await search({ q: 'makalu', page: '2' })).json();
    expect(second.data).toHaveLength(1);
    expect(second.meta).toMatchObject({ page: 2, hasMore: false });
    const names = [...first.data, ...second.data].map(
      (i: { businessName: string }) => i.businessName,
    );
    expect(new Set(names).size).toBe(PUBLIC_REGISTER_PAGE_SIZE + 1);
  });

  it('refuses a too short or too long search and a page out of range, in the reader language', async () => {
    const short = await t.app.inject({
      method: 'GET',
      url: '/api/public-register',
      query: { q: ' क ' },
      headers: { 'accept-language': 'ne' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('कम्तीमा ३ अक्षर');
    expect((await search({ q: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await search({ q: 'makalu', page: '11' })).statusCode).toBe(400);
    expect((await search({})).statusCode).toBe(400);
  });

  it('is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await search({ q: 'makalu' }, '192.0.2.44')).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // another address is not affected
    expect((await search({ q: 'makalu' }, '192.0.2.45')).statusCode).toBe(200);
  });
});

describe('publicStatus', () => {
  it('maps the statuses safely', () => {
    expect(publicStatus('approved', '2030-01-01', '2026-01-01')).toBe('registered');
    expect(publicStatus('approved', null, '2026-01-01')).toBe('registered');
    expect(publicStatus('approved', '2025-12-31', '2026-01-01')).toBe('expired');
    expect(publicStatus('closed', '2025-12-31', '2026-01-01')).toBe('closed');
    for (const s of ['pending', 'verified', 'paid', 'rejected', 'cancelled', 'whatever']) {
      expect(publicStatus(s, '2030-01-01', '2026-01-01')).toBeNull();
    }
  });
});

async function rowId(registrationNo: string) {
  const [r] = await t.database.db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.registrationNo, registrationNo));
  return r?.id;
}
