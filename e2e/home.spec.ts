/**
 * The applicant home (issue 17 §1) through the built app: a new applicant signs in and lands on
 * the home with "Register a business" and nothing else to do; an applicant whose application
 * the ward has verified sees "Pay Rs …" as its one next step, which opens the payment choice;
 * a rejected application's card says why. Then the screenshots for docs/screenshots: the home,
 * and two lists as cards on a phone (tables on a desktop), in English and Nepali.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatPaisa } from '../src/shared/format.js';
import { apiApprove, apiBill, apiCreateApplication, apiLogin, apiRegister, apiVerify } from './api';
import { listOf, rowsOf } from './lists';
import { API, MESSAGES, SCREENS, screenPage, shoot, unique, login, type Lang } from './support';

const en = MESSAGES['en-US'];

/** Ward 1's admin sends application `id` back with `remarks`. */
async function apiReject(id: number, remarks: string) {
  const ward = await apiLogin('ward1');
  const fd = new FormData();
  fd.append('remarks', remarks);
  const res = await fetch(`${API}/applications/${id}/reject`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ward.token}` },
    body: fd,
  });
  expect(res.status, await res.text()).toBe(200);
}

/** The card of `business` on the home. */
const cardOf = (page: Page, business: string) =>
  page.getByRole('list', { name: en.home.yourApplications }).getByRole('listitem').filter({
    hasText: business,
  });

test('a new applicant signs in and sees the home: "Register a business", nothing yet', async ({
  page,
}) => {
  const { stamp, mobile } = unique('98');
  const username = `home_${stamp}`;
  await apiRegister({ name: 'Maya Shrestha', username, phone: mobile });
  await login(page, username);
  await expect(page.getByRole('heading', { name: en.home.title })).toBeVisible();
  // not the staff's statistics
  await expect(page.getByRole('heading', { name: en.dashboard.title })).toHaveCount(0);
  await expect(page.getByText(en.home.none)).toBeVisible();
  const nav = page.getByRole('navigation', { name: en.nav.main });
  await expect(nav.getByRole('link', { name: en.home.nav })).toBeVisible();
  await page.getByRole('link', { name: en.home.start }).click();
  await expect(page).toHaveURL(/\/apply-new$/);
  await expect(page.getByRole('heading', { name: en.applyNew.title })).toBeVisible();
});

test('a verified, unpaid application: "Pay Rs …" is its next step and opens the payment choice', async ({
  browser,
}) => {
  const { stamp, mobile } = unique('98');
  const session = await apiRegister({
    name: 'Bishnu Karki',
    username: `pay_${stamp}`,
    phone: mobile,
  });
  const business = `Karki Hardware ${stamp}`;
  const app = await apiCreateApplication(session.token, business, 'Bishnu Karki', mobile);
  const waiting = `Karki Books ${stamp}`;
  await apiCreateApplication(session.token, waiting, 'Bishnu Karki', mobile);
  const sentBack = `Karki Tailors ${stamp}`;
  const rejected = await apiCreateApplication(session.token, sentBack, 'Bishnu Karki', mobile);
  await apiVerify(app.id);
  await apiReject(rejected.id, 'The PAN certificate is missing.');
  const bill = await apiBill(session.token, app.id);
  const pay = en.home.action.pay.replace('{{amount}}', formatPaisa(bill.total, 'en-US'));

  const page = await screenPage(browser, 'desktop', 'en-US', session);
  await page.goto('/dashboard');
  const card = cardOf(page, business);
  await expect(
    card.getByText(en.home.state.pay.replace('{{amount}}', formatPaisa(bill.total, 'en-US'))),
  ).toBeVisible();
  await expect(cardOf(page, waiting).getByText(en.home.state.waiting)).toBeVisible();
  await expect(cardOf(page, sentBack).getByText(en.home.state.rejected)).toBeVisible();
  await expect(cardOf(page, sentBack).getByText('The PAN certificate is missing.')).toBeVisible();
  await expect(
    cardOf(page, sentBack).getByRole('link', { name: `${en.home.action.fix}: ${sentBack}` }),
  ).toHaveAttribute('href', `/edit-registration/${rejected.id}`);
  // the applicant's turn first: the rejected and the unpaid before the waiting one
  const names = await page
    .getByRole('list', { name: en.home.yourApplications })
    .getByRole('listitem')
    .locator('p:first-child')
    .allInnerTexts();
  expect(names.indexOf(waiting)).toBeGreaterThan(names.indexOf(business));

  await card.getByRole('link', { name: `${pay}: ${business}` }).click();
  await expect(page).toHaveURL(new RegExp(`/business/applications/${app.id}/detail$`));
  await expect(page.getByRole('region', { name: en.payOnline.title })).toBeVisible();
  await page.context().close();
});

test('screenshots: the applicant home, and the lists as cards on a phone', async ({ browser }) => {
  test.setTimeout(300_000);
  const { stamp, mobile } = unique('98');
  const session = await apiRegister({
    name: 'Sita Tamang',
    username: `homeshot_${stamp}`,
    phone: mobile,
  });
  const make = (name: string) => apiCreateApplication(session.token, name, 'Sita Tamang', mobile);
  const approved = await make('Himalayan Tea House');
  await apiApprove(approved.id, `H-${stamp}`);
  const verified = await make('Valley Cafe');
  await apiVerify(verified.id);
  const rejected = await make('Annapurna Tailors');
  await apiReject(rejected.id, 'The photo of the shop front is missing.');
  await make('Mountain Momo');
  const ward = await apiLogin('ward1');

  for (const { device, lang, suffix } of SCREENS) {
    const m = MESSAGES[lang as Lang];
    const page = await screenPage(browser, device, lang, session);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: m.home.title })).toBeVisible();
    await expect(page.getByRole('link', { name: m.home.start })).toBeVisible();
    const cards = page.getByRole('list', { name: m.home.yourApplications }).getByRole('listitem');
    await expect(cards).toHaveCount(4);
    await shoot(page, `applicant-home-${suffix}`);

    // the applicant's own applications list
    await page.goto('/business/applications');
    const mine = listOf(page, m.applications.title);
    await expect(mine.getByRole('link', { name: 'Valley Cafe' })).toBeVisible();
    await expect(rowsOf(mine)).toHaveCount(4);
    await shoot(page, `list-applications-${suffix}`);
    await page.context().close();

    // a staff list: the payments of the ward
    const staff = await screenPage(browser, device, lang, ward);
    await staff.goto('/payments');
    const payments = listOf(staff, m.payments.title);
    await expect(rowsOf(payments).first()).toBeVisible();
    if (device === 'phone') {
      await expect(staff.getByRole('table')).toHaveCount(0);
      await expect(staff.getByRole('list', { name: m.payments.title })).toBeVisible();
    }
    await shoot(staff, `list-payments-${suffix}`);
    await staff.context().close();
  }
});
