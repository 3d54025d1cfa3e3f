/**
 * Acceptance test of issue 4's renewal, through the browser only: a new applicant is told to
 * upload photos first, uploads them on the profile, and submits an OLD paper registration
 * (its number, date and certificate scan); the system admin accepts it, so it is approved
 * with the expiry of its fiscal year, long past. The applicant finds it in the renewal list,
 * sees the renewal's fee estimate (business tax per fiscal year due plus the fine per month
 * late), attaches the two scans and submits; ward 1's admin verifies the renewal (the same
 * bill) and records the counter payment; the system admin approves. The registration then
 * runs to the end of the current fiscal year and is no longer due for renewal.
 */
import { expect, test, type Page } from '@playwright/test';
import { adToBs, bsToAd, formatBs, todayAd } from '../src/shared/bs-date.js';
import { renewalTiming } from '../src/shared/fees.js';
import { fiscalYearOf } from '../src/shared/fiscal-year.js';
import { formatNumber, formatPaisa } from '../src/shared/format.js';
import { TAX_BANDS } from '../src/server/db/seed.js';
import {
  attachFile,
  escapeRegExp,
  fillApplication,
  login,
  logout,
  MESSAGES,
  openFromList,
  openSingleRegistration,
  PHOTO,
  CITIZENSHIP,
  registerAccount,
  unique,
  uploadProfileDocumentsFirst,
} from './support';

const en = MESSAGES['en-US'];

/** Opens the renewal list from the navigation and searches it for `businessName`. */
async function searchRenewals(page: Page, businessName: string) {
  await page
    .getByRole('navigation', { name: en.nav.main })
    .getByRole('link', { name: en.nav.renewals })
    .click();
  await expect(page).toHaveURL(/\/renewRegistrationList$/);
  await expect(page.getByRole('heading', { name: en.renewal.listTitle })).toBeVisible();
  const searched = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/applications/renewals' &&
      (new URL(r.url()).searchParams.get('filters') ?? '').includes(businessName),
  );
  await page.getByLabel(en.applications.search).fill(businessName);
  expect((await searched).ok()).toBe(true);
  return page.getByRole('table', { name: en.renewal.listTitle });
}

/** The amount cell of the bill line labelled `label` inside `scope`. */
function billLine(scope: ReturnType<Page['locator']>, label: string) {
  return scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: label }) });
}

test('an old paper registration is accepted, renewed with its fine, verified, paid and approved', async ({
  page,
}) => {
  const { stamp, mobile } = unique('98');
  const user = { name: `Bishnu Karki ${stamp}`, username: `bishnu_${stamp}`, phone: mobile };
  const businessName = `Old Bazaar Sweets ${stamp}`;
  const oldNo = `OLD-${stamp}/2079-80`;
  const oldDateBs = '2079-05-10';
  const oldDateAd = bsToAd({ year: 2079, month: 5, day: 10 });
  // Accepted without an expiry date: valid to the end of the old date's fiscal year (2079/80).
  const expiryAd = fiscalYearOf(oldDateAd).endAd;
  const today = todayAd();
  const timing = renewalTiming(expiryAd, today);
  // Capital Rs 3,00,000 falls in the first demo band (src/server/db/seed.ts TAX_BANDS).
  const [, , , renewAmount, renewFine] = TAX_BANDS[0];
  const money = (paisa: number) => formatPaisa(paisa, 'en-US');
  const bs = (ad: string) => formatBs(adToBs(ad), 'en-US');

  // ---- a new applicant: 'Please upload photos first', then the profile's upload card
  await page.goto('/user/login');
  await registerAccount(page, user);
  await uploadProfileDocumentsFirst(page);

  // ---- the old (paper) registration: its number, date and the certificate scan
  await openSingleRegistration(page);
  await fillApplication(page, { businessName, ownerName: user.name, mobile }, 'en-US', {
    business: async () => {
      await page.getByRole('switch', { name: en.form.isOldRegistration }).check();
      await page.locator('form [name=oldRegistrationNo]').fill(oldNo);
      await page.locator('form [name=oldRegistrationDate]').fill(oldDateBs);
    },
    // the paper certificate's scan is asked on the documents step
    documents: () => attachFile(page, 'oldCertificate', CITIZENSHIP),
  });
  await page.getByRole('button', { name: en.form.submit }).click();
  await expect(page).toHaveURL(/\/apply-new\/success$/);
  await logout(page);

  // ---- the system admin accepts it: approved with the old number, expired long ago
  await login(page, 'admin');
  await openFromList(page, businessName);
  await expect(page.getByRole('button', { name: en.actions.verify, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: en.actions.accept, exact: true }).click();
  const acceptDialog = page.getByRole('dialog', { name: en.actions.accept });
  await expect(acceptDialog.getByText(en.actions.help.accept)).toBeVisible();
  await acceptDialog.getByRole('button', { name: en.actions.accept, exact: true }).click();
  await expect(acceptDialog).toBeHidden();
  await expect(page.getByText(en.status.approved, { exact: true }).first()).toBeVisible();
  await expect(
    page.getByText(`${en.applications.registrationNo}: ${oldNo}`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(bs(expiryAd), { exact: true })).toBeVisible();
  await logout(page);

  // ---- the applicant: the renewal list → Renew → the estimate with the fine → submit
  await login(page, user.username);
  const table = await searchRenewals(page, businessName);
  const row = table.getByRole('row').filter({ hasText: businessName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(oldNo);
  await expect(row).toContainText(bs(expiryAd));
  const daysAgo = Math.round((Date.parse(today) - Date.parse(expiryAd)) / 86_400_000);
  await expect(
    row.getByText(en.renewal.expiredAgo.replace('{{n}}', formatNumber(daysAgo, 'en-US'))),
  ).toBeVisible();
  await row.getByRole('link', { name: en.renewal.renew, exact: true }).click();
  await expect(page).toHaveURL(/\/re-new-registration\/\d+$/);
  await expect(page.getByRole('heading', { name: en.renewal.pageTitle })).toBeVisible();

  const estimate = page.getByRole('region', { name: en.estimate.title });
  await expect(estimate.getByTestId('months-late')).toHaveText(String(timing.monthsLate));
  await expect(estimate.getByTestId('years-due')).toHaveText(String(timing.fiscalYearsDue));
  expect(timing.monthsLate).toBeGreaterThan(0);
  expect(timing.fiscalYearsDue).toBeGreaterThan(1);
  await expect(billLine(estimate, en.bill.businessTax)).toContainText(
    money(renewAmount * timing.fiscalYearsDue),
  );
  await expect(billLine(estimate, en.bill.fine)).toContainText(
    money(renewFine * timing.monthsLate),
  );

  // both scans are compulsory
  await page.getByRole('button', { name: en.renewal.submit }).click();
  await expect(page.getByText(en.validation.required)).toHaveCount(2);
  await attachFile(page, 'renewProof', PHOTO);
  await attachFile(page, 'oldCertificate', CITIZENSHIP);
  await page.getByRole('button', { name: en.renewal.submit }).click();
  await expect(page).toHaveURL(/\/apply-new\/success$/);
  await page.getByRole('link', { name: en.submitted.viewApplication }).click();
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  await expect(
    page.getByRole('link', { name: en.detail.renewalOf.replace('{{no}}', oldNo) }),
  ).toBeVisible();
  await logout(page);

  // ---- ward 1's admin: the renewal in progress → verify (the same bill) → counter payment
  await login(page, 'ward1');
  const wardList = await searchRenewals(page, businessName);
  await wardList.getByRole('link', { name: en.renewal.inProgress }).click();
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: en.actions.verify, exact: true }).click();
  const verifyDialog = page.getByRole('dialog', { name: en.actions.verify });
  await verifyDialog.getByRole('button', { name: en.actions.verify, exact: true }).click();
  await expect(verifyDialog).toBeHidden();
  await expect(page.getByText(en.status.verified, { exact: true }).first()).toBeVisible();
  const bill = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: en.detail.bill }) });
  await expect(billLine(bill, en.bill.businessTax)).toContainText(
    money(renewAmount * timing.fiscalYearsDue),
  );
  await expect(billLine(bill, en.bill.fine)).toContainText(money(renewFine * timing.monthsLate));
  await page.getByRole('button', { name: en.actions.manualPayment }).click();
  const payDialog = page.getByRole('dialog', { name: en.payment.title });
  await payDialog.getByLabel(en.payment.receiptNo).fill(`RN-${stamp}`);
  await attachFile(page, 'receipt', PHOTO);
  await payDialog.getByRole('button', { name: en.payment.submit }).click();
  await expect(payDialog).toBeHidden();
  await expect(page.getByText(en.status.paid, { exact: true }).first()).toBeVisible();
  await logout(page);

  // ---- the system admin approves the renewal
  await login(page, 'admin');
  const adminList = await searchRenewals(page, businessName);
  await adminList.getByRole('link', { name: en.renewal.inProgress }).click();
  await page.getByRole('button', { name: en.actions.approve, exact: true }).click();
  const approveDialog = page.getByRole('dialog', { name: en.actions.approve });
  await approveDialog.getByRole('button', { name: en.actions.approve, exact: true }).click();
  await expect(approveDialog).toBeHidden();
  await expect(page.getByText(en.status.approved, { exact: true }).first()).toBeVisible();

  // ---- the registration now runs to the end of the current fiscal year
  const newExpiryAd = fiscalYearOf(today).endAd;
  await page.getByRole('link', { name: en.detail.renewalOf.replace('{{no}}', oldNo) }).click();
  await expect(
    page.getByText(`${en.applications.registrationNo}: ${oldNo}`, { exact: true }),
  ).toBeVisible();
  const expiry = page
    .locator('dl > div')
    .filter({ has: page.getByText(en.detail.expiryDate, { exact: true }) });
  await expect(expiry.locator('dd')).toHaveText(bs(newExpiryAd));

  // …and is no longer due for renewal
  const after = await searchRenewals(page, businessName);
  await expect(after.getByText(new RegExp(escapeRegExp(businessName)))).toHaveCount(0);
  await expect(page.getByText(en.list.empty)).toBeVisible();
  await logout(page);
});
