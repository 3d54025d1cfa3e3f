/**
 * The application form's checks load when the form is first used (issue 18 §5,
 * src/client/features/apply/formSchema.ts): the step is drawn without zod and the shared
 * schema, the first focus in the form downloads them, and a Continue while they cannot be
 * downloaded says so in the reader's language, stays on the step and offers to reload the page
 * (Chromium keeps a failed module import until then); the reloaded form has the answers from
 * its draft and checks the step as always. Through the built app, in a real browser, in English
 * on a desktop and in Nepali on a phone, with a screenshot of the message.
 */
import { expect, test } from '@playwright/test';
import { apiRegister, apiUploadProfileDocuments } from './api';
import { langPage, MESSAGES, shoot, stepIndicator, unique, VIEWPORTS } from './support';

/** The chunks of the form's checks: the shared application schema and zod. */
const CHECKS = /\/assets\/(applications|schemas)-[\w-]+\.js$/;

for (const [lang, device] of [
  ['en-US', 'desktop'],
  ['ne', 'phone'],
] as const) {
  test(`the form's checks come on first use, and a failed download is said (${lang}, ${device})`, async ({
    browser,
  }) => {
    const m = MESSAGES[lang];
    const { stamp, mobile } = unique('98');
    const session = await apiRegister({
      name: 'Dawa Lama',
      username: `checks_${stamp}`,
      phone: mobile,
    });
    await apiUploadProfileDocuments(session.token);
    // No service worker: one that had cached the chunks would serve them unseen.
    const page = await langPage(
      browser,
      { ...VIEWPORTS[device], serviceWorkers: 'block' },
      lang,
      session,
    );
    const asked: string[] = [];
    let offline = true;
    await page.route(CHECKS, (route) => {
      asked.push(route.request().url());
      return offline ? route.abort('internetdisconnected') : route.continue();
    });

    await page.goto('/single_registration');
    await expect(stepIndicator(page, 'business', lang)).toBeVisible();
    await expect(page.locator('select[name=businessTypeId] option')).not.toHaveCount(1);
    // drawn, its lists in, and the checks not asked for
    expect(asked).toEqual([]);

    await page.locator('form [name=businessName]').fill(`Lama Tea House ${stamp}`);
    expect(asked.length).toBeGreaterThan(0); // the first focus asked for them
    await page.getByRole('button', { name: m.steps.continue }).click();
    const failed = page.getByRole('alert').filter({ hasText: m.form.checksLoadFailed });
    await expect(failed).toBeVisible();
    await expect(stepIndicator(page, 'business', lang)).toBeVisible();
    await expect(page.getByTestId('error-summary')).toHaveCount(0);
    await expect(page.locator('form [name=businessName]')).toHaveValue(`Lama Tea House ${stamp}`);
    await shoot(page, `form-checks-failed-${lang === 'ne' ? 'ne' : 'en'}-${device}`, {
      blur: true,
    });

    // Continue again without a reload: Chromium does not even ask for the failed chunk again
    const before = asked.length;
    offline = false;
    await page.getByRole('button', { name: m.steps.continue }).click();
    await expect(failed).toBeVisible();
    expect(asked.length).toBe(before);

    // the connection is back: the reload brings the answers back from the draft, then checks
    await failed.getByRole('button', { name: m.common.reloadPage }).click();
    await expect(page.getByText(m.offline.draftRestored)).toBeVisible();
    await expect(page.locator('form [name=businessName]')).toHaveValue(`Lama Tea House ${stamp}`);
    await expect(stepIndicator(page, 'business', lang)).toBeVisible();
    await page.getByRole('button', { name: m.steps.continue }).click();
    const summary = page.getByTestId('error-summary');
    await expect(summary).toContainText(`${m.form.businessTypeId}: ${m.validation.required}`);
    await expect(failed).toHaveCount(0);
    await expect(stepIndicator(page, 'business', lang)).toBeVisible();
  });
}
