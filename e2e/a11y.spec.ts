/**
 * Accessibility (issue 7 §7): an axe-core scan of every screen (e2e/screens.ts) in English and
 * Nepali at desktop width, and of the phone-marked screens at 360 px, against WCAG 2.0/2.1 A and
 * AA. A serious or critical violation fails the test, printed with its rule, element and
 * screen; lesser ones are only counted in the summary. Every form field having a label is one
 * of axe's rules (label, select-name, aria-input-field-name).
 *
 * The keyboard tests walk the sign-in page and the application form with Tab: every field and
 * the submit button are reached in document order, each shows a visible focus ring, and Enter
 * in a field submits the form.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  RoleContexts,
  ROLES,
  SCREEN_LIST,
  seedScreens,
  visit,
  type Screen,
  type ScreenData,
} from './screens';
import { inPage, MESSAGES, PASSWORD, screenPage, type Device, type Lang } from './support';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING = new Set(['serious', 'critical']);
const LANGS: Lang[] = ['en-US', 'ne'];

let data: ScreenData;
let roles: RoleContexts;
/** Every violation found, for the summary printed at the end. */
const tally = { screens: 0, byImpact: {} as Record<string, number> };

test.beforeAll(async ({ browser }) => {
  data = await seedScreens();
  roles = new RoleContexts(browser, data);
});

test.afterAll(async () => {
  await roles?.close();
  const impacts = Object.entries(tally.byImpact)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(`axe: ${tally.screens} screens scanned; violations: ${impacts || 'none'}`);
});

/** Scans the screens in one language and device; returns the failing findings as lines. */
async function scan(page: Page, screens: Screen[], lang: Lang, device: Device) {
  const failures: string[] = [];
  for (const screen of screens) {
    const t0 = Date.now();
    await test.step(`${screen.name} [${lang} ${device}]`, () => visit(page, screen, lang, data));
    // the screen at rest: a pointer left over a button by the previous screen's click would
    // have axe measure that button's hover colours instead
    await page.mouse.move(0, 0);
    const t1 = Date.now();
    const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    if (process.env.A11Y_TIMING)
      console.log(`${screen.name}: visit ${t1 - t0} ms, axe ${Date.now() - t1} ms`);
    tally.screens++;
    for (const v of result.violations) {
      const impact = v.impact ?? 'unknown';
      tally.byImpact[impact] = (tally.byImpact[impact] ?? 0) + v.nodes.length;
      if (!FAILING.has(impact)) continue;
      for (const node of v.nodes) {
        failures.push(
          `${impact} ${v.id} on "${screen.name}" [${lang} ${device}] at ${node.target.join(' ')}: ` +
            (node.failureSummary ?? v.help).split('\n').slice(0, 3).join(' '),
        );
      }
    }
  }
  return failures;
}

for (const lang of LANGS) {
  for (const role of ROLES) {
    test(`axe finds no serious violation: ${role} screens, ${lang}, desktop`, async () => {
      const page = await roles.page(role, lang);
      const failures = await scan(
        page,
        SCREEN_LIST.filter((s) => s.role === role),
        lang,
        'desktop',
      );
      expect(failures.length, failures.join('\n')).toBe(0);
    });
  }
}

test('axe finds no serious violation: phone screens, both languages', async () => {
  const failures: string[] = [];
  for (const lang of LANGS) {
    for (const role of ROLES) {
      const screens = SCREEN_LIST.filter((s) => s.role === role && s.phone);
      if (!screens.length) continue;
      failures.push(...(await scan(await roles.page(role, lang, 'phone'), screens, lang, 'phone')));
    }
  }
  expect(failures.length, failures.join('\n')).toBe(0);
});

/** The focused element: its key, and whether it shows focus (issue 7 §7, WCAG 2.4.7). */
interface Focused {
  key: string;
  visible: boolean;
}
/**
 * The look that tells a focused element apart: Mantine draws an outline on focused buttons,
 * radios and checkboxes, and colours the border of focused inputs.
 */
const LOOK = `(el) => [el, el.parentElement].map((e) => {
  // The parent too: a password field's border is on the box around its input.
  const s = getComputedStyle(e);
  return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor].join('|');
}).join('/')`;
/** Focus is visible when the element matches :focus-visible and looks unlike its unfocused self. */
const FOCUSED = `new Promise((done) => setTimeout(() => {
  // After Mantine's 100 ms border-colour transition.
  const el = document.activeElement;
  if (!el || el === document.body) return done(null);
  const look = (${LOOK})(el);
  done({ key: el.dataset.kbKey ?? '', visible: el.matches(':focus-visible') && look !== el.dataset.kbLook });
}, 120))`;

/**
 * Marks the fields and the submit button of the form with their document order (data-kb-key),
 * presses Tab until the submit button has focus, and returns the keys in the order reached.
 * The visible part of a file input is its button, so that is the field marked.
 */
async function tabThrough(page: Page, form: string) {
  // Unfocused first (the sign-in page focuses its first field), so each field's look is its own.
  await inPage(page, 'document.activeElement?.blur(); window.scrollTo(0, 0)');
  const keys = await inPage<string[]>(
    page,
    `(() => {
      const form = document.querySelector(${JSON.stringify(form)});
      const fields = [...form.querySelectorAll(
        'input:not([type=hidden]):not([type=file]), select, textarea, button[type=submit], ' +
        'button.mantine-FileInput-input, button[aria-haspopup]:not([type=submit])'
      )].filter((el) => !el.disabled && el.checkVisibility() && el.tabIndex >= 0);
      // A radio group is one Tab stop (its checked or first radio): one key for all its radios.
      const seen = new Set();
      const stops = fields.filter((el) => {
        if (el.type !== 'radio') return true;
        if (seen.has(el.name)) return false;
        seen.add(el.name);
        return true;
      });
      return stops.map((el, i) => {
        const key = String(i).padStart(3, '0') + ':' + (el.name || el.type || el.textContent);
        const group = el.type === 'radio'
          ? [...form.querySelectorAll('input[type=radio]')].filter((r) => r.name === el.name)
          : [el];
        for (const g of group) {
          g.dataset.kbLook = (${LOOK})(g);
          g.dataset.kbKey = key;
        }
        return key;
      });
    })()`,
  );
  const reached: string[] = [];
  const submit = keys[keys.length - 1];
  for (let i = 0; i < keys.length * 3 + 40 && !reached.includes(submit); i++) {
    await page.keyboard.press('Tab');
    const f = await inPage<Focused | null>(page, FOCUSED);
    if (!f?.key) continue;
    expect(f.visible, `focus ring on ${f.key}`).toBe(true);
    if (!reached.includes(f.key)) reached.push(f.key);
  }
  return { keys, reached };
}

test('keyboard: the sign-in form is reached in order with Tab and submitted with Enter', async ({
  browser,
}) => {
  const m = MESSAGES['en-US'];
  const page = await screenPage(browser, 'desktop', 'en-US');
  await page.goto('/user/login');
  await expect(page.getByRole('heading', { name: m.auth.loginTitle })).toBeVisible();
  const { keys, reached } = await tabThrough(page, 'form');
  expect(reached.filter((k) => keys.includes(k))).toEqual(keys);
  // Enter in the password field signs in.
  await page.getByLabel(m.auth.usernameOrPhone).fill('ward1');
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.locator('input[name=password]').press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.context().close();
});

test('keyboard: the application form is reached in order with Tab, Enter submits', async ({
  browser,
}) => {
  const m = MESSAGES['en-US'];
  const page = await screenPage(browser, 'desktop', 'en-US', data.applicant);
  await page.goto('/single_registration');
  await expect(page.getByRole('heading', { name: m.form.title })).toBeVisible();
  await expect(page.locator('form select[name=businessTypeId] option')).not.toHaveCount(1);
  // the form settles once its setup data, profile and draft are in (it may mount again then)
  await page.waitForLoadState('networkidle');
  await expect(page.locator('form [name=businessName]')).toBeVisible();
  // the first step: business, other registration, old registration, Cancel and Continue
  const { keys, reached } = await tabThrough(page, 'form');
  expect(keys.length).toBeGreaterThan(7);
  expect(reached.filter((k) => keys.includes(k))).toEqual(keys);
  // Enter in a text field continues: the step's empty required fields are reported.
  await page.locator('form [name=businessName]').press('Enter');
  await expect(page.locator('form [aria-invalid=true]').first()).toBeVisible();
  await page.context().close();
});
