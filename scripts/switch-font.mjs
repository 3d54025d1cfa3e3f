/**
 * The language switch's font: Noto Sans Devanagari bold (@fontsource, OFL) cut down to the
 * characters of the switch's Nepali label (shared/i18n/langs.ts LANG_LABELS.ne, "ने"), ~0.7 KB of
 * woff2 with its shaping tables, which Vite inlines into the first-load CSS. Why: the header
 * draws the switch on every screen, and on an English page "ने" was the only Devanagari text of
 * the first paint, so Chromium fetched the whole bold file (55 KB) with the page's scripts; on
 * Lighthouse's Slow 4G that put the login's LCP ~0.2 s later (issue 18 §5; docs/performance.md,
 * 2026-11-28).
 *
 *   node scripts/switch-font.mjs   # writes src/client/components/ne-switch.woff2; commit it
 *
 * scripts/switch-font.test.ts fails when the committed file is not what this makes (a new label,
 * a new @fontsource version).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCE = path.join(
  ROOT,
  'node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2',
);
export const TARGET = path.join(ROOT, 'src/client/components/ne-switch.woff2');
/** LANG_LABELS.ne of src/shared/i18n/langs.ts (the test checks that they agree). */
export const TEXT = 'ने';

/** The subset font's bytes (woff2); harfbuzz's subsetter, so the same input gives the same bytes. */
export async function switchFont(text = TEXT) {
  return subsetFont(await readFile(SOURCE), text, { targetFormat: 'woff2' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const font = await switchFont();
  await writeFile(TARGET, font);
  console.log(`${path.relative(ROOT, TARGET)}: ${font.length} bytes for "${TEXT}"`);
}
