/**
 * List exports through app.inject() (issue 7 §4): CSV and XLSX of the applications list with
 * the filters and scope of the list, headers and values in the language asked, formula cells
 * neutralised, and X-Total-Count for progress.
 */
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../db/schema.js';
import { auth, buildTestApp, type TestContext } from '../../../test/server/helper.js';
import { newApplicant, staffTokens, submit } from '../../../test/server/fixtures.js';

let t: TestContext;
let staff: { ward1: string; admin: string };
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffTokens(t.app);
});
afterAll(() => t.close());

const exportUrl = (q: Record<string, string>) =>
  `/api/applications/export?${new URLSearchParams(q)}`;

describe('applications export', () => {
  it('CSV: filters, scope, Nepali headers and formula-safe cells', async () => {
    const a = await newApplicant(t.app, 'Exporter');
    const id = await submit(t.app, a.token, 1);
    await t.database.db
      .update(applications)
      .set({ businessName: '=HYPERLINK("http://x","click")' })
      .where(eq(applications.id, id));
    const other = await newApplicant(t.app, 'Other');
    await submit(t.app, other.token, 2);
    const res = await t.app.inject({
      method: 'GET',
      url: exportUrl({ format: 'csv', lang: 'ne' }),
      headers: auth(a.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['x-total-count']).toBe('1');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('निवेदन');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"",""click"")"`);
    expect(lines[1]).toContain('विचाराधीन');
    // staff with a filter
    const ward1 = await t.app.inject({
      method: 'GET',
      url: exportUrl({ format: 'csv', filters: JSON.stringify({ status: 'pending' }) }),
      headers: auth(staff.ward1),
    });
    const rows = ward1.body.trim().split('\n').slice(1);
    expect(rows.length).toBe(Number(ward1.headers['x-total-count']));
    expect(rows.every((r) => r.includes(',Pending,'))).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: exportUrl({ format: 'csv', filters: JSON.stringify({ nope: 1 }) }),
      headers: auth(staff.ward1),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('XLSX opens in a spreadsheet library with the same rows', async () => {
    const a = await newApplicant(t.app, 'Sheet');
    await submit(t.app, a.token, 1);
    await submit(t.app, a.token, 1);
    const res = await t.app.inject({
      method: 'GET',
      url: exportUrl({ format: 'xlsx', lang: 'en-US' }),
      headers: auth(a.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('Submission no.');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(3).value).toBe('Himalayan Tea House');
    expect(sheet.getRow(2).getCell(10).value).toBe(300000);
  });
});
