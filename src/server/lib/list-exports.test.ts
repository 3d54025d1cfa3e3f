/**
 * Every list export through app.inject() (issue 7 §4): the generic setup-data lists, the
 * renewal list, payments, the reconciliation and the outbox. For each: the list's filters
 * and scope apply (a ward admin gets only their ward; no permission is a 403), headers come
 * in English and Nepali, a cell starting with = + - @ comes back neutralised in CSV and in
 * XLSX, and a list longer than one batch streams completely with the right X-Total-Count.
 * The batch size is set to 2 for this file, so "longer than a batch" needs only a few rows.
 */
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../shared/bs-date.js';
import { translate } from '../../shared/i18n/index.js';
import { applications, businessTypes, outbox, payments, states } from '../db/schema.js';
import { auth, buildTestApp, type TestContext } from '../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../test/server/fixtures.js';
import { safeCell } from './csv.js';
import { listBatches, setExportBatchSize } from './export.js';
import { APPLICATION_LIST } from '../modules/registrations/index.js';

const BATCH = 2;
setExportBatchSize(BATCH);

let t: TestContext;
let staff: { ward1: string; admin: string };
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
});
afterAll(() => t.close());

const en = (key: string) => translate('en-US', key);
const ne = (key: string) => translate('ne', key);

/** RFC 4180 CSV (quotes doubled, newlines inside quotes) into rows of cells; BOM dropped. */
function parseCsv(text: string): string[][] {
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
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** GET an export; answers the response and, for 200, the rows (header first). */
async function get(url: string, token: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });
  let rows: (string | number | null)[][] = [];
  if (res.statusCode === 200) {
    if (res.headers['content-type']?.toString().includes('spreadsheetml')) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      rows = [];
      sheet.eachRow((r) => {
        rows.push(
          (r.values as unknown[])
            .slice(1)
            .map((v) => (v === undefined ? null : (v as string | number | null))),
        );
      });
    } else rows = parseCsv(res.body);
  }
  return { res, rows, header: rows[0] ?? [], body: rows.slice(1) };
}

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [
      k,
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  ).toString();

/** An approved registration of a new applicant in ward `wardNo`, as the app makes one. */
async function approved(wardNo: number, name: string) {
  const a = await newApplicant(t.app, name);
  const id = await submit(t.app, a.token, wardNo, { businessName: name });
  const verifier = wardNo === 1 ? staff.ward1 : staff.admin;
  expect((await act(t.app, verifier, id, 'verify')).statusCode).toBe(200);
  const paid = await act(t.app, verifier, id, 'payments', {
    receiptNo: nextReceipt(),
    paidDate: todayAd(),
    channel: 'counter',
  });
  expect(paid.statusCode, paid.body).toBe(200);
  expect((await act(t.app, staff.admin, id, 'approve')).statusCode).toBe(200);
  return { a, id };
}

describe('listBatches', () => {
  it('keyset batches for every sort (no OFFSET), present applied; an unknown sort is a 400 at once', async () => {
    for (const sortBy of ['id', 'businessName']) {
      const seeks: boolean[] = [];
      const pages = [
        [
          { id: 5, _sortValue: sortBy === 'id' ? 5 : 'e' },
          { id: 4, _sortValue: sortBy === 'id' ? 4 : 'd' },
        ],
        [
          { id: 3, _sortValue: sortBy === 'id' ? 3 : 'c' },
          { id: 2, _sortValue: sortBy === 'id' ? 2 : 'b' },
        ],
        [{ id: 1, _sortValue: sortBy === 'id' ? 1 : 'a' }],
      ];
      const out: number[] = [];
      for await (const b of listBatches(
        APPLICATION_LIST,
        { sortBy, descending: true },
        async (seek, _o, limit, select) => {
          expect(limit).toBe(2);
          expect(Object.keys(select)).toEqual(['_sortValue']);
          seeks.push(seek !== undefined);
          return pages[seeks.length - 1] ?? [];
        },
        (rows) =>
          rows.map((r) => {
            // the cursor's field is taken off before the rows are presented
            expect(r).not.toHaveProperty('_sortValue');
            return r.id;
          }),
        2,
      ))
        out.push(...b);
      expect(out).toEqual([5, 4, 3, 2, 1]);
      // the first batch has no seek; later ones seek past the last row; a short batch ends it
      expect(seeks).toEqual([false, true, true]);
    }
    expect(() =>
      listBatches(APPLICATION_LIST, { sortBy: 'nope', descending: true }, async () => []),
    ).toThrow();
  });
});

describe('generic setup-data export (GET /api/{r}/export)', () => {
  it('every row of a list longer than one batch, in the list order, headers in en and ne', async () => {
    const total = await t.database.db.$count(states);
    expect(total).toBeGreaterThan(BATCH);
    const csv = await get(
      `/api/states/export?${q({ format: 'csv', sortBy: 'nameEn', descending: false, lang: 'en-US' })}`,
      staff.admin,
    );
    expect(csv.res.statusCode, csv.res.body).toBe(200);
    expect(csv.res.headers['x-total-count']).toBe(String(total));
    expect(csv.res.headers['content-disposition']).toMatch(/attachment; filename="states-.*\.csv"/);
    expect(csv.header).toEqual([
      en('fields.name'),
      en('fields.headquarter'),
      en('resource.status'),
    ]);
    expect(csv.body).toHaveLength(total);
    const ordered = await t.database.db
      .select({ name: states.nameEn })
      .from(states)
      .where(isNull(states.deletedOn))
      .orderBy(asc(states.nameEn), asc(states.id));
    expect(csv.body.map((r) => r[0])).toEqual(ordered.map((r) => r.name));

    // Nepali: headers and names in Nepali, keyset order by id (the default sort)
    const nep = await get(`/api/states/export?${q({ format: 'xlsx', lang: 'ne' })}`, staff.admin);
    expect(nep.res.statusCode).toBe(200);
    expect(nep.header).toEqual([
      ne('fields.name'),
      ne('fields.headquarter'),
      ne('resource.status'),
    ]);
    expect(nep.body).toHaveLength(total);
    expect(nep.body.every((r) => /[\u0900-\u097F]/.test(String(r[0])))).toBe(true);
    expect(new Set(nep.body.map((r) => r[0])).size).toBe(total);
    expect(nep.body[0][2]).toBe(ne('resource.active'));

    // the request language is the default
    const byHeader = await get(`/api/states/export?format=csv`, staff.admin, {
      'accept-language': 'ne',
    });
    expect(byHeader.header[0]).toBe(ne('fields.name'));
  });

  it('filters and search apply; formula cells are neutralised in CSV and XLSX', async () => {
    const [bt] = await t.database.db
      .insert(businessTypes)
      .values([
        { nameEn: '=HYPERLINK("x")', nameNe: '=HYPERLINK("x")', slug: 'exp-eq' },
        { nameEn: '+Plus trade', nameNe: '+प्लस', slug: 'exp-plus' },
        { nameEn: '-Minus trade', nameNe: '-माइनस', slug: 'exp-minus' },
        { nameEn: '@At trade', nameNe: '@एट', slug: 'exp-at' },
      ])
      .returning();
    expect(bt.id).toBeGreaterThan(0);
    const filters = { q: 'exp-' };
    const csv = await get(
      `/api/business-types/export?${q({ format: 'csv', filters, sortBy: 'slug', descending: false })}`,
      staff.admin,
    );
    expect(csv.res.statusCode, csv.res.body).toBe(200);
    expect(csv.res.headers['x-total-count']).toBe('4');
    expect(csv.body.map((r) => r[0])).toEqual([
      "'@At trade",
      '\'=HYPERLINK("x")',
      "'-Minus trade",
      "'+Plus trade",
    ]);
    const xlsx = await get(
      `/api/business-types/export?${q({ format: 'xlsx', filters, sortBy: 'slug', descending: false, lang: 'ne' })}`,
      staff.admin,
    );
    expect(xlsx.body.map((r) => r[0])).toEqual(["'@एट", '\'=HYPERLINK("x")', "'-माइनस", "'+प्लस"]);
    // status filter: none of them is inactive
    const none = await get(
      `/api/business-types/export?${q({ filters: { q: 'exp-', status: 0 } })}`,
      staff.admin,
    );
    expect(none.res.headers['x-total-count']).toBe('0');
    expect(none.body).toHaveLength(0);
    // a bad filter or sort is a 400 before the file starts
    for (const bad of [{ filters: { nope: 1 } }, { sortBy: 'passwordHash' }]) {
      const r = await get(`/api/business-types/export?${q(bad)}`, staff.admin);
      expect(r.res.statusCode).toBe(400);
    }
  });

  it('needs the list permission: applicants 403 on setup data, ward admins 403 on users', async () => {
    const a = await newApplicant(t.app, 'Nosy', { withDocuments: false });
    expect((await get('/api/business-types/export', a.token)).res.statusCode).toBe(403);
    expect((await get('/api/users/export', staff.ward1)).res.statusCode).toBe(403);
    const users = await get(`/api/users/export?${q({ format: 'csv' })}`, staff.admin);
    expect(users.res.statusCode).toBe(200);
    // never a password hash: the columns are the list's
    expect(users.header).toEqual([
      en('fields.fullName'),
      en('fields.username'),
      en('fields.phone'),
      en('fields.email'),
      en('fields.userType'),
      en('fields.wardId'),
      en('resource.status'),
    ]);
    expect(users.res.body).not.toMatch(/\$argon2|\$2[aby]\$/);
  });
});

describe('renewal, payments, reconciliation and outbox exports', () => {
  let w1: { id: number }[];
  let w2: { id: number };
  beforeAll(async () => {
    w1 = [
      await approved(1, 'Renew One'),
      await approved(1, 'Renew Two'),
      await approved(1, 'Renew Three'),
    ];
    w2 = await approved(2, 'Renew Ward2');
    // all four expired last month; one name starts with '-', one payment's business with '@'
    const past = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db
      .update(applications)
      .set({ expiryDate: past })
      .where(
        inArray(
          applications.id,
          [...w1, w2].map((x) => x.id),
        ),
      );
    await t.database.db
      .update(applications)
      .set({ businessName: '-2+3 Traders' })
      .where(eq(applications.id, w1[0].id));
    await t.database.db
      .update(applications)
      .set({ businessName: '@SUM(A1) Stores' })
      .where(eq(applications.id, w1[1].id));
  });

  it('renewal list: ward scope, filter, formula cells, several batches', async () => {
    const ward1 = await get(
      `/api/applications/renewals/export?${q({ format: 'csv', filters: { state: 'expired' }, lang: 'en-US' })}`,
      staff.ward1,
    );
    expect(ward1.res.statusCode, ward1.res.body).toBe(200);
    const total = Number(ward1.res.headers['x-total-count']);
    expect(total).toBeGreaterThan(BATCH);
    expect(ward1.body).toHaveLength(total);
    expect(ward1.header[0]).toBe(en('applications.registrationNo'));
    const names = ward1.body.map((r) => r[1]);
    expect(names).toContain("'-2+3 Traders");
    expect(names).not.toContain('Renew Ward2');
    // ward 1 only: every ward cell is 1
    expect(ward1.body.every((r) => r[4] === '1')).toBe(true);
    const admin = await get(
      `/api/applications/renewals/export?${q({ format: 'xlsx', lang: 'ne', filters: { wardId: '' } })}`,
      staff.admin,
    );
    expect(admin.header[0]).toBe(ne('applications.registrationNo'));
    expect(admin.body.map((r) => r[1])).toContain('Renew Ward2');
    expect(admin.body.map((r) => r[1])).toContain("'@SUM(A1) Stores");
    expect(admin.body).toHaveLength(Number(admin.res.headers['x-total-count']));
    const expiring = await get(
      `/api/applications/renewals/export?${q({ filters: { state: 'expiring' } })}`,
      staff.ward1,
    );
    expect(expiring.body.map((r) => r[1])).not.toContain("'-2+3 Traders");
  });

  it('payments list: ward scope, filters, formula cells, XLSX, several batches', async () => {
    const ward1 = await get(
      `/api/payments/export?${q({ format: 'csv', filters: { channel: 'counter' } })}`,
      staff.ward1,
    );
    expect(ward1.res.statusCode, ward1.res.body).toBe(200);
    const total = Number(ward1.res.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(ward1.body).toHaveLength(total);
    expect(ward1.header).toContain(en('payments.receiptNo'));
    const business = ward1.header.indexOf(en('payments.business'));
    expect(ward1.body.map((r) => r[business])).toContain("'@SUM(A1) Stores");
    expect(ward1.body.map((r) => r[business])).not.toContain('Renew Ward2');
    expect(ward1.body.every((r) => r[ward1.header.indexOf(en('payments.ward'))] === '1')).toBe(
      true,
    );
    const none = await get(
      `/api/payments/export?${q({ filters: { channel: 'esewa' } })}`,
      staff.ward1,
    );
    expect(none.body).toHaveLength(0);
    // sorted by amount (offset pages) still gives every row once
    const xlsx = await get(
      `/api/payments/export?${q({ format: 'xlsx', lang: 'ne', sortBy: 'total', descending: false })}`,
      staff.admin,
    );
    expect(xlsx.header).toContain(ne('payments.business'));
    const bi = xlsx.header.indexOf(ne('payments.business'));
    expect(xlsx.body.map((r) => r[bi])).toContain("'-2+3 Traders");
    expect(xlsx.body.map((r) => r[bi])).toContain('Renew Ward2');
    expect(xlsx.body).toHaveLength(Number(xlsx.res.headers['x-total-count']));
    const ids = await t.database.db.select({ id: payments.id }).from(payments);
    expect(xlsx.body.length).toBe(ids.length);
    // the channel is translated
    expect(xlsx.body[0]).toContain(ne('payments.channel.counter'));
    const a = await newApplicant(t.app, 'No payments', { withDocuments: false });
    expect((await get('/api/payments/export', a.token)).res.statusCode).toBe(403);
  });

  it('reconciliation: CSV and XLSX in both languages, ward scope', async () => {
    const day = todayAd();
    const url = (extra: Record<string, unknown>) =>
      `/api/payments/reconciliation/export?${q({ from: day, to: day, ...extra })}`;
    const csv = await get(url({ format: 'csv', lang: 'en-US' }), staff.ward1);
    expect(csv.res.statusCode, csv.res.body).toBe(200);
    expect(csv.header).toEqual([
      en('reconciliation.day'),
      en('payments.channelLabel'),
      en('reconciliation.count'),
      en('reconciliation.received'),
      en('reconciliation.credited'),
      en('reconciliation.refundDue'),
      en('reconciliation.refunded'),
    ]);
    // every payment here was credited: received = credited, nothing to refund (issue 15)
    const [row] = csv.body;
    expect(row.slice(0, 3)).toEqual([expect.any(String), en('payments.channel.counter'), '3']);
    expect(row[3]).toBe(row[4]);
    expect(row.slice(5)).toEqual(['0', '0']);
    const xlsx = await get(url({ format: 'xlsx', lang: 'ne' }), staff.admin);
    expect(xlsx.header[0]).toBe(ne('reconciliation.day'));
    expect(xlsx.body[0][1]).toBe(ne('payments.channel.counter'));
    expect(xlsx.body[0][2]).toBe(4);
    expect(xlsx.body[0][0]).toMatch(/^[०-९]{4}-[०-९]{2}-[०-९]{2}$/);
    expect(
      (await get(url({ from: '2025-02-02', to: '2025-01-01' }), staff.admin)).res.statusCode,
    ).toBe(400);
  });

  it('outbox: ward scope, filter, formula cells, several batches; applicants 403', async () => {
    const [first] = await t.database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.applicationId, w1[2].id))
      .limit(1);
    await t.database.db
      .update(outbox)
      .set({ body: '+1 555 call me' })
      .where(eq(outbox.id, first.id));
    const ward1 = await get(
      `/api/outbox/export?${q({ format: 'csv', channel: 'sms' })}`,
      staff.ward1,
    );
    expect(ward1.res.statusCode, ward1.res.body).toBe(200);
    const total = Number(ward1.res.headers['x-total-count']);
    expect(total).toBeGreaterThan(BATCH);
    expect(ward1.body).toHaveLength(total);
    const appCol = ward1.header.indexOf(en('notifications.application'));
    const bodyCol = ward1.header.indexOf(en('notifications.body'));
    const apps = new Set(ward1.body.map((r) => Number(r[appCol])));
    expect(apps.has(w2.id)).toBe(false);
    expect(apps.has(w1[0].id)).toBe(true);
    expect(ward1.body.map((r) => r[bodyCol])).toContain("'+1 555 call me");
    expect(
      ward1.body.every((r) => r[ward1.header.indexOf(en('notifications.channel'))] === 'SMS'),
    ).toBe(true);
    const admin = await get(`/api/outbox/export?${q({ format: 'xlsx', lang: 'ne' })}`, staff.admin);
    expect(admin.header[0]).toBe(ne('notifications.createdAt'));
    // OTP texts stay masked in the file as on the screen
    const otpRows = admin.body.filter((r) => r[6] === ne('notifications.kinds.otp'));
    expect(otpRows.length).toBeGreaterThan(0);
    expect(otpRows.every((r) => r[8] === '******')).toBe(true);
    expect(admin.body).toHaveLength(Number(admin.res.headers['x-total-count']));
    const a = await newApplicant(t.app, 'No outbox', { withDocuments: false });
    expect((await get('/api/outbox/export', a.token)).res.statusCode).toBe(403);
  });

  it('applications: the list sort applies and every batch arrives; the body is a stream', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/applications/export?${q({ format: 'csv', sortBy: 'businessName', descending: false })}`,
      headers: auth(staff.admin),
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    let text = '';
    for await (const c of res.stream() as Readable) text += String(c);
    const total = Number(res.headers['x-total-count']);
    expect(total).toBeGreaterThan(BATCH);
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(total);
    // the database's own order of the same list
    const ordered = await t.database.db
      .select({ name: applications.businessName })
      .from(applications)
      .where(isNull(applications.deletedOn))
      .orderBy(asc(applications.businessName), asc(applications.id));
    expect(rows.map((r) => r[2])).toEqual(ordered.map((r) => String(safeCell(r.name))));
  });
});
