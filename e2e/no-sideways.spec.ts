/**
 * No screen scrolls sideways on a phone (issue 17 §4 and its acceptance): every screen of
 * SCREEN_LIST (e2e/screens.ts), for each role and language, at 360 px: the page is no wider
 * than the screen (`document.documentElement.scrollWidth <= clientWidth`, measured with the
 * stylesheet's sideways clip lifted, so that a too-wide layout is not merely hidden). A table may still
 * scroll inside its own box, but lists are cards on a phone (components/ListCards.tsx). Every
 * offending screen is reported with how many pixels too wide it is and the widest culprits.
 */
import { expect, test } from '@playwright/test';
import { RoleContexts, ROLES, SCREEN_LIST, seedScreens, visit, type ScreenData } from './screens';
import { inPage, type Lang } from './support';

const LANGS: Lang[] = ['en-US', 'ne'];

let data: ScreenData;
let roles: RoleContexts;

test.beforeAll(async ({ browser }) => {
  data = await seedScreens();
  roles = new RoleContexts(browser, data);
});

test.afterAll(async () => {
  await roles?.close();
});

/**
 * How much wider than the screen the page is (px), and the elements that stick out most. The
 * app's stylesheet clips the page sideways (html, body { overflow-x: hidden }, a safety net),
 * which would hide a too-wide layout from `scrollWidth`: the clip is lifted while measuring.
 */
const OVERFLOW = `(() => {
  const lift = document.createElement('style');
  lift.textContent = 'html, body { overflow-x: visible !important; }';
  document.head.appendChild(lift);
  try {
    const root = document.documentElement;
    const over = root.scrollWidth - root.clientWidth;
    if (over <= 0) return { over, culprits: [] };
    const culprits = [...document.querySelectorAll('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter((x) => x.right > root.clientWidth + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 3)
      .map(({ el, right }) =>
        el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className
          ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '') +
        (el.textContent ? ' "' + el.textContent.trim().slice(0, 30) + '"' : '') +
        ' (right ' + Math.round(right) + ')');
    return { over, culprits };
  } finally {
    lift.remove();
  }
})()`;

test('the check sees a page wider than the screen (its own control)', async () => {
  const page = await roles.page('public', 'en-US', 'phone');
  await page.goto('/user/login');
  await expect(page.locator('form')).toBeVisible();
  expect((await inPage<{ over: number }>(page, OVERFLOW)).over).toBeLessThanOrEqual(0);
  await inPage(
    page,
    `(() => { const d = document.createElement('div'); d.id = 'too-wide';
      d.style.width = '500px'; d.style.height = '10px';
      document.querySelector('form').appendChild(d); })()`,
  );
  const r = await inPage<{ over: number; culprits: string[] }>(page, OVERFLOW);
  expect(r.over).toBeGreaterThan(100);
  expect(r.culprits.join(' ')).toContain('div');
  await inPage(page, `document.getElementById('too-wide').remove()`);
});

for (const lang of LANGS) {
  for (const role of ROLES) {
    test(`no sideways scroll at 360 px: ${role} screens, ${lang}`, async () => {
      test.setTimeout(600_000);
      const page = await roles.page(role, lang, 'phone');
      expect(page.viewportSize()?.width).toBe(360);
      const wide: string[] = [];
      for (const screen of SCREEN_LIST.filter((s) => s.role === role)) {
        await test.step(`${screen.name} [${lang}]`, () => visit(page, screen, lang, data));
        const r = await inPage<{ over: number; culprits: string[] }>(page, OVERFLOW);
        if (r.over > 0) {
          wide.push(
            `"${screen.name}" [${lang}] is ${r.over} px too wide: ${r.culprits.join(', ')}`,
          );
        }
      }
      expect(wide, wide.join('\n')).toEqual([]);
    });
  }
}
