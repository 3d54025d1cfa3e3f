/**
 * Acceptance of issue 6 in the browser, against the gateway simulators the e2e server starts
 * (PORT+1901 eSewa, PORT+1902 Khalti): an applicant pays a verified application through
 * eSewa (the signed form post, the simulator's page, the return page) and downloads the
 * receipt PDF, whose text shows the total and the receipt number; a Khalti payment; a
 * cancelled eSewa payment leaves the application verified; ward 1's admin finds the payment
 * in the payments list with a channel filter and in the reconciliation. Screenshots of the
 * payment choice, the receipt and the payments list in English and Nepali, on a phone and a
 * desktop, and the receipt PDF as a picture (the reconciliation's: e2e/refunds.spec.ts).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { formatPaisa } from '../src/shared/format.js';
import { apiCreateApplication, apiLogin, apiPayEsewa, apiRegister, apiVerify } from './api';
import {
  API,
  escapeRegExp,
  login,
  logout,
  MESSAGES,
  unique,
  screenPage,
  SCREENS,
  shoot,
  SCREENSHOTS,
  pdfText,
} from './support';
import { listOf } from './lists';
import { E2E_SERVER_PORT } from './port';

const en = MESSAGES['en-US'];
const PORT = E2E_SERVER_PORT;
const ESEWA_SIM = `http://127.0.0.1:${PORT + 1901}`;
const KHALTI_SIM = `http://127.0.0.1:${PORT + 1902}`;

interface Applicant {
  username: string;
  token: string;
  user: unknown;
}

interface Payment {
  id: number;
  payStatus: string;
  channel: string;
  receiptNo: string | null;
  total: number;
}

async function detailOf(token: string, id: number) {
  const res = await fetch(`${API}/applications/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      data: { appStatus: string; bill: { total: number }; payments: Payment[] };
    }
  ).data;
}

/** A new applicant with one application, verified by ward 1's admin. */
async function verifiedApplication(businessName: string, ownerName = 'Sita Tamang') {
  const { stamp, mobile } = unique('98');
  const session = await apiRegister({
    name: ownerName,
    username: `payer_${stamp}`,
    phone: mobile,
  });
  const app = await apiCreateApplication(session.token, businessName, ownerName, mobile);
  await apiVerify(app.id);
  const applicant: Applicant = {
    username: session.user.username,
    token: session.token,
    user: session.user,
  };
  return { applicant, id: app.id, stamp };
}

/** On the detail page of a verified application: choose the channel, press Pay. */
async function startPayment(page: Page, channel: 'esewa' | 'khalti') {
  const choice = page.getByRole('region', { name: en.payOnline.title });
  await expect(choice).toBeVisible();
  await choice.getByRole('radio', { name: en.payOnline.channel[channel] }).check();
  const label = en.payOnline.payWith.replace('{{channel}}', en.payOnline.channel[channel]);
  await choice.getByRole('button', { name: label }).click();
}

test.describe.configure({ mode: 'serial' });

let paid: { id: number; businessName: string; receiptNo: string; total: number; stamp: number };

test('an applicant pays a verified application through eSewa and downloads the receipt', async ({
  page,
}) => {
  const businessName = `Everest Momo Centre ${Date.now()}`;
  const { applicant, id, stamp } = await verifiedApplication(businessName);
  const { bill } = await detailOf(applicant.token, id);

  await login(page, applicant.username);
  await page.goto(`/business/applications/${id}/detail`);
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  const choice = page.getByRole('region', { name: en.payOnline.title });
  await expect(choice.getByTestId('amount-due')).toHaveText(formatPaisa(bill.total, 'en-US'));
  // staff's manual payment is not offered to the applicant
  await expect(page.getByRole('button', { name: en.actions.manualPayment })).toHaveCount(0);

  await startPayment(page, 'esewa');
  // the simulator's page: the signed form was accepted
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(ESEWA_SIM)}/`));
  await expect(page.getByRole('heading', { name: 'eSewa (simulator)' })).toBeVisible();
  await expect(page.getByTestId('amount')).toHaveText(
    `Rs ${String(bill.total / 100).replace(/\.0+$/, '')}`,
  );
  await page.getByRole('button', { name: 'Pay' }).click();

  // back in the app: the server verified the answer and asked the status API
  await expect(page).toHaveURL(/\/payment\/esewa\/return\?application=\d+&data=/);
  await expect(page.getByText(en.payReturn.completed.title)).toBeVisible();
  const d = await detailOf(applicant.token, id);
  expect(d.appStatus).toBe('paid');
  const done = d.payments.filter((p) => p.payStatus === 'completed');
  expect(done).toHaveLength(1);
  const receiptNo = done[0].receiptNo!;
  expect(receiptNo).toMatch(/^ES-/);

  // the receipt page, then its PDF
  await page.getByRole('link', { name: en.receipt.view }).click();
  await expect(page).toHaveURL(new RegExp(`/payments/${done[0].id}/receipt$`));
  await expect(page.getByText(receiptNo, { exact: true })).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText(formatPaisa(bill.total, 'en-US'));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: en.receipt.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`receipt-${receiptNo.replace(/[^\w-]/g, '-')}.pdf`);
  const file = (await download.path())!;
  const text = await pdfText(file);
  expect(text).toContain(receiptNo);
  expect(text).toContain(formatPaisa(bill.total, 'en-US'));
  // a long name wraps onto two lines of the A5 page
  expect(text.replace(/\s+/g, ' ')).toContain(businessName);

  // the receipt as a picture for the docs
  await mkdir(SCREENSHOTS, { recursive: true });
  const pdfCopy = test.info().outputPath('receipt.pdf');
  await copyFile(file, pdfCopy);
  await promisify(execFile)('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-singlefile',
    pdfCopy,
    path.join(SCREENSHOTS, 'receipt-pdf'),
  ]);

  // the detail page: paid, with a Receipt download in the payments table
  await page.goto(`/business/applications/${id}/detail`);
  await expect(page.getByText(en.status.paid, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: en.payOnline.title })).toHaveCount(0);
  const again = page.waitForEvent('download');
  await page
    .getByRole('button', { name: en.receipt.downloadOf.replace('{{no}}', receiptNo) })
    .click();
  expect((await again).suggestedFilename()).toBe(
    `receipt-${receiptNo.replace(/[^\w-]/g, '-')}.pdf`,
  );
  await logout(page);
  paid = { id, businessName, receiptNo, total: bill.total, stamp };
});

test('an applicant pays through Khalti', async ({ page }) => {
  const businessName = `Khalti Kitchen ${Date.now()}`;
  const { applicant, id } = await verifiedApplication(businessName);
  await login(page, applicant.username);
  await page.goto(`/business/applications/${id}/detail`);
  await startPayment(page, 'khalti');
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(KHALTI_SIM)}/sim/khalti/pay`));
  await expect(page.getByRole('heading', { name: 'Khalti (simulator)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/payment\/khalti\/return\?application=\d+&pidx=/);
  await expect(page.getByText(en.payReturn.completed.title)).toBeVisible();
  const d = await detailOf(applicant.token, id);
  expect(d.appStatus).toBe('paid');
  expect(d.payments.filter((p) => p.payStatus === 'completed').map((p) => p.channel)).toEqual([
    'khalti',
  ]);
  await page.getByRole('link', { name: en.payReturn.toApplication }).click();
  await expect(page.getByText(en.status.paid, { exact: true }).first()).toBeVisible();
  await logout(page);
});

test('a cancelled eSewa payment leaves the application verified, and a new try works', async ({
  page,
}) => {
  const businessName = `Cancelled Cafe ${Date.now()}`;
  const { applicant, id } = await verifiedApplication(businessName);
  await login(page, applicant.username);
  await page.goto(`/business/applications/${id}/detail`);
  await startPayment(page, 'esewa');
  await expect(page.getByRole('heading', { name: 'eSewa (simulator)' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/payment\/esewa\/return\?application=\d+&failed=1$/);
  await expect(page.getByText(en.payReturn.cancelled.title)).toBeVisible();
  expect((await detailOf(applicant.token, id)).appStatus).toBe('verified');

  await page.getByRole('link', { name: en.payReturn.toApplication }).click();
  await expect(page.getByText(en.status.verified, { exact: true }).first()).toBeVisible();
  // a fresh attempt (new key, new transaction) reaches the simulator again
  await startPayment(page, 'esewa');
  await expect(page.getByRole('heading', { name: 'eSewa (simulator)' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  expect((await detailOf(applicant.token, id)).appStatus).toBe('verified');
  await logout(page);
});

test('ward 1’s admin finds the payment in the payments list and the reconciliation', async ({
  page,
}) => {
  test.skip(!paid, 'needs the eSewa payment above');
  await login(page, 'ward1');
  await page
    .getByRole('navigation', { name: en.nav.main })
    .getByRole('link', { name: en.payments.nav })
    .click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByRole('heading', { name: en.payments.title })).toBeVisible();
  const table = page.getByRole('table', { name: en.payments.title });

  const filtered = page.waitForResponse((r) => {
    const u = new URL(r.url());
    return (
      u.pathname === '/api/payments' && (u.searchParams.get('filters') ?? '').includes('esewa')
    );
  });
  await page.getByLabel(en.payments.channelLabel).selectOption('esewa');
  expect((await filtered).ok()).toBe(true);
  await page.getByLabel(en.payments.search).fill(paid.businessName);
  const row = table.locator('tbody tr').filter({ hasText: paid.businessName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(en.payments.channel.esewa);
  await expect(row).toContainText(en.payments.payStatus.completed);
  await expect(row).toContainText(formatPaisa(paid.total, 'en-US'));
  await expect(row.getByRole('link', { name: paid.receiptNo })).toBeVisible();
  // Khalti only: the eSewa payment is not listed
  await page.getByLabel(en.payments.channelLabel).selectOption('khalti');
  await expect(table.locator('tbody tr').filter({ hasText: paid.businessName })).toHaveCount(0);

  await page.getByRole('link', { name: en.reconciliation.title }).click();
  await expect(page).toHaveURL(/\/payments\/reconciliation$/);
  const rec = page.getByRole('table', { name: en.reconciliation.title });
  await expect(
    rec.getByRole('row').filter({ hasText: en.payments.channel.esewa }).first(),
  ).toBeVisible();
  // the reconciliation exports as CSV like every list (issue 7 §4), headers in the language
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: en.export.button }).click();
  await page.getByRole('menuitem', { name: en.export.csv }).click();
  const csvText = await readFile((await (await csv).path())!, 'utf8');
  expect(csvText.split('\n')[0]).toContain(en.payments.channelLabel);
  expect(csvText.toLowerCase()).toContain('esewa');
  await logout(page);
});

// ------------------------------------------------------------------------------ screenshots

test('payment screenshots', async ({ browser }) => {
  // a verified application to pay, and one paid through eSewa for the receipt and the list
  const { applicant, id } = await verifiedApplication('Himalayan Tea House');
  const other = await verifiedApplication('Annapurna Bakery', 'Gita Shrestha');
  const paymentId = await apiPayEsewa(other.applicant.token, other.id, ESEWA_SIM);
  const ward = await apiLogin('ward1');
  const staff: Applicant = { username: 'ward1', token: ward.token, user: ward.user };
  for (const { device, lang, suffix } of SCREENS) {
    const m = MESSAGES[lang];

    const page = await screenPage(browser, device, lang, applicant);
    await page.goto(`/business/applications/${id}/detail`);
    const choice = page.getByRole('region', { name: m.payOnline.title });
    await expect(choice.getByRole('radio', { name: m.payOnline.channel.khalti })).toBeVisible();
    await shoot(page, `payment-choice-${suffix}`);
    await page.context().close();

    const staffPage = await screenPage(browser, device, lang, staff);
    await staffPage.goto(`/payments/${paymentId}/receipt`);
    await expect(staffPage.getByText(m.receipt.heading)).toBeVisible();
    await expect(staffPage.getByText('Annapurna Bakery')).toBeVisible();
    await shoot(staffPage, `receipt-${suffix}`);
    await staffPage.goto('/payments');
    const table = listOf(staffPage, m.payments.title);
    await expect(table.getByRole('link', { name: 'Annapurna Bakery' })).toBeVisible();
    await shoot(staffPage, `payments-list-${suffix}`);
    // the reconciliation's pictures are taken by e2e/refunds.spec.ts, with refunds in them
    await staffPage.context().close();
  }
});
