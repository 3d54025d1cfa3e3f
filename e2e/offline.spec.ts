/**
 * Installable, offline-tolerant app (issue 7 §6; SPEC §7: the service worker is `/sw.js`):
 * - the manifest is served and valid, its icons load at their declared sizes, /sw.js is served
 *   from the root with `Cache-Control: no-cache`, registers and takes control; offline, a
 *   reload of an app page still shows the app (the cached shell) while the API is not
 *   answered from any cache;
 * - an applicant's half-filled application form (files included) comes back after a reload;
 *   submitting offline says so and keeps every value; back online the same submit goes
 *   through and the draft is deleted. In English and in Nepali, with the phone screenshots
 *   docs/screenshots/offline-submit-{en,ne}-phone.png.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiRegister, apiUploadProfileDocuments } from './api';
import {
  continueTo,
  fillApplication,
  fillBusinessStep,
  inPage,
  login,
  MESSAGES,
  screenPage,
  shoot,
  stepIndicator,
  submitApplication,
  unique,
  type Lang,
} from './support';

const en = MESSAGES['en-US'];

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(buf: Buffer) {
  expect(buf.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`;
}

/** Waits until /sw.js is active and controls the page. */
async function controlledBySw(page: Page) {
  const script = await inPage<string>(
    page,
    'navigator.serviceWorker.ready.then((r) => r.active.scriptURL)',
  );
  expect(new URL(script).pathname).toBe('/sw.js');
  await page.waitForFunction('navigator.serviceWorker.controller !== null');
}

/** What the service worker's own fetch of the API gives: a status, or 'failed' offline. */
async function swFetchesApi(context: BrowserContext) {
  const [worker] = context.serviceWorkers();
  expect(worker, 'a service worker runs').toBeTruthy();
  return worker.evaluate<number | string>(
    "fetch('/api/health').then((r) => r.status, () => 'failed')",
  );
}

test('the manifest, icons and /sw.js are served; offline, a reload still shows the app', async ({
  page,
  context,
  request,
}) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as {
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  } & Record<string, unknown>;
  expect(manifest).toMatchObject({
    name: 'Darta / दर्ता',
    short_name: 'Darta',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    lang: 'en-US',
    theme_color: '#4c6ef5',
    background_color: '#ffffff',
  });
  const has = (sizes: string, purpose: string, type = 'image/png') =>
    manifest.icons.some((i) => i.sizes === sizes && i.purpose === purpose && i.type === type);
  expect(has('192x192', 'any')).toBe(true);
  expect(has('512x512', 'any')).toBe(true);
  expect(has('512x512', 'maskable')).toBe(true);
  // PNGs only: a browser draws an SVG icon as a document of its own on the page's main thread,
  // a long task during the load (docs/performance.md "Smaller tasks during the load").
  expect(manifest.icons.every((i) => i.type === 'image/png')).toBe(true);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toContain(icon.type);
    const body = await file.body();
    expect(pngSize(body), icon.src).toBe(icon.sizes);
  }

  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  // the precache list was written in at build time, and holds the shell page
  expect(await sw.text()).toContain('"url":"index.html"');

  await page.goto('/user/login');
  await expect(page.locator('link[rel=manifest]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('meta[name=theme-color]')).toHaveAttribute('content', '#4c6ef5');
  await expect(page.locator('link[rel=apple-touch-icon]')).toHaveAttribute(
    'href',
    '/icons/apple-touch-icon.png',
  );
  const favicon = page.locator('link[rel=icon]');
  await expect(favicon).toHaveAttribute('type', 'image/png');
  const faviconFile = await request.get((await favicon.getAttribute('href'))!);
  expect(faviconFile.headers()['content-type']).toContain('image/png');
  expect(pngSize(await faviconFile.body())).toBe(await favicon.getAttribute('sizes'));
  await controlledBySw(page);
  expect(await swFetchesApi(context)).toBe(200);

  await context.setOffline(true);
  // The worker itself cannot reach the server now: what follows comes from its cache.
  expect(await swFetchesApi(context)).toBe('failed');
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('heading', { name: en.auth.loginTitle })).toBeVisible();
  // A client route never visited online is answered with the same cached shell.
  await page.goto('/forget-password');
  await expect(page.getByRole('heading', { name: en.forgot.title })).toBeVisible();
  // The API is never answered from a cache.
  expect(await inPage(page, "fetch('/api/health').then((r) => r.status, () => 'failed')")).toBe(
    'failed',
  );
  await context.setOffline(false);
});

/** The draft records this device holds for the app (IndexedDB `darta`, store `drafts`). */
function storedDrafts(page: Page) {
  return inPage<number>(
    page,
    `new Promise((resolve, reject) => {
      const open = indexedDB.open('darta');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('drafts')) return resolve(0);
        const count = db.transaction('drafts').objectStore('drafts').count();
        count.onsuccess = () => resolve(count.result);
      };
    })`,
  );
}

const LANGS: [Lang, string][] = [
  ['en-US', 'en'],
  ['ne', 'ne'],
];

for (const [lang, short] of LANGS) {
  test(`a form draft survives a reload and an offline submit (${short})`, async ({ browser }) => {
    const m = MESSAGES[lang];
    const isNe = lang === 'ne';
    const { stamp, mobile } = unique(isNe ? '97' : '98');
    const user = {
      name: isNe ? `गीता श्रेष्ठ ${stamp}` : `Sita Tamang ${stamp}`,
      username: `offline_${short}_${stamp}`,
      phone: mobile,
    };
    const session = await apiRegister(user);
    await apiUploadProfileDocuments(session.token);
    const page = await screenPage(browser, 'phone', lang);
    const context = page.context();
    await login(page, user.username, lang);
    await controlledBySw(page);

    await page.goto('/single_registration');
    await expect(page.getByRole('heading', { name: m.form.title })).toBeVisible();
    await expect(page.locator('select[name=businessTypeId] option')).not.toHaveCount(1);

    // ---- the first step, part of the second, then a reload
    const businessName = isNe ? `हिमालयन चिया घर ${stamp}` : `Himalayan Tea House ${stamp}`;
    await fillBusinessStep(page, { businessName, ownerName: user.name, mobile }, lang);
    await continueTo(page, 'owners', lang);
    await page.locator('form [name=ownerName]').fill(user.name);
    await expect(page.getByRole('status').filter({ hasText: m.offline.draftSaved })).toBeVisible();
    // the last change may still be waiting for the typing pause
    await page.waitForTimeout(800);
    expect(await storedDrafts(page)).toBe(1);

    await page.reload();
    // the same step (it is in the address), with the draft
    await expect(stepIndicator(page, 'owners', lang)).toBeVisible();
    await expect(page.getByText(m.offline.draftRestored)).toBeVisible();
    await expect(page.getByRole('button', { name: m.offline.discardDraft })).toBeVisible();
    await expect(page.locator('form [name=ownerName]')).toHaveValue(user.name);
    await page.getByRole('button', { name: m.steps.back }).click();
    await expect(page.locator('form [name=businessName]')).toHaveValue(businessName);

    // ---- the rest, then submit with the connection gone
    await fillApplication(page, { businessName, ownerName: user.name, mobile }, lang);
    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: m.offline.banner })).toBeVisible();
    await page.getByRole('button', { name: m.form.submit }).click();
    const offlineAlert = page.getByRole('alert').filter({ hasText: m.offline.submitOffline });
    await expect(offlineAlert).toBeVisible();
    await expect(page).toHaveURL(/\/single_registration\?step=check$/);
    // still on "check your answers", every answer kept
    await expect(page.getByText(businessName, { exact: true }).first()).toBeVisible();
    // the message, the buttons under it and the "draft saved" note, with the offline strip
    await page.getByRole('button', { name: m.form.submit }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('status').filter({ hasText: m.offline.banner })).toBeInViewport();
    // text first drawn offline still has its font (precached): no boxes in Nepali
    expect(
      await inPage<number>(page, `[...document.fonts].filter((f) => f.status === 'error').length`),
    ).toBe(0);
    await shoot(page, `offline-submit-${short}-phone`, { fullPage: false, blur: true });

    if (!isNe) {
      // A connection that drops while the browser still says "online": the same message.
      await context.setOffline(false);
      await expect(page.getByRole('status').filter({ hasText: m.offline.banner })).toHaveCount(0);
      await page.route('**/api/applications', (route) => route.abort('internetdisconnected'));
      await page.getByRole('button', { name: m.form.submit }).click();
      await expect(offlineAlert).toBeVisible();
      await page.unroute('**/api/applications');
      expect(await storedDrafts(page)).toBe(1);
    }

    // ---- back online: the same values go through, and the draft is gone
    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: m.offline.banner })).toHaveCount(0);
    await submitApplication(page, lang);
    expect(await storedDrafts(page)).toBe(0);
    await page.goto('/single_registration');
    await expect(page.getByRole('heading', { name: m.form.title })).toBeVisible();
    await expect(page.locator('form [name=businessName]')).toHaveValue('');
    await expect(page.getByText(m.offline.draftRestored)).toHaveCount(0);
    await context.close();
  });
}
