/**
 * Renewal reminders (issue 19 §5) through the built app. English, desktop: ward 1's admin finds
 * an expired registration on the list of registrations due for renewal, presses "Remind now",
 * and the row shows the last reminder; the applicant's phone gets the SMS (the log driver's file)
 * with the registration number, the expiry and the renew page's link; an applicant who turned
 * reminders off shows as such, with no button. Nepali, 360 × 740 phone: an applicant turns
 * renewal reminders off on the profile. Pictures: docs/screenshots/reminders-*.png.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { bsToAd } from '../src/shared/bs-date.js';
import { apiAccept, apiCreateApplication, apiLogin, apiRegister } from './api';
import {
  API,
  CITIZENSHIP,
  langPage,
  login,
  MESSAGES,
  shoot,
  unique,
  VIEWPORTS,
  type Lang,
} from './support';
import { smsLog } from './port';

const SMS_LOG = smsLog();

/** An applicant with an old paper registration, accepted: expired long ago, due for renewal. */
async function expiredRegistration(name: string, business: string) {
  const { stamp, mobile } = unique('97');
  const session = await apiRegister({ name, username: `remind_${stamp}`, phone: mobile });
  const app = await apiCreateApplication(session.token, business, name, mobile, {
    isOldRegistration: '1',
    oldRegistrationNo: `${stamp % 10000}/2079-80`,
    oldRegistrationDate: bsToAd({ year: 2079, month: 5, day: 10 }),
    oldCertificate: { file: CITIZENSHIP, type: 'image/png' },
  });
  const accepted = await apiAccept(app.id);
  return { session, phone: mobile, id: app.id, ...accepted };
}

/** Turns the renewal reminders of `token`'s user on or off through the API. */
async function setReminders(token: string, on: boolean) {
  const fd = new FormData();
  fd.append('renewalReminders', String(on));
  const res = await fetch(`${API}/profiles/reminders`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: fd,
  });
  expect(res.status).toBe(200);
}

/** The SMS texts the log driver wrote for `phone`. */
async function smsTo(phone: string): Promise<string[]> {
  const raw = await readFile(SMS_LOG, 'utf8').catch(() => '');
  return raw
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((m) => m.to === phone)
    .map((m) => m.text);
}

test('staff remind an applicant now from the renewals list (English, desktop)', async ({
  browser,
}) => {
  const m = MESSAGES['en-US'];
  const { stamp } = unique();
  const due = await expiredRegistration('Hari Shrestha', `Himal Hardware ${stamp}`);
  const quiet = await expiredRegistration('Maya Gurung', `Quiet Tailors ${stamp}`);
  await setReminders(quiet.session.token, false);

  const page = await langPage(browser, VIEWPORTS.desktop, 'en-US');
  await login(page, 'ward1');
  await page
    .getByRole('navigation', { name: m.nav.main })
    .getByRole('link', { name: m.nav.renewals })
    .click();
  await expect(page.getByRole('heading', { name: m.renewal.listTitle })).toBeVisible();
  await page.getByLabel(m.applications.search).fill(String(stamp));
  const table = page.getByRole('table', { name: m.renewal.listTitle });
  const row = table.getByRole('row').filter({ hasText: `Himal Hardware ${stamp}` });
  const quietRow = table.getByRole('row').filter({ hasText: `Quiet Tailors ${stamp}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(m.reminders.never)).toBeVisible();
  // the applicant who turned reminders off: said so, and no button
  await expect(quietRow.getByText(m.reminders.optedOut)).toBeVisible();
  await expect(quietRow.getByRole('button', { name: m.reminders.remindNow })).toHaveCount(0);

  await row
    .getByRole('button', {
      name: m.reminders.remindNowLabel.replace('{{name}}', `Himal Hardware ${stamp}`),
    })
    .click();
  await expect(page.getByText(m.reminders.sent)).toBeVisible();
  await expect(row.getByText(m.reminders.lastSent)).toBeVisible();
  await expect(row.getByText(m.reminders.never)).toHaveCount(0);
  await shoot(page, 'reminders-remind-now-en-desktop', { blur: true });

  // the applicant's phone: the reminder, with the number, the expiry and the renew link
  await expect
    .poll(async () => (await smsTo(due.phone)).filter((s) => s.includes('re-new-registration')), {
      timeout: 20_000,
    })
    .toHaveLength(1);
  const [sms] = (await smsTo(due.phone)).filter((s) => s.includes('re-new-registration'));
  expect(sms).toContain(due.registrationNo);
  expect(sms).toContain('the registration expired on');
  expect(sms).toContain(`/re-new-registration/${due.id}`);
  expect(sms).toContain('turn them off in your profile');
  expect((await smsTo(quiet.phone)).filter((s) => s.includes('re-new-registration'))).toEqual([]);
  await page.context().close();
});

test('an applicant turns renewal reminders off on the profile (Nepali, phone)', async ({
  browser,
}) => {
  const lang: Lang = 'ne';
  const m = MESSAGES[lang];
  const { stamp, mobile } = unique('97');
  const session = await apiRegister({
    name: 'सीता तामाङ',
    username: `remind_ne_${stamp}`,
    phone: mobile,
  });
  const page = await langPage(
    browser,
    { ...VIEWPORTS.phone, viewport: { width: 360, height: 740 } },
    lang,
    session,
  );
  await page.goto('/profile#reminders');
  const card = page.getByRole('region', { name: m.reminders.profile.title });
  await expect(card).toBeVisible();
  const toggle = card.getByRole('switch', { name: m.reminders.profile.toggle });
  await expect(toggle).toBeChecked();
  await expect(toggle).toBeEnabled();
  await toggle.uncheck();
  await expect(page.getByText(m.reminders.profile.savedOff)).toBeVisible();
  await expect(card.getByText(m.reminders.profile.off)).toBeVisible();
  await expect(toggle).not.toBeChecked();
  // the picture: the card on the screen, the confirmation closed
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: m.reminders.profile.savedOff })
    .getByRole('button')
    .click();
  await expect(page.getByText(m.reminders.profile.savedOff)).toBeHidden();
  await card.evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await shoot(page, 'reminders-profile-ne-phone', { blur: true, fullPage: false });

  // stored: the API says off, and a reload shows it off
  const me = await apiLogin(session.user.username);
  const res = await fetch(`${API}/profiles/reminders`, {
    headers: { authorization: `Bearer ${me.token}` },
  });
  expect(((await res.json()) as { data: unknown }).data).toEqual({ renewalReminders: false });
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: m.reminders.profile.title })
      .getByRole('switch', { name: m.reminders.profile.toggle }),
  ).not.toBeChecked();
  await page.context().close();
});
