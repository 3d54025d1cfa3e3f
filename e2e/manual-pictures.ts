/**
 * The user manual's pictures (issue 7 §5), shared by the specs that make them (manual.spec.ts
 * for most topics; the services' specs for theirs): a 1024×700 desktop page at scale 1, and
 * the viewport saved as src/client/public/manual/{en,ne}/<name>.jpg (JPEG quality 70), the
 * size and place ManualPage declares.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { MANUAL_IMAGE, manualFolder } from '../src/client/features/manual/topics.js';
import { inPage, langPage, type Lang } from './support';

/** Where the pictures go (ManualPage serves them from /manual/{en,ne}/). */
export const MANUAL_DIR = path.resolve(import.meta.dirname, '../src/client/public/manual');

/** A 1024×700 desktop page at scale 1 in `lang`, signed in as `session` if given. */
export function manualPage(
  browser: Browser,
  lang: Lang,
  session?: { token: string; user: unknown },
) {
  return langPage(
    browser,
    {
      viewport: { ...MANUAL_IMAGE },
      deviceScaleFactor: 1,
      isMobile: false,
      hasTouch: false,
      // The pictures are of the screens, not of the offline app: no service worker in between.
      serviceWorkers: 'block',
    },
    lang,
    session,
  );
}

/**
 * Saves the viewport as the manual picture `name` after the loaders are gone and the fonts
 * loaded. `at` is scrolled to the top of the screen first (below the 56 px header), so the
 * step's part of the page is in the picture; `blur` takes the focus off first (no focus ring;
 * left off where an open dropdown is the point of the picture). Returns `en/<name>` or
 * `ne/<name>`.
 */
export async function manualSnap(
  page: Page,
  lang: Lang,
  name: string,
  { at, blur = false }: { at?: Locator; blur?: boolean } = {},
): Promise<string> {
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await inPage(page, 'document.fonts.ready.then(() => undefined)');
  if (blur) await inPage(page, 'document.activeElement?.blur()');
  if (at) {
    const box = await at.boundingBox();
    if (box) await inPage(page, `window.scrollBy(0, ${Math.round(box.y - 72)})`);
  }
  await inPage(page, 'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))');
  const folder = manualFolder(lang);
  await mkdir(path.join(MANUAL_DIR, folder), { recursive: true });
  await page.screenshot({
    path: path.join(MANUAL_DIR, folder, `${name}.jpg`),
    type: 'jpeg',
    quality: 70,
    animations: 'disabled',
    caret: 'hide',
  });
  return `${folder}/${name}`;
}
