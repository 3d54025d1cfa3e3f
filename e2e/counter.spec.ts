/**
 * Counter filing (issue 19 §4): ward 1's admin, in English on a desktop, files for a walk-in
 * applicant: no account has their number, so the admin creates it (an SMS invites them to set a
 * password), uploads their scans, fills in the form on their behalf, takes the counter payment
 * and prints the acknowledgement slip. The slip's QR code opens the public status page, read
 * signed out in Nepali on a phone. The manual's picture of the counter page is made here too.
 * Then, in Nepali on a phone, ward 1's admin finds an applicant with an approved registration
 * by the mobile number typed in Nepali digits, files a duplicate certificate for them from the
 * counter's list of their applications, and prints the slip; its QR code tracks the request.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { decodePdfQrCodes } from '../test/server/pdf-qr';
import {
  apiApprove,
  apiCounterPayment,
  apiCreateApplication,
  apiDetail,
  apiLogin,
  apiRegister,
  apiVerify,
} from './api';
import { toNepaliDigits } from '../src/shared/format.js';
import { smsTexts } from './sms';
import {
  API,
  attachFile,
  CITIZENSHIP,
  fillApplication,
  login,
  MESSAGES,
  PHOTO,
  screenPage,
  shoot,
  unique,
} from './support';
import { manualPage, manualSnap } from './manual-pictures';

const en = MESSAGES['en-US'];
const ne = MESSAGES.ne;

test('a ward admin files for a walk-in applicant and prints the slip; the status is public', async ({
  page,
  browser,
}) => {
  const { stamp, mobile } = unique('97');
  const name = `Hari Prasad Khanal ${String(stamp).slice(-4)}`;
  const businessName = `Khanal Tailors ${stamp}`;
  const citizenshipNo = `27-01-74-${String(stamp).slice(-5)}`;

  // ---- find: nobody has the number; create the account
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'ward1');
  await page
    .getByRole('navigation', { name: en.nav.main })
    .getByRole('link', { name: en.counter.title })
    .click();
  await expect(page).toHaveURL(/\/counter$/);
  await page.getByLabel(en.counter.searchLabel).fill(mobile);
  await page.getByRole('button', { name: en.counter.search }).click();
  await expect(page.getByText(en.counter.noneFound)).toBeVisible();
  await page.locator('input[name=name]').fill(name);
  await page.locator('input[name=phone]').fill(mobile);
  await page.locator('input[name=citizenshipNo]').fill(citizenshipNo);
  await page.locator('select[name=gender]').selectOption('male');
  await page.getByRole('button', { name: en.counter.create }).click();
  await expect(page.getByTestId('counter-applicant')).toHaveText(name);
  const applicantId = new URL(page.url()).searchParams.get('applicant');
  expect(applicantId).toMatch(/^\d+$/);
  await expect(page.getByText(en.counter.unclaimed)).toBeVisible();
  await expect(page.getByTestId('scan-photo')).toHaveText(en.counter.missing);
  // the invitation SMS (in Nepali, the default for a walk-in applicant)
  await expect
    .poll(async () => (await smsTexts(mobile)).join('\n'), { timeout: 20_000 })
    .toContain('/forget-password');

  // ---- the scans, on the applicant's profile
  await attachFile(page, 'photo', PHOTO);
  await attachFile(page, 'citizenship', CITIZENSHIP);
  await page.getByRole('button', { name: en.counter.upload }).click();
  await expect(page.getByTestId('scan-photo')).toHaveText(en.counter.present);
  await expect(page.getByTestId('scan-citizenship')).toHaveText(en.counter.present);
  await shoot(page, 'counter-en-desktop', { blur: true });

  // the same search now finds them by the citizenship number
  await page.getByRole('button', { name: en.counter.change }).click();
  await page.getByLabel(en.counter.searchLabel).fill(citizenshipNo);
  await page.getByRole('button', { name: en.counter.search }).click();
  await expect(page.getByRole('cell', { name })).toBeVisible();
  await page.getByRole('button', { name: en.counter.pick }).click();

  // ---- the form on their behalf
  await page.getByRole('link', { name: en.applyNew.single }).click();
  await expect(page).toHaveURL(/\/counter\/\d+\/apply\/single$/);
  await expect(page.getByTestId('on-behalf')).toContainText(name);
  await fillApplication(page, { businessName, ownerName: name, mobile });
  await page.getByRole('button', { name: en.form.submit }).click();
  await expect(page).toHaveURL(/\/business\/applications\/\d+\/detail$/);
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  const id = Number(/applications\/(\d+)\//.exec(page.url())![1]);

  // ---- verified (as the verification e2e does), then the counter payment here, then the slip
  await apiVerify(id);
  await page.reload();
  await page.getByRole('button', { name: en.actions.manualPayment }).click();
  const payDialog = page.getByRole('dialog', { name: en.payment.title });
  await payDialog.getByLabel(en.payment.receiptNo).fill(`C-${stamp}`);
  await attachFile(page, 'receipt', PHOTO);
  await payDialog.getByRole('button', { name: en.payment.submit }).click();
  await expect(payDialog).toBeHidden();
  await expect(page.getByText(en.status.paid, { exact: true }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: en.counter.printSlip }).click();
  const slip = await readFile((await (await download).path())!);
  expect(slip.subarray(0, 5).toString()).toBe('%PDF-');
  const [qrUrl] = await decodePdfQrCodes(new Uint8Array(slip));
  expect(qrUrl).toMatch(new RegExp(`^${new URL(API).origin}/track/[0-9A-Z]+-[0-9A-F]{12}$`));
  await shoot(page, 'counter-detail-en-desktop');

  // ---- the public status page, signed out, in Nepali on a phone
  const phone = await screenPage(browser, 'phone', 'ne');
  await phone.goto(qrUrl!);
  await expect(phone.getByRole('heading', { name: ne.track.title })).toBeVisible();
  await expect(phone.getByTestId('track-status')).toHaveText(ne.status.paid);
  await expect(phone.getByText(businessName)).toBeVisible();
  await expect(
    phone.getByRole('cell', { name: ne.track.services.registration, exact: true }),
  ).toBeVisible();
  // nothing personal: not the applicant's name or number
  await expect(phone.getByText(name)).toHaveCount(0);
  await expect(phone.getByText(mobile)).toHaveCount(0);
  await shoot(phone, 'track-ne-phone');
  // an altered code is not found
  await phone.goto(`${qrUrl!.slice(0, -1)}${qrUrl!.endsWith('0') ? '1' : '0'}`);
  await expect(phone.getByText(ne.track.notFound)).toBeVisible();
  await phone.context().close();
  const desktop = await screenPage(browser, 'desktop', 'en-US');
  await desktop.goto(qrUrl!);
  await expect(desktop.getByTestId('track-status')).toHaveText(en.status.paid);
  await shoot(desktop, 'track-en-desktop');
  await desktop.context().close();

  // ---- the manual's picture of the counter page, in both languages (as e2e/manual.spec.ts)
  for (const lang of ['en-US', 'ne'] as const) {
    const p = await manualPage(browser, lang, await apiLogin('ward1'));
    await p.goto(`/counter?applicant=${applicantId}`);
    await expect(p.getByTestId('counter-applicant')).toHaveText(name);
    await manualSnap(p, lang, 'counter-filing');
    await p.context().close();
  }
});

test('in Nepali on a phone: a ward admin finds an applicant by mobile, files a duplicate certificate for them and prints the slip', async ({
  browser,
}) => {
  // an applicant with an approved registration in ward 1, who comes to the office in person
  const { stamp, mobile } = unique('97');
  const owner = 'कमला श्रेष्ठ';
  const businessName = `श्रेष्ठ किराना ${stamp}`;
  const applicant = await apiRegister({ name: owner, username: `ctr_${stamp}`, phone: mobile });
  const app = await apiCreateApplication(applicant.token, businessName, owner, mobile);
  const registrationNo = await apiApprove(app.id, `CN-${stamp}`);

  const page = await screenPage(browser, 'phone', 'ne', await apiLogin('ward1'));
  await page.goto('/counter');
  await expect(page.getByRole('heading', { name: ne.counter.title })).toBeVisible();
  // the number as the applicant says it, in Nepali digits
  await page.getByLabel(ne.counter.searchLabel).fill(toNepaliDigits(mobile));
  await page.getByRole('button', { name: ne.counter.search }).click();
  await expect(page.getByRole('cell', { name: owner })).toBeVisible();
  await page.getByRole('button', { name: ne.counter.pick }).click();
  await expect(page.getByTestId('counter-applicant')).toHaveText(owner);

  // their registration, with what may be filed about it
  const row = page.getByTestId('counter-application').filter({ hasText: businessName });
  await expect(row).toContainText(toNepaliDigits(registrationNo));
  await expect(row.getByRole('link', { name: ne.requests.amend })).toBeVisible();
  await expect(row.getByRole('link', { name: ne.requests.close })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await shoot(page, 'counter-applications-ne-phone');
  await row.getByRole('link', { name: ne.requests.duplicate }).click();
  await expect(page).toHaveURL(new RegExp(`/business/applications/${app.id}/duplicate$`));
  await page.locator('form [name=reason]').selectOption('damaged');
  await page.locator('form [name=details]').fill('पानीले भिजेर च्यातियो');
  await page.getByRole('button', { name: ne.requests.duplicatePage.submit }).click();
  await expect(page).toHaveURL(/\/business\/applications\/\d+\/detail$/);
  const requestId = Number(/applications\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByTestId('request-banner')).toContainText('प्रतिलिपि');
  const request = await apiDetail(applicant.token, requestId);
  expect(request).toMatchObject({ service: 'duplicate', subjectId: app.id });

  // verified and paid at the counter, then the slip, printed from the phone
  await apiVerify(requestId);
  await apiCounterPayment((await apiLogin('ward1')).token, requestId, `CD-${stamp}`);
  await page.reload();
  await expect(page.getByText(ne.status.paid, { exact: true }).first()).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: ne.counter.printSlip }).click();
  const slip = await readFile((await (await download).path())!);
  const [qrUrl] = await decodePdfQrCodes(new Uint8Array(slip));
  expect(qrUrl).toMatch(/\/track\/[0-9A-Z]+-[0-9A-F]{12}$/);
  await shoot(page, 'counter-duplicate-ne-phone');

  // the applicant follows it from the slip's QR code, signed out
  const visitor = await screenPage(browser, 'phone', 'ne');
  await visitor.goto(qrUrl!);
  await expect(visitor.getByTestId('track-status')).toHaveText(ne.status.paid);
  await expect(
    visitor.getByRole('cell', { name: ne.track.services.duplicate, exact: true }),
  ).toBeVisible();
  await visitor.context().close();
  await page.context().close();
});
