/**
 * The public register and the staff reports (issue 19 §6, §7). Signed out on a 360 px phone
 * in Nepali, a visitor follows the sign-in page's link, searches a Devanagari business name and
 * sees the registered business's public facts only — not the pending application of the same
 * name, not the owner's phone. On a desktop in English the system admin opens Reports, reads
 * the receipt register, switches to the collection by ward and exports it as CSV, whose total
 * row equals the screen's total. Screenshots for docs/screenshots and the manual's pictures
 * (src/client/public/manual/{en,ne}/public-register.jpg, reports.jpg; 1024×700 JPEG) in both
 * languages.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { toNepaliDigits } from '../src/shared/format.js';
import { apiApprove, apiCreateApplication, apiLogin, apiRegister } from './api';
import { manualPage, manualSnap } from './manual-pictures';
import { MESSAGES, screenPage, shoot, unique, type Lang } from './support';

const en = MESSAGES['en-US'];
const ne = MESSAGES.ne;

const snap = (page: Page, lang: Lang, name: string) => manualSnap(page, lang, name, { blur: true });

/** Searches the public register for `q` (the page is open). */
async function searchRegister(page: Page, lang: Lang, q: string) {
  const m = MESSAGES[lang];
  await page.getByLabel(m.publicRegister.searchLabel).fill(q);
  await page.getByRole('button', { name: m.publicRegister.search, exact: true }).click();
  await expect(page.getByTestId('public-register-results')).toBeVisible();
}

test.use({ actionTimeout: 30_000 });

test('the public register in Nepali on a phone, and a report exported in English on a desktop', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { stamp, mobile } = unique('97');
  const applicant = await apiRegister({
    name: 'Kamala Rai',
    username: `register_${stamp}`,
    phone: mobile,
  });
  const suffix = toNepaliDigits(String(stamp).slice(-5));
  const nepaliName = `हिमाल चिया पसल ${suffix}`;
  const englishName = `Himal Tea Shop ${String(stamp).slice(-5)}`;
  const a = await apiCreateApplication(applicant.token, nepaliName, 'कमला राई', mobile);
  const registrationNo = await apiApprove(a.id, `PR-${stamp}`);
  const b = await apiCreateApplication(applicant.token, englishName, 'Kamala Rai', mobile);
  await apiApprove(b.id, `PR-${stamp}-2`);
  // pending, with the same words in its name: never in the public register
  await apiCreateApplication(applicant.token, `हिमाल चिया पसल ${suffix} शाखा`, 'कमला राई', mobile);

  // ---- signed out, Nepali, a 360 px phone
  const phone = await screenPage(browser, 'phone', 'ne');
  await phone.goto('/');
  await phone.getByRole('link', { name: ne.auth.publicRegisterLink }).click();
  await expect(phone).toHaveURL(/\/public-register$/);
  await expect(phone.getByRole('heading', { name: ne.publicRegister.title })).toBeVisible();
  await searchRegister(phone, 'ne', `चिया पसल ${suffix}`);
  const results = phone.getByTestId('public-register-results').getByRole('listitem');
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText(nepaliName);
  await expect(results.first()).toContainText(ne.publicRegister.status.registered);
  await expect(results.first()).toContainText(toNepaliDigits(registrationNo));
  await expect(phone.getByText(`${nepaliName} शाखा`)).toHaveCount(0);
  await expect(phone.getByText(mobile)).toHaveCount(0);
  await expect(phone.getByText(toNepaliDigits(mobile))).toHaveCount(0);
  // the search is in the address: reloading shows the same result
  expect(new URL(phone.url()).searchParams.get('q')).toBe(`चिया पसल ${suffix}`);
  await shoot(phone, 'public-register-ne-phone');
  // a search that is too short is refused before it is sent
  await phone.getByLabel(ne.publicRegister.searchLabel).fill('चि');
  await phone.getByRole('button', { name: ne.publicRegister.search, exact: true }).click();
  await expect(phone.getByRole('alert')).toHaveText(ne.validation.searchTooShort);
  await phone.context().close();

  // ---- the manual's picture of the public register, in both languages
  for (const lang of ['en-US', 'ne'] as Lang[]) {
    const p = await manualPage(browser, lang);
    await p.goto('/public-register');
    await searchRegister(p, lang, lang === 'ne' ? `चिया पसल ${suffix}` : 'Himal Tea');
    await snap(p, lang, 'public-register');
    await p.context().close();
  }

  // ---- the system admin's reports, English, desktop
  const admin = await apiLogin('admin');
  const desk = await screenPage(browser, 'desktop', 'en-US', admin);
  await desk.goto('/dashboard');
  await desk
    .getByRole('navigation', { name: en.nav.main })
    .getByRole('link', { name: en.reports.nav })
    .click();
  await expect(desk).toHaveURL(/\/reports$/);
  await expect(desk.getByRole('heading', { name: en.reports.title, level: 2 })).toBeVisible();
  const register = desk.getByRole('table', { name: en.reports.tabs.receipts });
  await expect(register.getByText(`PR-${stamp}`, { exact: true })).toBeVisible();
  await expect(desk.getByTestId('receipts-total')).toBeVisible();

  await desk.getByRole('tab', { name: en.reports.tabs.collection }).click();
  const total = desk.getByTestId('collection-total');
  await expect(total).toBeVisible();
  const shown = (await total.textContent())!;
  await shoot(desk, 'reports-en-desktop');

  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: en.export.button, exact: true }).click();
  await desk.getByRole('menuitem', { name: en.export.csv }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^collection-ward-.*\.csv$/);
  const text = (await readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const rows = text
    .trim()
    .split('\n')
    .map((l) => l.split(','));
  expect(rows[0]).toEqual([en.reports.by.ward, en.reports.receipts, en.export.totalRupees]);
  expect(rows.at(-1)![0]).toBe(en.reports.total);
  // the file's total (rupees) is the screen's total ("Rs. 1,234.00")
  expect(Number(rows.at(-1)![2])).toBe(Number(/[\d,]+\.\d{2}/.exec(shown)![0].replace(/,/g, '')));
  await desk.context().close();

  // ---- the same report on a Nepali phone: cards, nothing wider than the screen
  const phoneStaff = await screenPage(browser, 'phone', 'ne', admin);
  await phoneStaff.goto('/reports');
  await expect(phoneStaff.locator('[data-list-cards]')).toBeVisible();
  await expect(phoneStaff.getByText(toNepaliDigits(`PR-${stamp}`), { exact: true })).toBeVisible();
  await shoot(phoneStaff, 'reports-ne-phone');
  await phoneStaff.context().close();

  // ---- the manual's picture of the reports, in both languages
  for (const lang of ['en-US', 'ne'] as Lang[]) {
    const m = MESSAGES[lang];
    const p = await manualPage(browser, lang, admin);
    await p.goto('/reports');
    await p.getByRole('tab', { name: m.reports.tabs.collection }).click();
    await expect(p.getByTestId('collection-total')).toBeVisible();
    await snap(p, lang, 'reports');
    await p.context().close();
  }
});
