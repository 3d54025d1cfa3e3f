/**
 * The application detail's business name is on screen before any of the app's code has run
 * (issue 18 §5): index.html's outline script asks for the application with the stored token and
 * draws the name, and the app then reuses that answer instead of asking again
 * (src/client/app/staticShell.ts, src/client/lib/earlyDetail.ts). Through the built app, with its
 * Content-Security-Policy, in a real browser.
 */
import { expect, test, type Route } from '@playwright/test';
import { apiCreateApplication, apiLogin, apiRegister } from './api';
import { langPage, MESSAGES, unique, VIEWPORTS } from './support';

for (const lang of ['en-US', 'ne'] as const) {
  test(`the detail's name is drawn before the app's code, and asked for once (${lang})`, async ({
    browser,
  }) => {
    const m = MESSAGES[lang];
    const { stamp, mobile } = unique('97');
    const applicant = await apiRegister({
      name: 'Pemba Sherpa',
      username: `pemba_${stamp}`,
      phone: mobile,
    });
    const businessName = `Namche Bakery ${stamp}`;
    const { id } = await apiCreateApplication(
      applicant.token,
      businessName,
      'Pemba Sherpa',
      mobile,
    );
    // Signed in as the app keeps it (localStorage), on a phone. No service worker: one that had
    // cached the app's scripts would serve them without Playwright seeing the requests.
    const page = await langPage(
      browser,
      { ...VIEWPORTS.phone, serviceWorkers: 'block' },
      lang,
      await apiLogin('ward1'),
    );

    // Every app script but the outline's waits until the test lets it through.
    const held: Route[] = [];
    let open = false;
    await page.route('**/assets/*.js', (route) => {
      if (open || /\/assets\/shell-[\w-]+\.js$/.test(route.request().url())) void route.continue();
      else held.push(route);
    });
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === `/api/applications/${id}`) asked.push(url.search);
    });

    await page.goto(`/business/applications/${id}/detail`, { waitUntil: 'commit' });
    const name = page.getByRole('heading', { level: 2, name: businessName });
    await expect(name).toBeVisible();
    await expect(page.getByRole('link', { name: m.detail.backToList })).toHaveAttribute(
      'href',
      '/business/applications',
    );
    // drawn by the outline: no app module has run (the entry's chunk is among those held)
    expect(held.length).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: m.actions.verify })).toHaveCount(0);
    expect(asked).toEqual([`?lang=${lang}`]);

    open = true;
    for (const route of held.splice(0)) void route.continue();
    // the page itself, with the same answer
    await expect(page.getByRole('button', { name: m.actions.verify })).toBeVisible();
    await expect(name).toBeVisible();
    expect(asked).toEqual([`?lang=${lang}`]);
  });
}
