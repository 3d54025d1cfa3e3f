/**
 * The detail's action dialogs load when first opened (issue 18 §5,
 * src/client/components/lazyDialog.tsx). When the dialog's code cannot be downloaded, the opened
 * dialog says so in the reader's language and offers to reload the page: Chromium keeps a
 * failed module import until the page is reloaded, so trying the import again cannot succeed.
 * After the reload, with the connection back, the dialog opens. Through the built app, in a real
 * browser, in English on a desktop and in Nepali on a phone, with a screenshot of the message.
 */
import { expect, test } from '@playwright/test';
import { apiCreateApplication, apiLogin, apiRegister } from './api';
import { langPage, MESSAGES, shoot, unique, VIEWPORTS } from './support';

for (const [lang, device] of [
  ['en-US', 'desktop'],
  ['ne', 'phone'],
] as const) {
  test(`a dialog whose code did not download offers a reload, and opens after it (${lang}, ${device})`, async ({
    browser,
  }) => {
    const m = MESSAGES[lang];
    const { stamp, mobile } = unique('97');
    const applicant = await apiRegister({
      name: 'Nima Sherpa',
      username: `nima_${stamp}`,
      phone: mobile,
    });
    const { id } = await apiCreateApplication(
      applicant.token,
      `Khumbu Lodge ${stamp}`,
      'Nima Sherpa',
      mobile,
    );
    // No service worker: one that had cached the chunk would serve it unseen.
    const page = await langPage(
      browser,
      { ...VIEWPORTS[device], serviceWorkers: 'block' },
      lang,
      await apiLogin('ward1'),
    );
    let offline = true;
    await page.route(/\/assets\/ActionDialog-[\w-]+\.js$/, (route) =>
      offline ? route.abort('internetdisconnected') : route.continue(),
    );

    await page.goto(`/business/applications/${id}/detail`);
    const reject = page.getByRole('button', { name: m.actions.reject, exact: true });
    await reject.click();
    const failed = page.getByRole('alert').filter({ hasText: m.common.dialogLoadFailed });
    await expect(failed).toBeVisible();
    await shoot(page, `dialog-load-failed-${lang === 'ne' ? 'ne' : 'en'}-${device}`, {
      fullPage: false,
      blur: true,
    });

    // the connection is back: the reload fetches the dialog's code, and the dialog opens
    offline = false;
    await page.getByRole('button', { name: m.common.reloadPage }).click();
    await reject.click();
    const dialog = page.getByRole('dialog', { name: m.actions.reject });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox')).toBeVisible();
    await expect(failed).toHaveCount(0);
  });
}
