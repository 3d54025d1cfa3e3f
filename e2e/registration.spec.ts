/**
 * Acceptance test of issue 2, through the browser only: a new applicant registers and applies,
 * the ward admin verifies and records the counter payment, the system admin approves, and the
 * applicant downloads the certificate PDF, whose text carries the registration number and the
 * business name. The same registration and application in Nepali, the form's error summary
 * in both languages, and the guard against a bogus token.
 */
import { expect, test } from '@playwright/test';
import { formatBs, todayBs } from '../src/shared/bs-date.js';
import {
  attachFile,
  continueTo,
  escapeRegExp,
  expectErrorSummary,
  expectFieldError,
  expectFileError,
  fillApplication,
  inPage,
  login,
  logout,
  MESSAGES,
  openFromList,
  openSingleRegistration,
  PHOTO,
  registerAccount,
  stored,
  submitApplication,
  switchLanguage,
  unique,
  uploadProfileDocumentsFirst,
  pdfText,
} from './support';

const en = MESSAGES['en-US'];
const ne = MESSAGES.ne;

test('applicant registers and applies; ward admin verifies and takes payment; admin approves; applicant downloads the certificate', async ({
  page,
}) => {
  const { stamp, mobile } = unique('98');
  const user = { name: `Sita Tamang ${stamp}`, username: `sita_${stamp}`, phone: mobile };
  const businessName = `Himalayan Tea House ${stamp}`;

  // ---- the applicant: new account, lands signed in on the dashboard
  await page.goto('/user/login');
  await registerAccount(page, user);
  // 'Please upload photos first' (SPEC §5): the profile's photo and citizenship certificate.
  await uploadProfileDocumentsFirst(page);

  // ---- the form: Continue with nothing (the error summary), then every step, then submit
  await openSingleRegistration(page);
  await page.getByRole('button', { name: en.steps.continue }).click();
  await expectErrorSummary(page, [
    `${en.form.businessName}: ${en.validation.required}`,
    `${en.form.businessTypeId}: ${en.validation.required}`,
  ]);
  await expectFieldError(page, 'businessName', en.validation.required);

  await fillApplication(page, { businessName, ownerName: user.name, mobile });
  await expect(page.getByText(businessName, { exact: true }).first()).toBeVisible();
  await submitApplication(page);
  await expect(page.getByText(en.submitted.note)).toBeVisible();
  await page.getByRole('link', { name: en.submitted.viewApplication }).click();
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  await expect(page.getByText(en.status.pending, { exact: true }).first()).toBeVisible();
  await logout(page);

  // ---- ward 1's admin: verify, then the counter payment
  await login(page, 'ward1');
  await openFromList(page, businessName);
  await page.getByRole('button', { name: en.actions.verify, exact: true }).click();
  const verifyDialog = page.getByRole('dialog', { name: en.actions.verify });
  await expect(verifyDialog.getByText(en.actions.help.verify)).toBeVisible();
  await verifyDialog.getByRole('button', { name: en.actions.verify, exact: true }).click();
  await expect(verifyDialog).toBeHidden();
  await expect(page.getByText(en.status.verified, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: en.detail.bill })).toBeVisible();

  await page.getByRole('button', { name: en.actions.manualPayment }).click();
  const payDialog = page.getByRole('dialog', { name: en.payment.title });
  await expect(payDialog.getByText(en.bill.total, { exact: true })).toBeVisible();
  await expect(payDialog.getByLabel(en.payment.paidDate)).toHaveValue(formatBs(todayBs(), 'en-US'));
  const receiptNo = `R-${stamp}`;
  await payDialog.getByLabel(en.payment.receiptNo).fill(receiptNo);
  await payDialog.locator('select[name=channel]').selectOption('counter');
  // issue 6: the amount is the bill's (prefilled) and the receipt scan is compulsory
  await expect(payDialog.locator('input[name=amount]')).toHaveValue(/^\d+(\.\d\d)?$/);
  await payDialog.getByRole('button', { name: en.payment.submit }).click();
  await expectFileError(page, en.manualPay.receiptScan, en.validation.required);
  await attachFile(page, 'receipt', PHOTO);
  await payDialog.getByRole('button', { name: en.payment.submit }).click();
  await expect(payDialog).toBeHidden();
  await expect(page.getByText(en.status.paid, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: receiptNo, exact: true })).toBeVisible();
  await logout(page);

  // ---- the system admin: approve
  await login(page, 'admin');
  await openFromList(page, businessName);
  await page.getByRole('button', { name: en.actions.approve, exact: true }).click();
  const approveDialog = page.getByRole('dialog', { name: en.actions.approve });
  await approveDialog.getByRole('button', { name: en.actions.approve, exact: true }).click();
  await expect(approveDialog).toBeHidden();
  await expect(page.getByText(en.status.approved, { exact: true }).first()).toBeVisible();
  await logout(page);

  // ---- the applicant again: the certificate PDF
  await login(page, user.username);
  await page
    .getByRole('navigation', { name: en.nav.main })
    .getByRole('link', { name: en.nav.applications })
    .click();
  await page.getByRole('link', { name: businessName, exact: true }).click();
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  const badge = page.getByText(new RegExp(`^${escapeRegExp(en.applications.registrationNo)}: `));
  await expect(badge).toHaveText(/\d+\/\d{4}-\d{2}$/);
  const registrationNo = /(\d+\/\d{4}-\d{2})$/.exec((await badge.textContent()) ?? '')![1];

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: en.certificate.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`certificate-${registrationNo.replace('/', '-')}.pdf`);
  const text = await pdfText((await download.path())!);
  expect(text).toContain(registrationNo);
  expect(text).toContain(businessName);
  await logout(page);
});

test('a new applicant registers and applies with the Nepali interface', async ({ page }) => {
  const { stamp, mobile } = unique('97');
  const user = { name: `गीता श्रेष्ठ ${stamp}`, username: `gita_${stamp}`, phone: mobile };
  const businessName = `हिमालयन चिया घर ${stamp}`;

  await page.goto('/user/login');
  await expect(page.getByRole('heading', { name: en.auth.loginTitle })).toBeVisible();
  await switchLanguage(page, 'ne');
  await expect(page.getByRole('heading', { name: ne.auth.loginTitle })).toBeVisible();
  await registerAccount(page, user, 'ne');
  // The choice survives the navigation to the signed-in area.
  expect(await stored(page, 'lang')).toBe('ne');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ne');

  await uploadProfileDocumentsFirst(page, 'ne');
  await openSingleRegistration(page, 'ne');
  await page.getByRole('button', { name: ne.steps.continue }).click();
  await expectErrorSummary(
    page,
    [
      `${ne.form.businessName}: ${ne.validation.required}`,
      `${ne.form.businessTypeId}: ${ne.validation.required}`,
    ],
    'ne',
  );

  await fillApplication(page, { businessName, ownerName: user.name, mobile }, 'ne', {
    documents: async () => {
      // Amounts typed with Devanagari digits are accepted as well: back to the capital step.
      await page.getByRole('button', { name: ne.steps.back }).click();
      await page.locator('form [name=capitalPaidUp]').fill('२,००,०००');
      await continueTo(page, 'documents', 'ne');
    },
  });
  await submitApplication(page, 'ne');
  await expect(page.getByText(ne.submitted.note)).toBeVisible();
  // The submission number is shown in Nepali digits.
  await expect(
    page.getByText(new RegExp(`^${escapeRegExp(ne.applications.submissionNo)}: [०-९]`)),
  ).toBeVisible();

  await page.getByRole('link', { name: ne.submitted.viewApplication }).click();
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  await expect(page.getByText(ne.status.pending, { exact: true }).first()).toBeVisible();
  // The amount typed in Devanagari digits was stored as Rs 2 lakh, shown in Nepali digits.
  await expect(page.getByText('रु. २,००,०००.००', { exact: true })).toBeVisible();
  await logout(page, 'ne');
  await expect(page.getByRole('heading', { name: ne.auth.loginTitle })).toBeVisible();
});

test('a bogus token in localStorage ends at the sign-in page', async ({ page }) => {
  await page.goto('/user/login');
  const user = { id: 999, name: 'Nobody', username: 'nobody', permissions: [], roles: [] };
  await inPage(
    page,
    `localStorage.setItem('access_token', 'not-a-real-token');
     localStorage.setItem('user', ${JSON.stringify(JSON.stringify(user))});`,
  );
  await page.goto('/business/applications');
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('heading', { name: en.auth.loginTitle })).toBeVisible();
  expect(await stored(page, 'access_token')).toBeNull();
});
