/**
 * The BS calendar screen (issue 16 §6) through the built app: a system administrator corrects
 * a provisional year, which the server uses at once, then removes the correction; the
 * screen and its editor are photographed on a phone (360×780) and a desktop, in English and
 * Nepali (docs/screenshots/calendar-*.png).
 */
import { expect, test, type Page } from '@playwright/test';
import { apiLogin } from './api';
import { MESSAGES, screenPage, SCREENS, shoot, type Messages } from './support';

const YEAR = 2085;

const digits = (m: Messages, n: number) =>
  m === MESSAGES.ne
    ? String(n).replace(/[0-9]/g, (d) => String.fromCharCode(0x0966 + Number(d)))
    : String(n);

async function openEditor(page: Page, m: Messages) {
  await page
    .getByRole('button', { name: m.calendar.editYear.replace('{{year}}', digits(m, YEAR)) })
    .click();
  const dialog = page.getByRole('dialog', {
    name: m.calendar.yearTitle.replace('{{year}}', digits(m, YEAR)),
  });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a correction is used at once, and removed', async ({ browser }) => {
  const m = MESSAGES['en-US'];
  const page = await screenPage(browser, 'desktop', 'en-US', await apiLogin('admin'));
  await page.goto('/settings/calendar');
  await expect(page.getByRole('heading', { name: m.calendar.title })).toBeVisible();
  const dialog = await openEditor(page, m);
  await dialog.getByRole('textbox', { name: 'Baishakh' }).fill('31');
  await dialog.getByRole('textbox', { name: 'Jestha' }).fill('31');
  await expect(dialog.getByText('Total: 365 days')).toBeVisible();
  await dialog.getByRole('button', { name: m.calendar.save }).click();
  await page
    .getByRole('dialog', { name: m.calendar.confirmSaveTitle.replace('{{year}}', String(YEAR)) })
    .getByRole('button', { name: m.calendar.save })
    .click();
  await expect(page.getByText(m.calendar.saved)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: String(YEAR) });
  await expect(row.getByText(m.calendar.status.corrected)).toBeVisible();

  // the server converts with it too, and says so to a fresh reader
  const res = await page.request.get('/api/calendar');
  const y = (
    (await res.json()) as { data: { years: { year: number; months: number[] }[] } }
  ).data.years.find((v) => v.year === YEAR)!;
  expect(y.months.slice(0, 2)).toEqual([31, 31]);

  const again = await openEditor(page, m);
  await again.getByRole('button', { name: m.calendar.remove }).click();
  await page
    .getByRole('dialog', { name: m.calendar.confirmRemoveTitle.replace('{{year}}', String(YEAR)) })
    .getByRole('button', { name: m.calendar.remove })
    .click();
  await expect(page.getByText(m.calendar.removed)).toBeVisible();
  await expect(row.getByText(m.calendar.status.provisional)).toBeVisible();
  await page.context().close();
});

for (const { device, lang, short, suffix } of SCREENS) {
  test(`screenshots ${short} ${device}`, async ({ browser }) => {
    const m = MESSAGES[lang];
    const page = await screenPage(browser, device, lang, await apiLogin('admin'));
    await page.goto('/settings/calendar');
    await expect(page.getByRole('heading', { name: m.calendar.title })).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();
    await shoot(page, `calendar-${suffix}`);
    const dialog = await openEditor(page, m);
    // a correction being typed: one month changed, the total checked
    const chaitra = dialog.getByRole('textbox').nth(11);
    await chaitra.fill(digits(m, 32));
    await expect(dialog.getByText(m.calendar.validYear)).toBeVisible();
    await shoot(page, `calendar-editor-${suffix}`, { fullPage: false, blur: true });
    await page.context().close();
  });
}
