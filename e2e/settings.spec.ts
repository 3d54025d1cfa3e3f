/**
 * The palika's settings (issue 17 §6) through the built app: a system administrator changes the
 * palika's name and emblem on the settings screen (English on a desktop, Nepali on a 360 px
 * phone); the signed-out login page then shows them, and a certificate approved afterwards
 * carries the new name (the PDF's text, and the web certificate page). The settings page and the
 * login page with the emblem are photographed in English and Nepali, phone and desktop
 * (docs/screenshots/settings-palika-*.png, login-palika-*.png). Every test puts the seeded
 * settings back, so the other specs see the demo palika.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiApprove, apiCreateApplication, apiLogin, apiRegister } from './api';
import {
  API,
  escapeRegExp,
  MESSAGES,
  pdfText,
  SCREENS,
  screenPage,
  shoot,
  unique,
  type Messages,
} from './support';

/** The seeded settings, read before a test changes them and put back after it. */
let seeded: Record<string, unknown>;

async function adminCall(method: string, url: string, json?: unknown) {
  const admin = await apiLogin('admin');
  const res = await fetch(`${API}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${admin.token}`,
      ...(json ? { 'content-type': 'application/json' } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  await fetch(`${API}/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
  });
  return res;
}

test.beforeEach(async () => {
  const res = await adminCall('GET', '/settings');
  expect(res.status).toBe(200);
  seeded = ((await res.json()) as { data: Record<string, unknown> }).data;
});

test.afterEach(async () => {
  const { nameEn, nameNe, addressEn, addressNe, phone, email } = seeded;
  const res = await adminCall('PUT', '/settings', {
    nameEn,
    nameNe,
    addressEn,
    addressNe,
    phone,
    email,
    adminCost: ((seeded.adminCost as number) / 100).toFixed(2),
    rentTaxRatePercent: seeded.rentTaxRatePercent,
    renewalWindowDays: seeded.renewalWindowDays,
  });
  expect(res.status).toBe(200);
  if (((await res.json()) as { data: { customEmblem: boolean } }).data.customEmblem) {
    expect((await adminCall('DELETE', '/settings/emblem')).status).toBe(200);
  }
});

/** A municipal seal drawn in the browser as a PNG: blue ring, crimson disc, peaks and a sun. */
async function emblemPng(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 200, height: 200 } });
  await page.setContent(
    `<body style="margin:0;background:transparent"><svg width="200" height="200" viewBox="0 0 200 200" xmlns="http://www.w3.org/2000/svg">` +
      `<circle cx="100" cy="100" r="96" fill="#003893"/><circle cx="100" cy="100" r="82" fill="#dc143c"/>` +
      `<circle cx="100" cy="64" r="16" fill="#ffc72c"/>` +
      `<polygon points="30,150 75,85 100,120 125,80 170,150" fill="#fff"/>` +
      `<rect x="40" y="152" width="120" height="10" rx="3" fill="#2e7d32"/></svg></body>`,
  );
  const png = await page.screenshot({ omitBackground: true });
  await page.close();
  return png;
}

const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });

/** On the settings screen: the names typed and saved; the emblem uploaded when given. */
async function changeSettings(
  page: Page,
  m: Messages,
  names: { en: string; ne: string },
  emblem?: Buffer,
) {
  await page.goto('/settings/palika');
  await expect(page.getByRole('heading', { name: m.settings.title })).toBeVisible();
  if (emblem) {
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'emblem.png', mimeType: 'image/png', buffer: emblem });
    await expect(page.getByText(m.settings.newEmblem)).toBeVisible();
    await page.getByRole('button', { name: m.settings.uploadEmblem }).click();
    await expect(page.getByText(m.settings.emblemSaved)).toBeVisible();
    await expect(page.getByRole('button', { name: m.settings.removeEmblem })).toBeVisible();
  }
  await field(page, m.settings.nameEn).fill(names.en);
  await field(page, m.settings.nameNe).fill(names.ne);
  await page.getByRole('button', { name: m.settings.save }).click();
  await expect(page.getByText(m.settings.saved)).toBeVisible();
}

/** The signed-out login page shows `name` and a loaded emblem image. */
async function expectLoginShows(page: Page, m: Messages, name: string) {
  await page.goto('/user/login');
  const header = page.getByTestId('palika-header');
  await expect(header.getByText(name, { exact: true })).toBeVisible();
  const img = header.getByRole('img', { name: m.settings.emblemAlt.replace('{{name}}', name) });
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
}

/** A new application taken through to approval; its id. */
async function approvedApplication(owner: string) {
  const { stamp, mobile } = unique('98');
  const applicant = await apiRegister({ name: owner, username: `palika_${stamp}`, phone: mobile });
  const businessName = `Settings Check ${stamp}`;
  const { id } = await apiCreateApplication(applicant.token, businessName, owner, mobile);
  await apiApprove(id, `S-${stamp}`);
  return id;
}

test('a system admin renames the palika: the login page and a new certificate show it (English, desktop)', async ({
  browser,
}) => {
  const m = MESSAGES['en-US'];
  const names = { en: 'Godawari Municipality', ne: 'गोदावरी नगरपालिका' };
  const page = await screenPage(browser, 'desktop', 'en-US', await apiLogin('admin'));
  await changeSettings(page, m, names, await emblemPng(browser));
  await page.context().close();

  const visitor = await screenPage(browser, 'desktop', 'en-US');
  await expectLoginShows(visitor, m, names.en);
  await visitor.context().close();

  // a certificate approved now names the palika as set, with its new emblem
  const id = await approvedApplication('Sabina Maharjan');
  const admin = await apiLogin('admin');
  const pdf = await fetch(`${API}/applications/${id}/certificate.pdf`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(pdf.status).toBe(200);
  const file = test.info().outputPath('certificate.pdf');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
  const text = await pdfText(file);
  expect(text).toContain(names.en);
  expect(text).not.toContain('Lalitpur Metropolitan City');
});

test('the palika renamed on a Nepali phone shows on the login page and a new certificate page', async ({
  browser,
}) => {
  const m = MESSAGES.ne;
  const names = { en: 'Mahalaxmi Municipality', ne: 'महालक्ष्मी नगरपालिका' };
  const session = await apiLogin('admin');
  const page = await screenPage(browser, 'phone', 'ne', session);
  await changeSettings(page, m, names);

  const visitor = await screenPage(browser, 'phone', 'ne');
  await expectLoginShows(visitor, m, names.ne);
  await visitor.context().close();

  const id = await approvedApplication('Rita Shakya');
  await page.goto(`/business/certificate/${id}`);
  await expect(page.getByRole('heading', { name: names.ne, level: 2 })).toBeVisible();
  await expect(page.getByText(names.en, { exact: true })).toBeVisible();
  await page.context().close();
});

for (const { device, lang, short, suffix } of SCREENS) {
  test(`screenshots ${short} ${device}`, async ({ browser }) => {
    const m = MESSAGES[lang];
    // the palika with its own emblem, as a real installation shows it
    const set = await adminCall('PUT', '/settings', {
      nameEn: 'Godawari Municipality',
      nameNe: 'गोदावरी नगरपालिका',
      addressEn: 'Taukhel, Godawari, Lalitpur',
      addressNe: 'टौखेल, गोदावरी, ललितपुर',
      phone: '01-5174201',
      email: 'info@godawarimun.gov.np',
      adminCost: '100.00',
      rentTaxRatePercent: '10',
      renewalWindowDays: '30',
    });
    expect(set.status).toBe(200);
    const page = await screenPage(browser, device, lang, await apiLogin('admin'));
    await page.goto('/settings/palika');
    await expect(page.getByRole('heading', { name: m.settings.title })).toBeVisible();
    await page.locator('input[type=file]').setInputFiles({
      name: 'emblem.png',
      mimeType: 'image/png',
      buffer: await emblemPng(browser),
    });
    await page.getByRole('button', { name: m.settings.uploadEmblem }).click();
    await expect(page.getByText(m.settings.emblemSaved)).toBeVisible();
    await expect(page.getByText(m.settings.emblemSaved)).toBeHidden({ timeout: 20_000 });
    await shoot(page, `settings-palika-${suffix}`, { blur: true });
    await page.context().close();

    const visitor = await screenPage(browser, device, lang);
    await expectLoginShows(
      visitor,
      m,
      lang === 'ne' ? 'गोदावरी नगरपालिका' : 'Godawari Municipality',
    );
    await shoot(visitor, `login-palika-${suffix}`, { blur: true });
    await visitor.context().close();
  });
}
