/**
 * Vite plugin: @mantine/hooks' `useId` resolves to src/client/lib/mantineUseId.ts (React's id,
 * no random id set in a layout effect after mount; that file says why). Mantine's hooks entry
 * imports it as `./use-id/use-id.mjs`, and every Mantine component takes it from there, so one
 * resolution replaces it everywhere. scripts/mantine-use-id.test.ts fails when a Mantine upgrade
 * moves the module (the replacement would silently stop applying).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The replacement module (absolute path). */
export const REPLACEMENT = path.join(ROOT, 'src/client/lib/mantineUseId.ts');
/** The specifier Mantine's hooks entry imports its `useId` by. */
export const SPECIFIER = './use-id/use-id.mjs';
/** The importer: @mantine/hooks' ESM entry. */
export const IMPORTER = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;

/** @returns {import('vite').Plugin} */
export function mantineUseId() {
  return {
    name: 'darta:mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === SPECIFIER && importer && IMPORTER.test(importer)) return REPLACEMENT;
      return null;
    },
  };
}
