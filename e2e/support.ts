/**
 * Shared steps of the end-to-end specs. Texts come from the translation catalogue (the same
 * strings the app shows), fields are found by label or by their `name` attribute.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import enUS from '../src/shared/i18n/en-US.js';
import ne from '../src/shared/i18n/ne.js';
import { toNepaliDigits } from '../src/shared/format.js';
import { E2E_SERVER_PORT } from './port';
import { smsCode } from './sms';

export type Lang = 'en-US' | 'ne';
export type Messages = typeof enUS;
export const MESSAGES: Record<Lang, Messages> = { 'en-US': enUS, ne };

export const PASSWORD = 'Darta@2082';

/** The two viewports every screenshot is taken at (issue 2: phone and desktop widths). */
export const VIEWPORTS = {
  phone: {
    viewport: { width: 360, height: 780 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  desktop: {
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
} as const;
export type Device = keyof typeof VIEWPORTS;
/** This worker's server's API (e2e/port.ts). */
export const API = `http://127.0.0.1:${E2E_SERVER_PORT}/api`;

/** Where the screenshot specs save their pictures. */
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');

/**
 * Every viewport in every language, as the screenshot specs walk them; `suffix` ends the
 * picture's name (`en-phone`, `ne-desktop`, …).
 */
export const SCREENS = (Object.keys(VIEWPORTS) as Device[]).flatMap((device) =>
  (
    [
      ['en-US', 'en'],
      ['ne', 'ne'],
    ] as const
  ).map(([lang, short]) => ({ device, lang: lang as Lang, short, suffix: `${short}-${device}` })),
);

/**
 * A new browser context with `options` (viewport, scale, …), in the language (and Kathmandu's
 * time zone), signed in as `session` when one is given, and a page in it.
 */
export async function langPage(
  browser: Browser,
  options: BrowserContextOptions,
  lang: Lang,
  session?: { token: string; user: unknown },
) {
  const context = await browser.newContext({
    ...options,
    locale: lang === 'ne' ? 'ne-NP' : 'en-US',
    timezoneId: 'Asia/Kathmandu',
  });
  const storage: Record<string, string> = { lang };
  if (session) {
    storage.access_token = session.token;
    storage.user = JSON.stringify(session.user);
  }
  await context.addInitScript({
    content: Object.entries(storage)
      .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
      .join('\n'),
  });
  return context.newPage();
}

/** langPage at one of the screenshot viewports (`phone`, `desktop`). */
export function screenPage(
  browser: Browser,
  device: Device,
  lang: Lang,
  session?: { token: string; user: unknown },
) {
  return langPage(browser, VIEWPORTS[device], lang, session);
}

/**
 * Waits for the loaders to go and the web fonts to load, checks that nothing is wider than the
 * screen, and saves the shot in SCREENSHOTS. A full-page shot is taken with the viewport
 * stretched to the page's height, so fixed parts (header, navbar) span the whole picture.
 * `blur` takes the focus off first, so no focus ring shows.
 */
export async function shoot(
  page: Page,
  name: string,
  { fullPage = true, blur = false }: { fullPage?: boolean; blur?: boolean } = {},
) {
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await inPage(page, 'document.fonts.ready.then(() => undefined)');
  expect(
    await inPage(page, `[...document.fonts].filter((f) => f.status === 'loading').length`),
  ).toBe(0);
  if (blur) await inPage(page, 'document.activeElement?.blur()');
  const overflow = await inPage<number>(
    page,
    'document.documentElement.scrollWidth - window.innerWidth',
  );
  expect(overflow, `${name}: the page is wider than the screen`).toBeLessThanOrEqual(0);
  const size = page.viewportSize()!;
  const height = fullPage
    ? await inPage<number>(page, 'document.documentElement.scrollHeight')
    : size.height;
  if (height > size.height) await page.setViewportSize({ width: size.width, height });
  await inPage(page, 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
  await page.setViewportSize(size);
}
export const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');
export const PHOTO = path.join(FIXTURES, 'photo.jpg');
export const CITIZENSHIP = path.join(FIXTURES, 'citizenship.png');

/** A run-unique suffix and a matching 10-digit mobile number ('98' or '97' + 8 digits). */
export function unique(prefix: '98' | '97' = '98') {
  const stamp = Date.now();
  return { stamp, mobile: `${prefix}${String(stamp).slice(-8)}` };
}

/**
 * In-page code is passed as source text: this project's Node tsconfig has no DOM types, and
 * the expressions are tiny.
 */
export function inPage<T>(page: Page, expression: string): Promise<T> {
  return page.evaluate<T>(expression);
}

/** A localStorage entry of the app's origin (null when absent). */
export function stored(page: Page, key: string): Promise<string | null> {
  return inPage<string | null>(page, `localStorage.getItem(${JSON.stringify(key)})`);
}

/** Picks the UI language with the switch in the header or on the sign-in card. */
export async function switchLanguage(page: Page, lang: Lang) {
  const label = lang === 'ne' ? 'ने' : 'EN';
  await page.getByText(label, { exact: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  expect(await stored(page, 'lang')).toBe(lang);
}

export async function login(page: Page, username: string, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  await page.goto('/user/login');
  await page.getByLabel(m.auth.usernameOrPhone).fill(username);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.getByRole('button', { name: m.auth.login, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // staff land on the dashboard, applicants on their home (issue 17 §1)
  await expect(
    page
      .getByRole('heading', { name: m.dashboard.title })
      .or(page.getByRole('heading', { name: m.home.title })),
  ).toBeVisible();
}

/** Logs out with the navbar's button (desktop layout) and waits for the sign-in page. */
export async function logout(page: Page, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  await page
    .getByRole('navigation', { name: m.nav.main })
    .getByRole('button', { name: m.nav.logout })
    .click();
  await expect(page).toHaveURL(/\/user\/login$/);
  expect(await stored(page, 'access_token')).toBeNull();
}

export interface NewUser {
  name: string;
  username: string;
  phone: string;
}

/** Creates an account at /register (from the sign-in page's link) and lands on the dashboard. */
export async function registerAccount(page: Page, user: NewUser, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  await page.getByRole('link', { name: m.auth.registerLink, exact: true }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: m.auth.registerTitle })).toBeVisible();
  await page.getByLabel(m.auth.name).fill(user.name);
  await page.locator('input[name=username]').fill(user.username);
  await page.getByLabel(m.auth.phone).fill(user.phone);
  await page.getByLabel(m.auth.email).fill(`${user.username}@example.com`);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password_confirmation]').fill(PASSWORD);
  await page.getByRole('radio', { name: m.gender.female, exact: true }).check();
  // Step 1 sends a code by SMS (issue 5 §1); step 2 takes it from the phone's inbox.
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: m.otp.continue, exact: true }).click();
  await expect(page.getByText(otpSentText(user.phone, lang))).toBeVisible();
  await enterCode(page, await smsCode(user.phone, since), lang);
  await page.getByRole('button', { name: m.otp.verify, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(m.dashboard.welcome.replace('{{name}}', user.name))).toBeVisible();
}

/** "We sent a 6-digit code to …" of the code step, with the phone in the language's digits. */
export function otpSentText(phone: string, lang: Lang = 'en-US') {
  return MESSAGES[lang].otp.sentTo.replace(
    '{{phone}}',
    lang === 'ne' ? toNepaliDigits(phone) : phone,
  );
}

/** Types a one-time code into the 6-cell code input (the first cell takes the whole code). */
export async function enterCode(page: Page, code: string, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  const first = page.getByRole('textbox', {
    name: `${m.otp.label}: ${m.otp.digit.replace('{{n}}', lang === 'ne' ? '१' : '1')}`,
  });
  await first.fill(code);
  await expect(page.locator('input[type=hidden][name=otp]')).toHaveValue(code);
}

/** Follows "Apply new" in the main navigation. */
async function clickApplyNew(page: Page, m: Messages) {
  await page
    .getByRole('navigation', { name: m.nav.main })
    .getByRole('link', { name: m.nav.applyNew })
    .click();
}

/** From the dashboard: Apply new → single owner → the form. */
export async function openSingleRegistration(page: Page, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  await clickApplyNew(page, m);
  await expect(page).toHaveURL(/\/apply-new$/);
  await page.getByRole('link', { name: m.applyNew.start }).click();
  await expect(page).toHaveURL(/\/single_registration$/);
  await expect(page.getByRole('heading', { name: m.form.title })).toBeVisible();
  await expect(stepIndicator(page, 'business', lang)).toBeVisible();
  // The dropdowns are filled from the server: wait until they have their options.
  await expect(page.locator('select[name=businessTypeId] option')).not.toHaveCount(1);
}

export interface ApplicationData {
  businessName: string;
  ownerName: string;
  mobile: string;
}

/** Asserts the error Mantine shows under the field with this `name` (its accessible description). */
export async function expectFieldError(page: Page, name: string, text: string) {
  const field = page.locator(`form [name="${name}"]`);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(text)));
}

/** Asserts the error under the file input labelled `label` (its visible part is a button). */
export async function expectFileError(page: Page, label: string, text: string) {
  const button = page.getByRole('button', { name: label });
  await expect(button).toHaveAttribute('aria-invalid', 'true');
  await expect(button).toHaveAccessibleDescription(new RegExp(escapeRegExp(text)));
}

export function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Chooses a file through the FileInput's own button, as a user would. */
export async function chooseFile(page: Page, label: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByRole('button', { name: label })).toContainText(path.basename(file));
}

/** The step indicator ("Step 2 of 6: Owners") of the application form. */
export function stepIndicator(
  page: Page,
  step: keyof Messages['steps']['names'],
  lang: Lang = 'en-US',
) {
  const m = MESSAGES[lang];
  const n = ['business', 'owners', 'addresses', 'capital', 'documents', 'check'].indexOf(step) + 1;
  const digits = (x: number) => (lang === 'ne' ? toNepaliDigits(x) : String(x));
  return page.getByTestId('step-indicator').filter({
    hasText: m.steps.indicator
      .replace('{{n}}', digits(n))
      .replace('{{total}}', digits(6))
      .replace('{{name}}', m.steps.names[step]),
  });
}

/**
 * Asserts the error summary at the top of the step (issue 17 §2): "There is a problem" and
 * exactly these links, in order; then follows the first link, which focuses its field, and
 * checks that no toast repeats the errors.
 */
export async function expectErrorSummary(page: Page, links: string[], lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  const summary = page.getByTestId('error-summary');
  await expect(summary.getByRole('heading', { name: m.steps.problem })).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(links);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await summary.getByRole('link').first().click();
  const name = (await summary.getByRole('link').first().getAttribute('href'))!.slice(1);
  await expect(page.locator(`form [name="${name}"]`)).toBeFocused();
}

/** Presses Continue and waits for the next step (`next`). */
export async function continueTo(
  page: Page,
  next: keyof Messages['steps']['names'],
  lang: Lang = 'en-US',
) {
  await page.getByRole('button', { name: MESSAGES[lang].steps.continue }).click();
  await expect(stepIndicator(page, next, lang)).toBeVisible();
}

/** Step 1, business: name, type, firm and description. */
export async function fillBusinessStep(page: Page, d: ApplicationData, lang: Lang = 'en-US') {
  const isNe = lang === 'ne';
  await page.locator('form [name=businessName]').fill(d.businessName);
  await page
    .locator('select[name=businessTypeId]')
    .selectOption({ label: isNe ? 'चिया तथा खाजा पसल' : 'Tea and snack shop' });
  await page.locator('form [name=firmName]').fill(d.businessName);
  await page
    .locator('form [name=description]')
    .fill(isNe ? 'चिया र खाजा' : 'Tea, snacks and light meals');
}

/** Step 2 of a single-owner form: the owner and the applicant. */
export async function fillOwnerStep(page: Page, d: ApplicationData, lang: Lang = 'en-US') {
  const isNe = lang === 'ne';
  await page.locator('form [name=ownerName]').fill(d.ownerName);
  await page
    .locator('form [name=fatherOrHusbandName]')
    .fill(isNe ? 'राम बहादुर थापा' : 'Ram Bahadur Thapa');
  await fillApplicant(page, d, lang);
}

/** The applicant's name, address and phone (owners step). */
export async function fillApplicant(page: Page, d: ApplicationData, lang: Lang = 'en-US') {
  await page.locator('form [name=applicantName]').fill(d.ownerName);
  await page
    .locator('form [name=applicantAddress]')
    .fill(lang === 'ne' ? 'ललितपुर-५' : 'Lalitpur-5');
  await page.locator('form [name=applicantContact]').fill(d.mobile);
}

/** Step 3, addresses: the permanent address and the business location. */
export async function fillAddressesStep(page: Page, d: ApplicationData, lang: Lang = 'en-US') {
  const isNe = lang === 'ne';
  await expect(page.locator('select[name=permStateId] option')).toHaveCount(8);
  await page
    .locator('select[name=permStateId]')
    .selectOption({ label: isNe ? 'बाग्मती प्रदेश' : 'Bagmati Province' });
  const district = page.locator('select[name=permDistrictId]');
  await expect(district).toBeEnabled();
  await district.selectOption({ label: isNe ? 'ललितपुर' : 'Lalitpur' });
  const city = page.locator('select[name=permCityId]');
  await expect(city).toBeEnabled();
  // Lalitpur (Metropolitan City), id 331 in the divisions file.
  await city.selectOption({ label: isNe ? 'ललितपुर' : 'Lalitpur' });
  const ward = page.locator('select[name=permWardNo]');
  await expect(ward).toBeEnabled();
  await expect(ward.locator('option')).toHaveCount(30); // "choose" + 29 wards
  await ward.selectOption({ label: isNe ? '५' : '5' });
  await page.locator('form [name=permTole]').fill(isNe ? 'मंगलबजार' : 'Mangal Bazar');
  await expect(page.locator('select[name=wardId] option')).not.toHaveCount(1);
  await page
    .locator('select[name=wardId]')
    .selectOption({ label: isNe ? '१ — वडा नं. १' : '1 — Ward No. 1' });
  await page
    .locator('form [name=locAddress]')
    .fill(isNe ? 'ललितपुर-१, पुल्चोक' : 'Lalitpur-1, Pulchowk');
  await page.locator('form [name=locMobile]').fill(d.mobile);
}

/** Step 4, capital (Nepali-grouped, as people type amounts). */
export async function fillCapitalStep(page: Page, lang: Lang = 'en-US') {
  const isNe = lang === 'ne';
  await page.locator('form [name=capitalMax]').fill(isNe ? '५,००,०००' : '5,00,000');
  await page.locator('form [name=capitalCurrent]').fill('3,00,000');
  await page.locator('form [name=capitalPaidUp]').fill('200000');
}

/**
 * Fills every required field (and a few optional ones) of the single-owner form, step by
 * step, and ends on "Check your answers"; `more` fills more of the business or documents
 * step (an old registration, its scan). The photo and citizenship come from the profile;
 * the seeded setup asks for no other compulsory document.
 */
export async function fillApplication(
  page: Page,
  d: ApplicationData,
  lang: Lang = 'en-US',
  more: { business?: () => Promise<void>; documents?: () => Promise<void> } = {},
) {
  await fillBusinessStep(page, d, lang);
  await more.business?.();
  await continueTo(page, 'owners', lang);
  await fillOwnerStep(page, d, lang);
  await continueTo(page, 'addresses', lang);
  await fillAddressesStep(page, d, lang);
  await continueTo(page, 'capital', lang);
  await fillCapitalStep(page, lang);
  await continueTo(page, 'documents', lang);
  await attachRequiredDocuments(page);
  await more.documents?.();
  await continueTo(page, 'check', lang);
}

/**
 * The seeded required files asked for on create (src/server/db/seed.ts REQUIRED_FILES): none
 * is compulsory (the rent agreement and lalpurja are optional); the photo and citizenship
 * certificate come from the profile (issue 17 §3). Each is the input `doc_<slug>`.
 */
export const REQUIRED_ON_CREATE: [slug: string, file: string][] = [];

/** Attaches the compulsory documents of a new application (language-independent: by name). */
export async function attachRequiredDocuments(page: Page) {
  for (const [slug, file] of REQUIRED_ON_CREATE) {
    await attachFile(page, `doc_${slug}`, file);
  }
}

/**
 * Attaches a file to the file input with this `name`. The `<input type=file>` is hidden
 * behind the FileInput's button, which then shows the file's name.
 */
export async function attachFile(page: Page, name: string, file: string) {
  const input = page.locator(`input[type=file][name="${name}"]`);
  await input.setInputFiles(file);
  // Mantine renders the visible field (label, button with the file's name) right after it.
  await expect(page.locator(`input[type=file][name="${name}"] + *`)).toContainText(
    path.basename(file),
  );
}

/**
 * SPEC §5 'Please upload photos first': a new applicant opens Apply new, is told to upload
 * first, follows the link to the profile's upload card, uploads the photo and citizenship
 * certificate, and returns to Apply new, which now offers the forms.
 */
export async function uploadProfileDocumentsFirst(page: Page, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  await clickApplyNew(page, m);
  await expect(page).toHaveURL(/\/apply-new$/);
  const alert = page.getByRole('alert').filter({ hasText: m.errors.photosFirst });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('link', { name: m.applyNew.start })).toHaveCount(0);
  await alert.getByRole('link', { name: m.profileDocs.goUpload }).click();
  await expect(page).toHaveURL(/\/profile#documents$/);
  const card = page.getByRole('region', { name: m.profileDocs.title });
  await expect(card).toBeInViewport();
  await uploadProfileDocuments(page, lang);
  await clickApplyNew(page, m);
  await expect(page.getByRole('link', { name: m.applyNew.start })).toBeVisible();
}

/** On /profile: uploads the photo and the citizenship certificate in the documents card. */
export async function uploadProfileDocuments(page: Page, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  const card = page.getByRole('region', { name: m.profileDocs.title });
  await chooseFile(page, m.profileDocs.photo, PHOTO);
  await chooseFile(page, m.profileDocs.citizenship, CITIZENSHIP);
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/profiles/documents',
  );
  await card.getByRole('button', { name: m.profileDocs.upload, exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(card.getByText(m.profileDocs.missing)).toHaveCount(0);
  await expect(card.getByRole('img', { name: m.profile.photo })).toBeVisible();
  // The stored user (SPEC §9 key `user`) carries the new files too.
  const user = JSON.parse((await stored(page, 'user')) ?? '{}') as {
    photoFileId?: number | null;
    citizenshipFileId?: number | null;
  };
  expect(user.photoFileId).toEqual(expect.any(Number));
  expect(user.citizenshipFileId).toEqual(expect.any(Number));
}

export async function submitApplication(page: Page, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  await page.getByRole('button', { name: m.form.submit }).click();
  await expect(page).toHaveURL(/\/apply-new\/success$/);
  await expect(page.getByRole('heading', { name: m.submitted.title })).toBeVisible();
}

/** Staff: finds the application in the list by business name (list search) and opens it. */
export async function openFromList(page: Page, businessName: string, lang: Lang = 'en-US') {
  const m = MESSAGES[lang];
  await page
    .getByRole('navigation', { name: m.nav.main })
    .getByRole('link', { name: m.nav.applications })
    .click();
  await expect(page).toHaveURL(/\/business\/applications/);
  // The list asks the server again once the typing pauses (debounced search).
  const searched = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/applications' &&
      (new URL(r.url()).searchParams.get('filters') ?? '').includes(businessName),
  );
  await page.getByLabel(m.applications.search).fill(businessName);
  expect((await searched).ok()).toBe(true);
  const table = page.getByRole('table', { name: m.applications.title });
  const link = table.getByRole('link', { name: businessName, exact: true });
  await expect(link).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await link.click();
  await expect(page).toHaveURL(/\/business\/applications\/\d+\/detail$/);
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
}

/** The text of a downloaded PDF (receipt, certificate), after checking that it is one. */
export async function pdfText(file: string): Promise<string> {
  const buf = await readFile(file);
  expect(buf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
