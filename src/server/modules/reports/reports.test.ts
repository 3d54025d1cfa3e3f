/**
 * The staff reports (issue 19 §7) through app.inject(): the receipt register and the cancelled
 * and refunded receipts (keyset pages, totals of the period), the collection by ward, channel,
 * business type and BS month, the applications by status and age — each total equal to a
 * direct SQL sum, a ward admin kept to their ward, and every CSV and XLSX parsed back.
 */
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adToBs, bsMonthName, todayAd } from '../../../shared/bs-date.js';
import { translate } from '../../../shared/i18n/index.js';
import { applications, payments, wards } from '../../db/schema.js';
import { setExportBatchSize } from '../../lib/export.js';
import { auth, buildTestApp, login, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../../test/server/fixtures.js';
import { client, nextI, parents, SAMPLES, type Form } from '../../../../test/server/resources.js';

/** RFC 4180 CSV into rows of cells (quotes doubled, newlines inside quotes); BOM dropped. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const s = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (quoted) {
      if (ch === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

let t: TestContext;
let staff: { ward1: string; admin: string };
const today = todayAd();
const PERIOD = { from: '2025-07-17', to: today };

/** A day `n` days before today (AD). */
const daysAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

async function paidApplication(wardNo: number, businessName: string) {
  const a = await newApplicant(t.app, 'Payer');
  const id = await submit(t.app, a.token, wardNo, { businessName, applicantName: 'Ram Payer' });
  expect((await act(t.app, staff.admin, id, 'verify')).statusCode).toBe(200);
  const res = await act(t.app, staff.admin, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: today,
    channel: wardNo === 1 ? 'counter' : 'bank',
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** A payment row written directly (a refund due, a refunded one, one outside the period). */
async function extraPayment(applicationId: number, over: Partial<typeof payments.$inferInsert>) {
  const [p] = await t.database.db
    .select()
    .from(payments)
    .where(eq(payments.applicationId, applicationId));
  const { id: _id, ...rest } = p;
  await t.database.db.insert(payments).values({
    ...rest,
    receiptNo: `X-${Math.floor(Math.random() * 1e9)}`,
    idempotencyKey: null,
    gatewayRef: null,
    gatewayTxnId: null,
    ...over,
  });
}

const get = (token: string, url: string, query: Record<string, string | number> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/reports/${url}`,
    query: Object.fromEntries(
      Object.entries({ ...PERIOD, ...query }).map(([k, v]) => [k, String(v)]),
    ),
    headers: auth(token),
  });

/** SQL sum of payments in the period with these statuses, optionally of one ward number. */
async function sqlSum(statuses: string[], wardNo?: number) {
  const [r] = await t.database.db
    .select({
      n: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${payments.total}), 0)::text`,
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .where(
      and(
        inArray(payments.payStatus, statuses as never[]),
        sql`${payments.paidDate} between ${PERIOD.from} and ${PERIOD.to}`,
        wardNo ? eq(wards.number, wardNo) : undefined,
      ),
    );
  return { n: r.n, total: Number(r.total) };
}

let ward1Apps: number[];
let ward2App: number;
let ward2: string;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
  // a ward admin of ward 2 (the seed has only ward 1's)
  const p = await parents(t.database);
  const w2: Form = { ...SAMPLES.users(nextI(), p), userType: 'wardadmin', wardId: p.ward2Id };
  expect((await client(t.app).post('/api/users', staff.admin, w2)).statusCode).toBe(201);
  ward2 = await login(t.app, String(w2.username), 'Secret123');
  ward1Apps = [
    await paidApplication(1, 'Reports Tea One'),
    await paidApplication(1, 'Reports Tea Two'),
  ];
  ward2App = await paidApplication(2, 'Reports Bakery Ward Two');
  await extraPayment(ward1Apps[0], {
    channel: 'esewa',
    payStatus: 'refund_due',
    refundReason: 'alreadyPaid',
    total: 12345,
  });
  await extraPayment(ward2App, {
    channel: 'khalti',
    payStatus: 'refunded',
    refundReason: 'notPayable',
    refundedOn: today,
    refundMethod: 'bank',
    refundReference: '=HYPERLINK("x")',
    total: 5000,
  });
  await extraPayment(ward1Apps[1], { paidDate: '2020-01-01', total: 99900 });
  await extraPayment(ward1Apps[1], { payStatus: 'failed', total: 77700 });
});
afterAll(() => t.close());

describe('receipt register', () => {
  it('lists every receipt of the period with totals equal to the SQL sums', async () => {
    const res = await get(staff.admin, 'receipts');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const all = await sqlSum(['completed', 'refund_due', 'refunded']);
    expect(body.meta.count).toBe(all.n);
    expect(body.meta.total).toBe(all.total);
    expect(body.meta.credited).toBe((await sqlSum(['completed'])).total);
    expect(body.meta.refundDue).toBe(12345);
    expect(body.meta.refunded).toBe(5000);
    expect(body.meta.total).toBe(body.meta.credited + body.meta.refundDue + body.meta.refunded);
    expect(body.data).toHaveLength(all.n);
    expect(body.meta.nextCursor).toBeNull();
    const mine = body.data.find(
      (r: { businessName: string }) => r.businessName === 'Reports Tea One',
    );
    expect(mine).toMatchObject({ payer: 'Ram Payer', channel: 'counter', paidDate: today });
    expect(body.data.some((r: { total: number }) => r.total === 99900 || r.total === 77700)).toBe(
      false,
    );
    // keyset: after the first row come the others, in the same order
    const first = body.data[0];
    const rest = (
      await get(staff.admin, 'receipts', { cursor: `${first.paidDate}_${first.id}` })
    ).json();
    expect(rest.data).toEqual(body.data.slice(1));
    expect((await get(staff.admin, 'receipts', { cursor: 'nope' })).statusCode).toBe(400);
  });

  it('cancelled and refunded receipts are the refund due and refunded ones', async () => {
    const body = (await get(staff.admin, 'refunds')).json();
    expect(body.data.map((r: { payStatus: string }) => r.payStatus).sort()).toEqual([
      'refund_due',
      'refunded',
    ]);
    expect(body.meta).toMatchObject({ count: 2, total: 17345, credited: 0 });
  });

  it('keeps a ward admin to their ward', async () => {
    for (const [token, wardNo] of [
      [staff.ward1, 1],
      [ward2, 2],
    ] as const) {
      const body = (await get(token, 'receipts')).json();
      const sums = await sqlSum(['completed', 'refund_due', 'refunded'], wardNo);
      expect(body.meta.total).toBe(sums.total);
      expect(new Set(body.data.map((r: { wardNumber: number }) => r.wardNumber))).toEqual(
        new Set([wardNo]),
      );
      // asking for the other ward gives nothing
      const otherWard = (await get(staff.admin, 'receipts'))
        .json()
        .data.find((r: { wardNumber: number }) => r.wardNumber !== wardNo);
      expect(otherWard).toBeTruthy();
    }
    const w2 = await t.database.db.select({ id: wards.id }).from(wards).where(eq(wards.number, 2));
    const none = (await get(staff.ward1, 'receipts', { wardId: w2[0].id })).json();
    expect(none.meta.count).toBe(0);
  });

  it('refuses a period that ends before it starts, or an impossible date', async () => {
    expect((await get(staff.admin, 'receipts', { from: today, to: '2025-07-17' })).statusCode).toBe(
      400,
    );
    expect((await get(staff.admin, 'receipts', { from: '2025-02-30' })).statusCode).toBe(400);
    expect((await get(staff.admin, 'collection', { to: '1900-01-01' })).statusCode).toBe(400);
  });

  it('exports the register as CSV in Nepali and as XLSX in English, in batches', async () => {
    setExportBatchSize(2);
    const total = (await sqlSum(['completed', 'refund_due', 'refunded'])).n;
    const csv = await get(staff.admin, 'receipts/export', { format: 'csv', lang: 'ne' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-count']).toBe(String(total));
    const rows = parse(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0][0]).toBe(translate('ne', 'payments.receiptNo'));
    expect(rows[0]).toContain(translate('ne', 'reports.payer'));
    expect(rows).toHaveLength(total + 1);
    const sum = rows.slice(1).reduce((s, r) => s + Math.round(Number(r[r.length - 1]) * 100), 0);
    expect(sum).toBe((await sqlSum(['completed', 'refund_due', 'refunded'])).total);

    const refunds = await get(staff.admin, 'refunds/export', { format: 'xlsx', lang: 'en-US' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(refunds.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cells: unknown[][] = [];
    sheet.eachRow((r) => cells.push((r.values as unknown[]).slice(1)));
    expect(cells[0]).toContain('Refund reference');
    expect(cells).toHaveLength(3);
    // a formula-like cell is written as text, never as a formula
    expect(JSON.stringify(cells)).toContain("'=HYPERLINK");
    setExportBatchSize(1000);
  });
});

describe('collection', () => {
  it('totals by ward, channel, business type and month equal the SQL sum of credited money', async () => {
    const credited = await sqlSum(['completed']);
    for (const by of ['ward', 'channel', 'businessType', 'month']) {
      const res = await get(staff.admin, 'collection', { by });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.meta, by).toEqual({ count: credited.n, total: credited.total });
      const rowsSum = body.data.reduce((s: number, r: { total: number }) => s + r.total, 0);
      expect(rowsSum).toBe(credited.total);
    }
    const byChannel = (await get(staff.admin, 'collection', { by: 'channel' })).json().data;
    expect(byChannel.map((r: { key: string }) => r.key).sort()).toEqual(['bank', 'counter']);
    expect(byChannel.find((r: { key: string }) => r.key === 'bank').nameNe).toBe(
      translate('ne', 'payments.channel.bank'),
    );
    const byMonth = (await get(staff.admin, 'collection', { by: 'month' })).json().data;
    const bs = adToBs(today);
    expect(byMonth.at(-1)).toMatchObject({
      key: `${bs.year}-${String(bs.month).padStart(2, '0')}`,
      nameEn: `${bsMonthName(bs.month, 'en-US')} ${bs.year}`,
    });
  });

  it('a ward admin sees their ward only', async () => {
    const res = (await get(staff.ward1, 'collection', { by: 'ward' })).json();
    expect(res.data.map((r: { key: string }) => r.key)).toEqual(['1']);
    expect(res.meta.total).toBe((await sqlSum(['completed'], 1)).total);
  });

  it('exports with a total row, CSV and XLSX', async () => {
    const csv = await get(staff.admin, 'collection/export', { by: 'ward', lang: 'en-US' });
    const rows = parse(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual(['Ward', 'Receipts', translate('en-US', 'export.totalRupees')]);
    expect(rows.at(-1)![0]).toBe('Total');
    expect(Math.round(Number(rows.at(-1)![2]) * 100)).toBe((await sqlSum(['completed'])).total);
    const x = await get(staff.admin, 'collection/export', {
      by: 'month',
      format: 'xlsx',
      lang: 'ne',
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const first = book.worksheets[0].getRow(1).values as unknown[];
    expect(first[1]).toBe(translate('ne', 'reports.by.month'));
  });
});

describe('applications by status and age', () => {
  it('counts each status in its age bucket', async () => {
    const a = await newApplicant(t.app, 'Aged');
    const ids = [
      await submit(t.app, a.token, 1, { businessName: 'Aged Ten' }),
      await submit(t.app, a.token, 1, { businessName: 'Aged Forty' }),
      await submit(t.app, a.token, 1, { businessName: 'Aged Hundred' }),
    ];
    const before = (await get(staff.admin, 'applications-age')).json();
    const pendingBefore = before.data.find((r: { status: string }) => r.status === 'pending');
    for (const [id, days] of [
      [ids[0], 10],
      [ids[1], 40],
      [ids[2], 100],
    ] as const) {
      await t.database.db
        .update(applications)
        .set({ submissionDate: daysAgo(days) })
        .where(eq(applications.id, id));
    }
    const body = (await get(staff.admin, 'applications-age', { from: '2020-01-01' })).json();
    const pending = body.data.find((r: { status: string }) => r.status === 'pending');
    expect(pending.d8_30).toBe(1);
    expect(pending.d31_90).toBe(1);
    expect(pending.d90plus).toBe(1);
    expect(pending.d0_7).toBe(pendingBefore.total - 3);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(applications)
      .where(
        sql`${applications.deletedOn} is null and ${applications.submissionDate} between '2020-01-01' and ${today}`,
      );
    expect(body.meta.total).toBe(n);
    for (const r of body.data) expect(r.d0_7 + r.d8_30 + r.d31_90 + r.d90plus).toBe(r.total);
    expect(body.data.map((r: { status: string }) => r.status)).toEqual(
      ['pending', 'paid'].filter((s) => body.data.some((r: { status: string }) => r.status === s)),
    );
    // ward 2's admin sees only ward 2's (one paid application)
    const w2 = (await get(ward2, 'applications-age', { from: '2020-01-01' })).json();
    expect(w2.meta.total).toBe(1);
    const csv = await get(staff.admin, 'applications-age/export', {
      from: '2020-01-01',
      lang: 'ne',
    });
    const rows = parse(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      translate('ne', 'reports.status'),
      ...['d0_7', 'd8_30', 'd31_90', 'd90plus', 'total'].map((k) =>
        translate('ne', `reports.age.${k}`),
      ),
    ]);
    expect(rows[1][0]).toBe(translate('ne', 'status.pending'));
    expect(rows.at(-1)).toEqual([
      translate('ne', 'reports.total'),
      ...[
        body.meta.d0_7,
        body.meta.d8_30,
        body.meta.d31_90,
        body.meta.d90plus,
        body.meta.total,
      ].map(String),
    ]);
  });
});
