/**
 * Frontend budget (issue 8 §2, DESIGN.md §8), checked by `npm run size` after `npm run build`.
 *
 * The login screen is the entry chunk (LoginPage is bundled into it; every other page is lazy),
 * so its first load is what index.html loads: the entry, its static imports (the
 * `<link rel="modulepreload">` chunks), and their CSS. The file list is read from Vite's build
 * manifest (dist/client/.vite/manifest.json, `build.manifest` in vite.config.ts), so it follows
 * the hashed names of each build. Sizes are gzip level 9; "KB" is 1,000 bytes (size-limit).
 */
import { existsSync, readFileSync } from 'node:fs';

const OUT = 'dist/client';
const MANIFEST = `${OUT}/.vite/manifest.json`;

if (!existsSync(MANIFEST)) {
  throw new Error(`${MANIFEST} is missing: run \`npm run build\` before \`npm run size\``);
}
/** @type {Record<string, {file: string, name?: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));

/** The manifest keys of a chunk and everything it imports statically, depth first. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error(`${MANIFEST} has no entry chunk`);
const firstLoad = [...staticClosure(entryKey)].map((k) => manifest[k]);
const js = firstLoad.map((c) => `${OUT}/${c.file}`);
const css = [...new Set(firstLoad.flatMap((c) => c.css ?? []))].map((f) => `${OUT}/${f}`);
// The Nepali catalogue: its own chunk, fetched before the first render when Nepali is chosen.
const ne = Object.values(manifest).find((c) => c.name === 'ne' && /\/ne-[^/]+\.js$/.test(c.file));
if (!ne) throw new Error(`${MANIFEST} has no Nepali catalogue chunk (src/client/lib/i18n.ts)`);

export default [
  { name: 'Login route: first-load JS', path: js, gzip: true, limit: '170 KB' },
  // Mantine's base styles and those of the login screen's components (the full stylesheet comes
  // with the lazy pages), the fonts' @font-face rules and the app's own CSS: 11.4 KB in session
  // 4 (38.9 KB with the full Mantine stylesheet before), rounded up.
  { name: 'Login route: first-load CSS', path: css, gzip: true, limit: '12 KB' },
  // What a Nepali reader's first load adds (the catalogue chunk): 18.1 KB in session 4, 23.2 KB
  // after issue 17 (applicant home, form steps, settings, history and audit labels), before the
  // form steps' texts. Raised to 28 KB, not split: see docs/decisions.md "Nepali catalogue budget".
  { name: 'Nepali catalogue chunk', path: [`${OUT}/${ne.file}`], gzip: true, limit: '28 KB' },
];
