/**
 * Feature boundaries (issue 14): a file of `src/client/features/<a>/` may import another feature
 * `<b>` only through that feature's index — `../<b>`, `../<b>/index` or `../<b>/index.js` —
 * never one of its files (`../<b>/PayOnline`, `../../<b>/sections/X`, `…/features/<b>/api`).
 * Each feature's index.ts is its public surface; files of one feature import each other freely.
 *
 * no-restricted-imports matches the import's text, which is relative to the importing file, so
 * the patterns depend on how deep the file sits below its feature's folder: `../b/x` leaves the
 * feature from `features/a/File.tsx` but not from `features/a/sections/File.tsx`. Hence one
 * config object per depth (`featureConfigs`).
 *
 * Not covered:
 * - tests (`*.test.ts(x)`): they render pages of several features, which no index exports;
 * - dynamic `import()`, which no-restricted-imports does not see (the router, app/App.tsx, is
 *   the one place that lazy-loads pages by file, and it is outside the features);
 * - a path that climbs to `features/` and comes back into the file's own feature
 *   (`../a/x` from `features/a/File.tsx`), reported like another feature's: write `./x`.
 *
 * Usage in eslint.config.js, after the object that sets no-restricted-imports for
 * `src/client/**`:
 *
 *     import { featureConfigs } from './eslint.features.js';
 *     …
 *     ...featureConfigs(clientPatterns),
 *
 * where `clientPatterns` are that object's `patterns`. ESLint does not merge a rule's options
 * across config objects: a later object that sets no-restricted-imports for a file replaces the
 * earlier setting entirely, so these objects carry the earlier patterns with them
 * (`featureImportRules(existingPatterns)`).
 */

/** How deep below a feature's folder the configs reach (features/<a>/x/y/File.tsx = 3). */
export const MAX_DEPTH = 6;

const MESSAGE =
  "Import another feature only through its index (`../<feature>`), not its files: see the feature's index.ts and eslint.features.js.";

/** What may follow `<feature>/`: only its index, with or without an extension. */
const NOT_INDEX = '(?!index(?:\\.[cm]?[jt]sx?)?$)';

/**
 * no-restricted-imports `patterns` for a file `depth` folders below its feature's folder (1 for
 * `features/<a>/File.tsx`, 2 for `features/<a>/sections/File.tsx`): a relative path that climbs
 * exactly to `features/` and enters a folder, or that names `features/<b>/`, and then goes on
 * to anything but that folder's index.
 */
export function featurePatterns(depth = 1) {
  const up = '\\.\\./'.repeat(depth);
  return [
    // ../b/x from features/a/File.tsx, ../../b/x from features/a/sections/File.tsx, …
    { regex: `^${up}(?!\\.\\.?/)[^/]+/${NOT_INDEX}`, message: MESSAGE },
    // …/features/b/x by any other relative route (`../../features/b/x`).
    { regex: `^\\.\\.?/(?:.*/)?features/[^/]+/${NOT_INDEX}`, message: MESSAGE },
  ];
}

/**
 * The no-restricted-imports setting of a feature file `depth` folders below its feature's
 * folder: `existingPatterns` — the pattern objects (`{ group: ['**\/server/**'], message }`,
 * `{ regex, message }`…) that an earlier config object applies to the same files, which this
 * setting replaces — followed by `featurePatterns(depth)`.
 */
export function featureImportRules(existingPatterns = [], depth = 1) {
  return {
    'no-restricted-imports': [
      'error',
      { patterns: [...existingPatterns, ...featurePatterns(depth)] },
    ],
  };
}

/**
 * The flat-config objects: for each depth, `featureImportRules(existingPatterns, depth)` on the
 * feature files at that depth, tests excepted.
 */
export function featureConfigs(existingPatterns = [], dir = 'src/client/features') {
  return Array.from({ length: MAX_DEPTH }, (_, i) => ({
    name: `darta/feature-boundaries/depth-${i + 1}`,
    files: [`${dir}/*/${'*/'.repeat(i)}*.{ts,tsx,js,jsx}`],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: featureImportRules(existingPatterns, i + 1),
  }));
}

/**
 * The configs with no earlier patterns: for a config where nothing else sets
 * no-restricted-imports for the client's features. Here eslint.config.js does (the import
 * direction), so it uses `featureConfigs(clientPatterns)` instead.
 */
export default featureConfigs();
