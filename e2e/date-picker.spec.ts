/**
 * The BS date picker on a real date field, the payments list's "From (BS)" (issue 7 §1): opened
 * by keyboard, moved with arrows and PageDown, picked with Enter; Escape returns to the field;
 * an impossible typed BS date is refused with the validation error. Then the screenshots
 * `date-picker-{en,ne}-{phone,desktop}.png` with the calendar open, each screen first scanned
 * with axe-core (the open calendar and its field: no serious or critical violation).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formatBs, todayBs } from '../src/shared/bs-date.js';
import { apiLogin } from './api';
import { MESSAGES, SCREENS, screenPage, shoot, type Lang } from './support';

async function openPayments(page: Page, lang: Lang) {
  await page.goto('/payments');
  const from = page.getByRole('textbox', { name: MESSAGES[lang].payments.fromBs });
  await expect(from).toBeVisible();
  return from;
}

test('picks a BS date by keyboard and refuses an impossible one', async ({ browser }) => {
  const staff = await apiLogin('ward1');
  const page = await screenPage(browser, 'desktop', 'en-US', staff);
  const from = await openPayments(page, 'en-US');
  const dialog = page.getByRole('dialog', { name: 'Choose a date (BS)' });
  const focusedDay = page.locator('[role=gridcell][tabindex="0"]');

  await from.fill('2082-04-31');
  await from.press('Alt+ArrowDown');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('grid', { name: 'Shrawan 2082' })).toBeVisible();
  await expect(focusedDay).toBeFocused();
  await expect(focusedDay).toHaveAttribute('aria-label', 'Saturday, 31 Shrawan 2082');
  await expect(focusedDay).toHaveAttribute('aria-selected', 'true');

  // Across the month end, a month on, a week on.
  await page.keyboard.press('ArrowRight');
  await expect(focusedDay).toHaveAttribute('aria-label', 'Sunday, 1 Bhadra 2082');
  await expect(focusedDay).toBeFocused();
  await page.keyboard.press('PageDown');
  await expect(focusedDay).toHaveAttribute('aria-label', /, 1 Ashwin 2082$/);
  await page.keyboard.press('ArrowDown');
  await expect(focusedDay).toHaveAttribute('aria-label', /, 8 Ashwin 2082$/);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(from).toHaveValue('2082-06-08');
  await expect(from).toBeFocused();

  // The calendar button opens it too; Escape closes it and goes back to the field.
  await page.getByRole('button', { name: 'Open the calendar' }).first().click();
  await expect(dialog).toBeVisible();
  await expect(focusedDay).toHaveAttribute('aria-label', /, 8 Ashwin 2082$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(from).toBeFocused();
  await expect(from).toHaveValue('2082-06-08');

  // 32 Shrawan does not exist (Shrawan 2082 has 31 days): refused, no value used.
  const to = page.getByRole('textbox', { name: 'To (BS)' });
  await to.fill('2082-04-32');
  await to.press('Tab');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid date')).toBeVisible();
  await to.fill('2082-13-01');
  await expect(page.getByText('Enter a valid date')).toBeVisible();
  await to.fill('2082-04-31');
  await expect(page.getByText('Enter a valid date')).toBeHidden();
  await page.close();
});

test('screenshots: the date picker open', async ({ browser }) => {
  const staff = await apiLogin('ward1');
  // A day of this month other than today, so both the chosen day and today show.
  const today = todayBs();
  const chosen = { ...today, day: today.day > 3 ? today.day - 3 : today.day + 3 };
  for (const s of SCREENS) {
    const page = await screenPage(browser, s.device, s.lang, staff);
    const from = await openPayments(page, s.lang);
    await from.fill(formatBs(chosen, s.lang));
    await page.getByRole('button', { name: MESSAGES[s.lang].datePicker.open }).first().click();
    const dialog = page.getByRole('dialog', { name: MESSAGES[s.lang].datePicker.dialog });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('gridcell', { selected: true })).toHaveText(
      formatBs(chosen, s.lang).slice(-2).replace(/^[0०]/, ''),
    );
    await expect(dialog.locator('[aria-current=date]')).toHaveCount(1);
    // The calendar must fit the screen.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    const scan = await new AxeBuilder({ page })
      .include('[role=dialog]')
      .include('input[name=paidFrom]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = scan.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, s.suffix).toEqual([]);
    await shoot(page, `date-picker-${s.suffix}`, { fullPage: false });
    await page.close();
  }
});
