/**
 * The build's preload helper (scripts/preload-helper.mjs): Vite still imports its helper by the
 * id the plugin resolves, and an app built with the plugin preloads a lazy chunk's imports
 * through src/client/lib/preloadHelper.ts, not through Vite's own helper.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadHelper, REPLACEMENT, SPECIFIER } from './preload-helper.mjs';

const CACHE = path.resolve('.test-cache');

/** Builds a tiny app whose entry lazily imports a page with an import of its own. */
async function buildApp(withPlugin: boolean) {
  await mkdir(CACHE, { recursive: true });
  const dir = await mkdtemp(path.join(CACHE, 'preload-'));
  try {
    await writeFile(path.join(dir, 'shared.mjs'), 'export const shared = () => "shared";\n');
    await writeFile(
      path.join(dir, 'page.mjs'),
      'import { shared } from "./shared.mjs";\nexport default () => shared();\n',
    );
    await writeFile(
      path.join(dir, 'other.mjs'),
      'import { shared } from "./shared.mjs";\nexport default () => shared() + 1;\n',
    );
    const entry = path.join(dir, 'entry.mjs');
    await writeFile(
      entry,
      'export const page = () => import("./page.mjs");\n' +
        'export const other = () => import("./other.mjs");\n',
    );
    const out = (await build({
      configFile: false,
      logLevel: 'silent',
      root: dir,
      plugins: withPlugin ? [preloadHelper()] : [],
      build: {
        write: false,
        minify: false,
        rollupOptions: { input: entry, preserveEntrySignatures: 'exports-only' },
      },
    })) as Rollup.RollupOutput;
    return out.output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('preload helper replaced in the build', () => {
  it('resolves only the helper’s id', () => {
    const resolveId = preloadHelper().resolveId as (s: string) => string | null;
    expect(resolveId(SPECIFIER)).toBe(REPLACEMENT);
    expect(resolveId('vite/modulepreload-polyfill')).toBeNull();
    expect(resolveId('./preload-helper.js')).toBeNull();
  });

  it('a lazily imported chunk with imports is preloaded through our helper', async () => {
    const built = await buildApp(true);
    expect(built).toContain('LINKS_PER_TASK');
    expect(built).toContain('__vitePreload(');
    expect(built).not.toContain('preloadedHrefs');
    // Without the plugin the same app carries Vite's helper: the check can fail.
    const plain = await buildApp(false);
    expect(plain).toContain('preloadedHrefs');
    expect(plain).not.toContain('LINKS_PER_TASK');
  }, 120_000);
});
