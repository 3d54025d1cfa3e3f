/**
 * Vite plugin: the build's preload helper is src/client/lib/preloadHelper.ts (it adds a lazy
 * chunk's `<link rel=modulepreload>` a few per task rather than all in one; that file says why).
 * Vite's import analysis adds `import { __vitePreload } from "\0vite/preload-helper.js"` (a
 * virtual module of its own) to every module with a dynamic import; this plugin, run before
 * Vite's own, resolves that id to our module. scripts/preload-helper.test.ts fails when a Vite
 * upgrade renames the import (the replacement would silently stop applying).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The replacement module (absolute path). */
export const REPLACEMENT = path.join(ROOT, 'src/client/lib/preloadHelper.ts');
/** The specifier Vite's import analysis imports its helper by (a virtual module's id). */
export const SPECIFIER = '\0vite/preload-helper.js';

/** @returns {import('vite').Plugin} */
export function preloadHelper() {
  return {
    name: 'darta:preload-helper',
    enforce: 'pre',
    apply: 'build',
    resolveId(source) {
      return source === SPECIFIER ? REPLACEMENT : null;
    },
  };
}
