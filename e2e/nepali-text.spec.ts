/**
 * Nepali throughout (issue 7 §1): every screen (e2e/screens.ts) in `ne` shows no Latin-letter
 * and no ASCII-digit UI text. The text read is what a user meets: the visible text nodes, and
 * the placeholder, aria-label, title and alt attributes and button values (hidden elements
 * excepted, but visually hidden screen-reader text included).
 *
 * What is data, and so may be Latin or ASCII:
 *  - anything inside an element marked `translate="no"`, the HTML attribute for "a value, not
 *    language". The app puts it on what it renders verbatim from input or code: names and
 *    addresses as typed, usernames, emails, receipt and registration numbers, verify codes,
 *    file names, stored messages;
 *  - the same values where they recur inside a UI string or attribute (a button's
 *    "Edit Sita Tamang", "Welcome, Sita Tamang"): a string shown as data on the page is
 *    data wherever it appears, since an attribute cannot mark part of itself;
 *  - anything inside an element declared in another language (`lang="en-US"`), such as the
 *    English half of the bilingual certificate;
 *  - URLs and paths (`/verify`, `https://…`), which are typed as written;
 *  - the names in LATIN_ALLOWED, which Nepali writes in Latin letters too.
 *
 * Issue 17 §8: the toasts after an action too, whose text the server answers (a save's
 * 'Updated Successfully', a refusal's message): a save and a refused delete, in Nepali, on a
 * desktop and a phone, with pictures of both toasts (docs/screenshots/toast-*).
 */
import { expect, test, type Page } from '@playwright/test';
import { RoleContexts, ROLES, SCREEN_LIST, seedScreens, visit, type ScreenData } from './screens';
import { listOf } from './lists';
import { inPage, MESSAGES, shoot, type Device } from './support';

/**
 * Written in Latin in Nepali text as well, kept short on purpose:
 * - eSewa, Khalti: the payment gateways' brand names, as on their own Nepali pages and logos;
 * - PDF, CSV, XLSX, JPEG, PNG: file formats, named by their extension as the files are;
 * - MB: the unit of a file's size, as phones and the file picker show it;
 * - QR: "QR कोड", the standard's name, printed as such on Nepali certificates and shop stickers;
 * - EN: the language switch's button for English, which names English in English (as "ने"
 *   names Nepali in Nepali), and which the manual tells the reader to press.
 */
export const LATIN_ALLOWED = [
  'eSewa',
  'Khalti',
  'PDF',
  'CSV',
  'XLSX',
  'JPEG',
  'PNG',
  'MB',
  'QR',
  'EN',
];

interface Found {
  text: string;
  where: string;
}

/** Collects the user-facing strings of the page outside `translate="no"`, with a selector path. */
const COLLECT = `(() => {
  const out = [];
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 6; e = e.parentElement) {
      let p = e.tagName.toLowerCase();
      if (e.id) p += '#' + e.id;
      const tid = e.getAttribute('data-testid');
      if (tid) p += '[data-testid=' + tid + ']';
      const cls = [...e.classList].find((c) => c.startsWith('mantine-')) ?? e.classList[0];
      if (cls && !e.id) p += '.' + cls;
      parts.unshift(p);
    }
    return parts.join(' > ');
  };
  const shown = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const isData = (el) => {
    if (el.closest('[translate="no"]')) return true;
    const lang = el.closest('[lang]')?.getAttribute('lang') ?? '';
    return !!lang && !lang.startsWith('ne');
  };
  // The values marked as data on this page, longest first (see the file's comment).
  const values = new Set();
  for (const el of document.querySelectorAll('[translate="no"]')) {
    const v = el.textContent.trim();
    if (v) values.add(v);
    for (const a of ['placeholder', 'value']) if (el.getAttribute(a)) values.add(el.getAttribute(a));
  }
  for (const el of document.querySelectorAll('[translate="no"] input, input[translate="no"]')) {
    if (el.value) values.add(el.value);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.nodeValue.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('script, style, noscript, template') || isData(el)) continue;
    // A closed native select's options have no box; the select itself is what shows.
    const host = el.closest('select') ?? el;
    if (!shown(host)) continue;
    out.push({ text, where: path(el) });
  }
  const attrs = ['placeholder', 'aria-label', 'title', 'alt'];
  for (const el of document.body.querySelectorAll('[placeholder], [aria-label], [title], [alt], input[type=button], input[type=submit], input[type=reset]')) {
    if (isData(el) || !shown(el.closest('select') ?? el)) continue;
    for (const a of attrs) {
      const v = el.getAttribute(a)?.trim();
      if (v) out.push({ text: v, where: path(el) + '@' + a });
    }
    if (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes(el.type) && el.value) {
      out.push({ text: el.value, where: path(el) + '@value' });
    }
  }
  if (document.title) out.push({ text: document.title, where: 'title' });
  return { out, values: [...values].sort((a, b) => b.length - a.length) };
})()`;

const ALLOWED = new RegExp(`\\b(${LATIN_ALLOWED.join('|')})\\b`, 'g');
/** URLs, and paths of the app written in a text (`/verify`). */
const URLS = /\bhttps?:\/\/\S+|(?<![\w/])\/[a-z][\w\-/]*/g;

/** The strings of the page that are Latin or ASCII digits outside data and the allowlist. */
async function offending(page: Page) {
  const { out, values } = await inPage<{ out: Found[]; values: string[] }>(page, COLLECT);
  return out.filter(({ text }) => {
    let rest = text;
    for (const v of values) rest = rest.split(v).join(' ');
    return /[A-Za-z0-9]/.test(rest.replace(URLS, ' ').replace(ALLOWED, ' '));
  });
}

let data: ScreenData;
let roles: RoleContexts;

test.beforeAll(async ({ browser }) => {
  data = await seedScreens();
  roles = new RoleContexts(browser, data);
});

test.afterAll(async () => {
  await roles?.close();
});

/** Visits the screens of a role in Nepali; the failures as lines (text, selector, screen). */
async function sweep(role: (typeof ROLES)[number], device: Device) {
  const screens = SCREEN_LIST.filter((s) => s.role === role && (device === 'desktop' || s.phone));
  const page = await roles.page(role, 'ne', device);
  const failures: string[] = [];
  for (const screen of screens) {
    await test.step(`${screen.name} [ne ${device}]`, () => visit(page, screen, 'ne', data));
    const seen = new Set<string>();
    for (const { text, where } of await offending(page)) {
      const line = `"${screen.name}" [${device}]: ${JSON.stringify(text)} at ${where}`;
      if (!seen.has(line)) failures.push(line);
      seen.add(line);
    }
  }
  return { failures, count: screens.length };
}

for (const role of ROLES) {
  test(`no Latin or ASCII-digit UI text in Nepali: ${role} screens`, async () => {
    const { failures, count } = await sweep(role, 'desktop');
    const phone = await sweep(role, 'phone');
    failures.push(...phone.failures);
    console.log(`${role}: ${count + phone.count} screens read in Nepali`);
    expect(failures.length, failures.join('\n')).toBe(0);
  });
}

/** The text of the toasts on the page that is Latin or ASCII digits, outside the allowlist. */
async function toastOffending(page: Page): Promise<string[]> {
  const texts = await page.getByRole('alert').allInnerTexts();
  return texts.filter((t) => /[A-Za-z0-9]/.test(t.replace(URLS, ' ').replace(ALLOWED, ' ')));
}

for (const device of ['desktop', 'phone'] as const) {
  test(`toasts after an action are Nepali, the server's answer included [${device}]`, async () => {
    const ne = MESSAGES.ne;
    const page = await roles.page('admin', 'ne', device);
    await visit(
      page,
      {
        name: 'wards',
        role: 'admin',
        path: () => '/wards',
        ready: async (p) => {
          await expect(listOf(p)).toBeVisible();
        },
      },
      'ne',
      data,
    );
    const ward = 'वडा नं. १';
    // ward 1 (in use by the ward admin, so its delete is refused) heads the list by number
    const editWard = page.getByRole('button', {
      name: ne.resource.editName.replace('{{name}}', ward),
    });
    // the first sortable column is the ward number: descending, then ascending
    const sortBy = page.getByRole('button', { name: new RegExp(`^${ne.fields.wardNumber} `) });
    if (!(await editWard.isVisible()) && device === 'phone') {
      // below 600 px the list is cards, sorted with a select (components/ListCards.tsx)
      await page
        .getByLabel(ne.home.cards.sortBy)
        .selectOption({ label: `${ne.fields.wardNumber} (${ne.home.cards.asc})` });
    } else if (!(await editWard.isVisible())) {
      await sortBy.first().click();
      await expect(sortBy.first()).toHaveAccessibleName(new RegExp(ne.a11y.sortedDesc));
      await sortBy.first().click();
      await expect(sortBy.first()).toHaveAccessibleName(new RegExp(ne.a11y.sortedAsc));
    }
    await editWard.click();
    const dialog = page.getByRole('dialog').last();
    await expect(dialog.locator('[name=nameNe]')).toHaveValue(ward);
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/wards\/\d+$/.test(r.url()),
    );
    await dialog.getByRole('button', { name: ne.resource.save, exact: true }).click();
    const answer = (await (await saved).json()) as { message: string; messageKey: string };
    expect(answer).toMatchObject({ message: ne.common.updated, messageKey: 'common.updated' });
    const toast = page.getByRole('alert').filter({ hasText: ne.common.updated });
    await expect(toast).toBeVisible();
    expect(await toastOffending(page)).toEqual([]);
    await shoot(page, `toast-saved-ne-${device}`, { fullPage: false, blur: true });
    // ---- a refused delete (409: the ward is in use): the server's message, in Nepali
    await page
      .getByRole('button', { name: ne.resource.deleteName.replace('{{name}}', ward) })
      .click();
    const confirm = page.getByRole('dialog', { name: ne.common.areYouSure });
    const refused = page.waitForResponse((r) => /\/api\/wards\/delete$/.test(r.url()));
    await confirm.getByRole('button', { name: ne.resource.delete, exact: true }).click();
    expect((await refused).status()).toBe(409);
    const inUse = page.getByRole('alert').filter({ hasText: ne.errors.inUse.split(':')[0] });
    await expect(inUse).toBeVisible();
    expect(await toastOffending(page)).toEqual([]);
    await shoot(page, `toast-refused-ne-${device}`, { fullPage: false, blur: true });
  });
}
