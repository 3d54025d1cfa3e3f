/**
 * Frontend budget (issue 8 §2, DESIGN.md §8), checked by `npm run size` after `npm run build`.
 *
 * The login screen is the entry chunk (LoginPage is bundled into it; every other page is lazy),
 * so its first load is what index.html loads: the entry, its static imports, and their
 * CSS. The file list is read from Vite's build
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

/**
 * A signed-in route's first-load JS (issue 18 §5): the entry's closure, the signed-in area's
 * (app/SignedInArea.tsx, the shell) and the page's lazy chunk with its static imports — what
 * `preloadRoute` (app/App.tsx) fetches before the screen can draw. `page` is the page's source
 * path under src/client, as the manifest keys it.
 */
function routeJs(page) {
  if (!manifest[page]) throw new Error(`${MANIFEST} has no chunk for ${page} (App.tsx routes)`);
  const keys = new Set([
    ...staticClosure(entryKey),
    ...staticClosure('app/SignedInArea.tsx'),
    ...staticClosure(page),
  ]);
  return [...keys].map((k) => `${OUT}/${manifest[k].file}`);
}
const css = [...new Set(firstLoad.flatMap((c) => c.css ?? []))].map((f) => `${OUT}/${f}`);
// The Nepali catalogue, in two chunks fetched before the first render when Nepali is chosen
// (src/client/lib/i18n.ts): the sign-in screen's strings (shared/i18n/ne-signin.ts), all that
// the login page loads, and the rest (shared/i18n/ne.ts), which every other screen adds.
const chunkNamed = (name) => {
  const c = Object.values(manifest).find((m) => m.name === name && m.file.endsWith('.js'));
  if (!c) throw new Error(`${MANIFEST} has no chunk "${name}" (src/client/lib/i18n.ts)`);
  return c;
};
const ne = chunkNamed('ne');
const neSignIn = chunkNamed('ne-signin');

export default [
  { name: 'Login route: first-load JS', path: js, gzip: true, limit: '170 KB' },
  // The signed-in entry routes of issue 18 §5, each set just above its size when added (258.2,
  // 319.2, 303.3 and 305.2 KB; docs/performance.md "Lighthouse, issue 18"); raised by 4–6 KB
  // for issue 19's services (264.2, 325.7, 309.7, 313.3 KB: the English strings of five new
  // screens and the manual's new topics, in the entry chunk; docs/decisions.md "Budgets after
  // issue 19"). The form's raised by 1 KB on 2026-11-28 (327.8 → 328.3 KB): GrowingTextarea
  // and Arrow, which take ~75 ms of layout and a 55 KB font out of its first load
  // (docs/decisions.md "Fonts and hints for a slow link"). The home's raised by 1 KB on 2026-11-29
  // (266.0 → 266.4 KB): LazyMenu and the preloads in tasks of their own, which take a second,
  // synchronous render and the screen's effects out of its first commit (docs/decisions.md
  // "Nothing rendered again in the first commit").
  {
    name: 'Applicant home (/dashboard): first-load JS',
    path: routeJs('features/home/HomePage.tsx'),
    gzip: true,
    limit: '267 KB',
  },
  {
    name: 'Application form (/single_registration): first-load JS',
    path: routeJs('features/apply/SingleRegistrationPage.tsx'),
    gzip: true,
    limit: '301 KB',
  },
  {
    name: 'Application list (/business/applications): first-load JS',
    path: routeJs('features/registrations/ApplicationsListPage.tsx'),
    gzip: true,
    limit: '287 KB',
  },
  {
    name: 'Application detail (/business/applications/:id/detail): first-load JS',
    path: routeJs('features/registrations/ApplicationDetailPage.tsx'),
    gzip: true,
    // 312.7 → 282.4 KB when its action and payment dialogs became lazy (components/lazyDialog.tsx)
    limit: '285 KB',
  },
  // Mantine's base styles and those of the login screen's components (the full stylesheet comes
  // with the lazy pages), the fonts' @font-face rules and the app's own CSS: 11.4 KB in session
  // 4 (38.9 KB with the full Mantine stylesheet before), rounded up.
  { name: 'Login route: first-load CSS', path: css, gzip: true, limit: '12 KB' },
  // What a Nepali reader's first load adds. The whole catalogue was one chunk: 18.1 KB in session
  // 4, 23.6 KB after issue 17 (its budget raised to 28 KB). Issue 18 §5 split it: the login page
  // loads the sign-in strings only (3.9 KB), every other screen also the rest (20.7 KB); see
  // docs/decisions.md "Nepali catalogue budget". Issue 19's services took the rest to 26.4 KB
  // (budget 27.5 KB, docs/decisions.md "Budgets after issue 19").
  {
    name: 'Nepali catalogue: sign-in strings (login page)',
    path: [`${OUT}/${neSignIn.file}`],
    gzip: true,
    limit: '4.5 KB',
  },
  {
    name: 'Nepali catalogue: the rest (every other screen)',
    path: [`${OUT}/${ne.file}`],
    gzip: true,
    limit: '27.5 KB',
  },
];
