/**
 * The closure letter (issue 19 §2) through the API, printed by a real Chromium and read back:
 * refused (409) until a closure is approved, then one A4 page naming the registration, the
 * closing date in BS, the reason and the arrears and fees paid; the closure request's own id
 * gives the same letter.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { formatAdAsBs, formatPaisa } from '../../../shared/format.js';
import { auth, buildTestApp, type TestContext } from '../../../../test/server/helper.js';
import {
  act,
  newApplicant,
  nextReceipt,
  staffTokens,
  submit,
} from '../../../../test/server/fixtures.js';
import { pdfText, squash } from '../../../../test/server/pdf-text.js';
import { PdfRenderer } from './index.js';

const renderer = new PdfRenderer({ executablePath: process.env.CHROMIUM_PATH });
let t: TestContext;
let staff: { ward1: string; admin: string };

beforeAll(async () => {
  t = await buildTestApp({ pdf: renderer });
  staff = await staffTokens(t.app);
});
afterAll(async () => {
  await t.close();
  await renderer.close();
});

const pay = { receiptNo: '', paidDate: todayAd(), channel: 'counter' };

/** Verify, pay at the counter and approve application `id`; the receipt number paid with. */
async function through(id: number) {
  expect((await act(t.app, staff.ward1, id, 'verify')).statusCode).toBe(200);
  const receiptNo = nextReceipt();
  const paid = await act(t.app, staff.ward1, id, 'payments', { ...pay, receiptNo });
  expect(paid.statusCode, paid.body).toBe(200);
  const done = await act(t.app, staff.admin, id, 'approve');
  expect(done.statusCode, done.body).toBe(200);
  return receiptNo;
}

describe('closure letter', () => {
  it('409 until the closure is approved, then the letter with date, reason and amount', async () => {
    const a = await newApplicant(t.app);
    const id = await submit(t.app, a.token, 1);
    await through(id);
    const letter = (app: number, token = a.token) =>
      t.app.inject({
        method: 'GET',
        url: `/api/applications/${app}/closure-letter.pdf`,
        headers: auth(token),
      });
    let res = await letter(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This registration is not closed.');

    res = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/closure`,
      headers: auth(a.token),
      payload: { reason: 'Shop sold to a relative' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const closure = res.json().data as { id: number; submissionNo: string };
    const receiptNo = await through(closure.id);
    const result = await t.database.db.execute(
      sql`select total from payments where application_id = ${closure.id} and pay_status = 'completed'`,
    );
    const [paid] = (result as unknown as { rows: { total: string }[] }).rows;

    res = await letter(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBe(1);
    const s = squash(text);
    expect(s).toContain('BusinessRegistrationClosureLetter');
    expect(s).toContain(squash(closure.submissionNo));
    expect(s).toContain('Shopsoldtoarelative');
    expect(s).toContain(squash(formatAdAsBs(todayAd(), 'en-US')));
    expect(s).toContain(squash(formatPaisa(Number(paid.total), 'en-US')));
    expect(s).toContain(receiptNo);
    // the closure request's page offers the same letter; another applicant sees neither
    expect((await letter(closure.id)).statusCode).toBe(200);
    const other = await newApplicant(t.app);
    expect((await letter(id, other.token)).statusCode).toBe(404);
  });
});
