/**
 * Issue 19 §1–3 through the browser: requests about an approved registration.
 *
 * - Amendment: the applicant, in Nepali on a phone (360×740), opens the approved registration,
 *   presses "Amend", grows the capital and moves the business to ward 2, and submits; the
 *   request's page compares before and after. The system admin, in English on a desktop,
 *   verifies (the amendment fee is billed), records the counter payment and approves; the
 *   registration then shows the new capital and ward, keeps its number, and its old
 *   certificate reads "superseded" on the public check.
 * - Closure: the applicant files it in Nepali on a phone; the system admin, in English on a
 *   desktop, verifies (the closure fee is billed), takes the payment and approves; the
 *   registration then shows "closed" with the date and offers only the closure letter (PDF
 *   downloaded); the public check says so.
 * - Duplicate: the applicant files it (Nepali, phone); staff process it in English on a
 *   desktop; the registration logs the duplicate and the public check marks the new
 *   certificate as a duplicate.
 * - The user manual's pictures of the three topics, in both languages (1024×700).
 *
 * Screenshots: docs/screenshots/requests-*.png (looked at), and the manual's pictures in
 * src/client/public/manual/{en,ne}/{amend,amend-compare,close,duplicate}.jpg.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { todayAd } from '../src/shared/bs-date.js';
import { formatAdAsBs, toNepaliDigits } from '../src/shared/format.js';
import { apiApprove, apiCreateApplication, apiLogin, apiRegister } from './api';
import {
  API,
  attachFile,
  inPage,
  langPage,
  MESSAGES,
  PHOTO,
  screenPage,
  shoot,
  unique,
  type Lang,
} from './support';
import { manualPage, manualSnap } from './manual-pictures';

const en = MESSAGES['en-US'];
const ne = MESSAGES.ne;
const PHONE = {
  viewport: { width: 360, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
} as const;

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 30_000 });

interface Session {
  token: string;
  user: { id: number; name: string; username: string };
}

async function json<T>(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${API}${url}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const out = (await res.json().catch(() => null)) as T;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(out)}`);
  return out;
}

/** A new applicant with an approved registration: session, id, number, certificate code. */
async function approvedRegistration(businessName: string, owner: string) {
  const { stamp, mobile } = unique('98');
  const session = (await apiRegister({
    name: owner,
    username: `req_${stamp}`,
    phone: mobile,
  })) as Session;
  const app = await apiCreateApplication(session.token, businessName, owner, mobile);
  const registrationNo = await apiApprove(app.id, `RQ-${stamp}`);
  const d = await json<{ data: { certificate: { verifyCode: string } } }>(
    'GET',
    `/applications/${app.id}`,
    session.token,
  );
  return { session, id: app.id, registrationNo, code: d.data.certificate.verifyCode, stamp };
}

const verifyStatus = async (code: string) =>
  (await json<{ data: { status: string; kind?: string } }>('GET', `/verify/${code}`, null)).data;

async function wardIds(token: string) {
  const w = await json<{ data: { id: number; number: number }[] }>('GET', '/wards/all', token);
  return Object.fromEntries(w.data.map((x) => [x.number, x.id])) as Record<number, number>;
}

/**
 * Staff, in English, on the request's open detail page: verify (the bill carries the service
 * fee, and `billLines` too), record the counter payment with receipt `receiptNo`, approve.
 */
async function verifyPayApprove(staff: Page, receiptNo: string, billLines: string[] = []) {
  await staff.getByRole('button', { name: en.actions.verify, exact: true }).click();
  const verifyDialog = staff.getByRole('dialog', { name: en.actions.verify });
  await verifyDialog.getByRole('button', { name: en.actions.verify, exact: true }).click();
  await expect(verifyDialog).toBeHidden();
  for (const line of [en.bill.serviceFee, ...billLines])
    await expect(staff.getByText(line, { exact: true }).first()).toBeVisible();
  await staff.getByRole('button', { name: en.actions.manualPayment }).click();
  const payDialog = staff.getByRole('dialog', { name: en.payment.title });
  await payDialog.getByLabel(en.payment.receiptNo).fill(receiptNo);
  await attachFile(staff, 'receipt', PHOTO);
  await payDialog.getByRole('button', { name: en.payment.submit }).click();
  await expect(payDialog).toBeHidden();
  await staff.getByRole('button', { name: en.actions.approve, exact: true }).click();
  const approveDialog = staff.getByRole('dialog', { name: en.actions.approve });
  await approveDialog.getByRole('button', { name: en.actions.approve, exact: true }).click();
  await expect(approveDialog).toBeHidden();
  await expect(staff.getByText(en.status.approved, { exact: true }).first()).toBeVisible();
}

const detailUrl = (id: number) => `/business/applications/${id}/detail`;

async function openDetail(page: Page, id: number, name: string) {
  await page.goto(detailUrl(id));
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
}

test('an amendment: capital growth and a ward transfer, in Nepali on a phone; staff process it in English', async ({
  browser,
}) => {
  const reg = await approvedRegistration('हिमालयन चिया घर', 'सीता तामाङ');
  const wards = await wardIds(reg.session.token);
  const applicant = await langPage(browser, PHONE, 'ne', reg.session);

  // ---- the registration's page offers the three requests
  await openDetail(applicant, reg.id, 'हिमालयन चिया घर');
  await expect(applicant.getByRole('link', { name: ne.requests.close })).toBeVisible();
  await expect(applicant.getByRole('link', { name: ne.requests.duplicate })).toBeVisible();
  await applicant.getByRole('link', { name: ne.requests.amend }).click();
  await expect(applicant).toHaveURL(/\/business\/applications\/\d+\/amend$/);
  await expect(applicant.getByRole('heading', { name: ne.requests.amendPage.title })).toBeVisible();

  // ---- nothing changed: said at once
  const submit = applicant.getByRole('button', { name: ne.requests.amendPage.submit });
  await submit.click();
  await expect(applicant.getByTestId('form-error')).toHaveText(ne.validation.noChanges);

  // ---- capital growth (typed with Nepali digits) and a move to ward 2
  await applicant.locator('form [name=capitalMax]').fill('१०,००,०००');
  await applicant.locator('form [name=capitalCurrent]').fill('८,००,०००');
  await applicant.locator('form [name=wardId]').selectOption(String(wards[2]));
  await applicant.locator('form [name=locAddress]').fill('ललितपुर-२');
  await shoot(applicant, 'requests-amend-ne-phone', { blur: true });
  await submit.click();
  await expect(applicant).toHaveURL(/\/business\/applications\/\d+\/detail$/);
  const requestId = Number(applicant.url().match(/applications\/(\d+)\/detail/)![1]);
  expect(requestId).not.toBe(reg.id);
  await expect(applicant.getByText(/अनुरोध पेश भयो/)).toBeVisible();
  const banner = applicant.getByTestId('request-banner');
  await expect(banner).toContainText('को संशोधन');
  const table = applicant.getByTestId('changes-table');
  await expect(table.locator('tr[data-field=capitalCurrent]')).toContainText('३,००,०००');
  await expect(table.locator('tr[data-field=capitalCurrent]')).toContainText('८,००,०००');
  await expect(table.locator('tr[data-field=wardId]')).toContainText('वडा २');
  // the applicant cannot edit a request, only cancel it
  await expect(applicant.getByRole('link', { name: ne.detail.edit })).toHaveCount(0);
  await shoot(applicant, 'requests-amend-detail-ne-phone');

  // ---- the system admin, in English on a desktop: verify → pay → approve
  const admin = (await apiLogin('admin')) as Session;
  const staff = await screenPage(browser, 'desktop', 'en-US', admin);
  await openDetail(staff, requestId, 'हिमालयन चिया घर');
  await expect(staff.getByTestId('request-banner')).toHaveText(
    en.requests.banner.amendment.replace('{{no}}', reg.registrationNo),
  );
  await expect(staff.getByTestId('changes-table').locator('tr[data-field=wardId]')).toContainText(
    'Ward 2',
  );
  await shoot(staff, 'requests-amend-staff-en-desktop');
  await verifyPayApprove(staff, `RA-${reg.stamp}`);

  // ---- the registration: same number, new capital and ward, a new certificate version
  await staff.getByTestId('request-banner').locator('xpath=..').getByRole('link').click();
  await expect(staff).toHaveURL(new RegExp(`${detailUrl(reg.id)}$`));
  await expect(
    staff.getByText(`${en.applications.registrationNo}: ${reg.registrationNo}`, { exact: true }),
  ).toBeVisible();
  await expect(staff.getByText('Rs. 8,00,000').first()).toBeVisible();
  await shoot(staff, 'requests-amended-registration-en-desktop');
  expect((await verifyStatus(reg.code)).status).toBe('superseded');
  const now = await json<{ data: { certificate: { verifyCode: string; kind: string } } }>(
    'GET',
    `/applications/${reg.id}`,
    admin.token,
  );
  expect(now.data.certificate.kind).toBe('amendment');

  // ---- the public check of the old certificate
  const visitor = await screenPage(browser, 'desktop', 'en-US');
  await visitor.goto(`/verify/${reg.code}`);
  await expect(visitor.getByTestId('verify-heading')).toHaveText(
    en.requests.verify.supersededHeading,
  );
  await visitor.goto(`/verify/${now.data.certificate.verifyCode}`);
  await expect(visitor.getByTestId('verify-kind')).toContainText(en.service.amendment);
  await shoot(visitor, 'requests-verify-amended-en-desktop');
});

test('a closure: filed in Nepali on a phone; staff bill the arrears and approve in English; the registration is closed', async ({
  browser,
}) => {
  const reg = await approvedRegistration('अन्नपूर्ण बेकरी', 'गीता गुरुङ');
  const page = await langPage(browser, PHONE, 'ne', reg.session);
  await openDetail(page, reg.id, 'अन्नपूर्ण बेकरी');
  await page.getByRole('link', { name: ne.requests.close }).click();
  await expect(page).toHaveURL(/\/business\/applications\/\d+\/close$/);
  const submit = page.getByRole('button', { name: ne.requests.closePage.submit });
  await submit.click();
  await expect(page.getByText(ne.validation.required).first()).toBeVisible();
  await page.locator('form [name=reason]').fill('अवकाश; पसल बिक्री भयो।');
  await shoot(page, 'requests-close-ne-phone', { blur: true });
  await submit.click();
  await expect(page).toHaveURL(/\/business\/applications\/\d+\/detail$/);
  const requestId = Number(page.url().match(/applications\/(\d+)\/detail/)![1]);
  await expect(page.getByTestId('request-banner')).toHaveText(
    ne.requests.banner.closure.replace('{{no}}', toNepaliDigits(reg.registrationNo)),
  );
  await expect(page.getByText('अवकाश; पसल बिक्री भयो।')).toBeVisible();

  // ---- the system admin, in English on a desktop: the closure fee is billed, then approved
  const admin = (await apiLogin('admin')) as Session;
  const staff = await screenPage(browser, 'desktop', 'en-US', admin);
  await openDetail(staff, requestId, 'अन्नपूर्ण बेकरी');
  await expect(staff.getByTestId('request-banner')).toHaveText(
    en.requests.banner.closure.replace('{{no}}', reg.registrationNo),
  );
  await verifyPayApprove(staff, `RC-${reg.stamp}`);
  await shoot(staff, 'requests-close-staff-en-desktop');
  await staff.context().close();

  // ---- the applicant's phone: closed, with the date, no action but the closure letter
  await openDetail(page, reg.id, 'अन्नपूर्ण बेकरी');
  const notice = page.getByRole('status').filter({ hasText: ne.status.closed });
  await expect(notice).toContainText(
    ne.requests.closedOn.replace('{{date}}', formatAdAsBs(todayAd(), 'ne')),
  );
  await expect(page.getByRole('link', { name: ne.requests.amend })).toHaveCount(0);
  await expect(page.getByRole('button', { name: ne.certificate.download })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: ne.requests.closureLetter }).click();
  const letter = await readFile((await (await download).path())!);
  expect(letter.subarray(0, 5).toString()).toBe('%PDF-');
  await shoot(page, 'requests-closed-ne-phone');
  expect((await verifyStatus(reg.code)).status).toBe('closed');
  await page.goto(`/verify/${reg.code}`);
  await expect(page.getByTestId('verify-heading')).toHaveText(ne.requests.verify.closedHeading);
});

test('a duplicate certificate: filed in Nepali on a phone, processed in English on a desktop, logged and marked on the public check', async ({
  browser,
}) => {
  const reg = await approvedRegistration('पोखरा फ्रेस मार्ट', 'राम गुरुङ');
  const page = await langPage(browser, PHONE, 'ne', reg.session);
  await openDetail(page, reg.id, 'पोखरा फ्रेस मार्ट');
  await page.getByRole('link', { name: ne.requests.duplicate }).click();
  await page.locator('form [name=reason]').selectOption('lost');
  await page.locator('form [name=details]').fill('सरसफाइ गर्दा हरायो');
  await shoot(page, 'requests-duplicate-ne-phone', { blur: true });
  await page.getByRole('button', { name: ne.requests.duplicatePage.submit }).click();
  await expect(page).toHaveURL(/\/business\/applications\/\d+\/detail$/);
  const requestId = Number(page.url().match(/applications\/(\d+)\/detail/)![1]);
  await expect(page.getByTestId('request-banner')).toContainText('प्रतिलिपि');

  // ---- ward 1's admin, in English on a desktop: verify, take the fee at the counter, approve
  const admin = (await apiLogin('admin')) as Session;
  const staff = await screenPage(browser, 'desktop', 'en-US', admin);
  await openDetail(staff, requestId, 'पोखरा फ्रेस मार्ट');
  await expect(staff.getByTestId('request-banner')).toHaveText(
    en.requests.banner.duplicate.replace('{{no}}', reg.registrationNo),
  );
  await verifyPayApprove(staff, `RD-${reg.stamp}`);
  await staff.goto(detailUrl(reg.id));
  await expect(staff.getByTestId('duplicates-log').getByRole('row')).toHaveCount(2);
  await expect(staff.getByTestId('duplicates-log')).toContainText(en.requests.reasons.lost);
  await shoot(staff, 'requests-duplicates-log-en-desktop');
  await staff.context().close();

  await openDetail(page, reg.id, 'पोखरा फ्रेस मार्ट');
  const log = page.getByTestId('duplicates-log');
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText(ne.requests.reasons.lost);
  await log.scrollIntoViewIfNeeded();
  await shoot(page, 'requests-duplicates-log-ne-phone');
  const d = await json<{ data: { certificate: { verifyCode: string; kind: string } } }>(
    'GET',
    `/applications/${reg.id}`,
    reg.session.token,
  );
  expect(d.data.certificate.kind).toBe('duplicate');
  expect((await verifyStatus(reg.code)).status).toBe('superseded');
  await page.goto(`/verify/${d.data.certificate.verifyCode}`);
  await expect(page.getByTestId('verify-kind')).toContainText(ne.service.duplicate);
  await shoot(page, 'requests-verify-duplicate-ne-phone');
});

// ---- the user manual's pictures (1024×700 JPEG, as e2e/manual.spec.ts makes the others)
const NAMES = {
  'en-US': { business: 'Everest Momo Centre', owner: 'Sita Tamang' },
  ne: { business: 'सगरमाथा मम सेन्टर', owner: 'सीता तामाङ' },
} as const;

const snap = (page: Page, lang: Lang, name: string) => manualSnap(page, lang, name, { blur: true });

for (const lang of ['en-US', 'ne'] as const) {
  test(`manual pictures of the requests (${lang})`, async ({ browser }) => {
    const m = MESSAGES[lang];
    const n = NAMES[lang];
    const reg = await approvedRegistration(n.business, n.owner);
    const wards = await wardIds(reg.session.token);
    const page = await manualPage(browser, lang, reg.session);

    await page.goto(`/business/applications/${reg.id}/amend`);
    await page.locator('form [name=capitalMax]').fill('1000000');
    await page.locator('form [name=capitalCurrent]').fill('800000');
    await page.locator('form [name=wardId]').selectOption(String(wards[2]));
    await page.locator('form [name=capitalMax]').scrollIntoViewIfNeeded();
    await inPage(page, 'window.scrollTo(0, 0)');
    await snap(page, lang, 'amend');
    await page.getByRole('button', { name: m.requests.amendPage.submit }).click();
    await expect(page.getByTestId('request-banner')).toBeVisible();
    await page
      .getByTestId('request-banner')
      .evaluate((el) =>
        el.ownerDocument.defaultView!.scrollBy(0, el.getBoundingClientRect().top - 72),
      );
    await snap(page, lang, 'amend-compare');

    await page.goto(`/business/applications/${reg.id}/close`);
    await page
      .locator('form [name=reason]')
      .fill(lang === 'ne' ? 'व्यवसाय बिक्री भयो' : 'The shop is sold');
    await snap(page, lang, 'close');

    await page.goto(`/business/applications/${reg.id}/duplicate`);
    await page.locator('form [name=reason]').selectOption('damaged');
    await page
      .locator('form [name=details]')
      .fill(lang === 'ne' ? 'पानीले भिजेर बिग्रियो' : 'Damaged by water');
    await snap(page, lang, 'duplicate');
  });
}
