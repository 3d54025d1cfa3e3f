/**
 * The build's replacement of Mantine's useId (scripts/mantine-use-id.mjs): Mantine still imports
 * it by the path the plugin resolves, and a bundle built with the plugin carries React's id and
 * none of Mantine's random id set after mount.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { IMPORTER, mantineUseId, REPLACEMENT, SPECIFIER } from './mantine-use-id.mjs';

const HOOKS_ENTRY = path.resolve('node_modules/@mantine/hooks/esm/index.mjs');
const CACHE = path.resolve('.test-cache');

/** Bundles `code` (an ES module) with or without the plugin; returns the output's code. */
async function bundle(code: string, withPlugin: boolean) {
  // Inside the repository, so that the entry resolves @mantine/core from its node_modules.
  await mkdir(CACHE, { recursive: true });
  const dir = await mkdtemp(path.join(CACHE, 'use-id-'));
  try {
    const entry = path.join(dir, 'entry.mjs');
    await writeFile(entry, code);
    const out = (await build({
      configFile: false,
      logLevel: 'silent',
      root: path.resolve('.'),
      plugins: withPlugin ? [mantineUseId()] : [],
      build: {
        write: false,
        minify: false,
        lib: { entry, formats: ['es'], fileName: 'out' },
        rollupOptions: { external: ['react', 'react/jsx-runtime'] },
      },
    })) as Rollup.RollupOutput[];
    return out[0].output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('Mantine useId replaced in the build', () => {
  it("Mantine's hooks entry imports useId by the resolved path", async () => {
    const entry = await readFile(HOOKS_ENTRY, 'utf8');
    expect(entry).toContain(`import { useId } from "${SPECIFIER}";`);
    expect(IMPORTER.test(HOOKS_ENTRY)).toBe(true);
  });

  it('resolves only that import, from that importer', () => {
    const resolveId = mantineUseId().resolveId as (s: string, i?: string) => string | null;
    expect(resolveId(SPECIFIER, HOOKS_ENTRY)).toBe(REPLACEMENT);
    expect(resolveId(SPECIFIER, path.resolve('src/client/main.tsx'))).toBeNull();
    expect(resolveId('./use-idle/use-idle.mjs', HOOKS_ENTRY)).toBeNull();
  });

  it('a bundle of a Mantine component carries React’s id, not the random one', async () => {
    const code = "export { TextInput } from '@mantine/core';";
    const built = await bundle(code, true);
    expect(built).toContain('mantine-${reactId');
    expect(built).not.toContain('setUuid');
    // Without the plugin the same bundle has Mantine's id set after mount: the check can fail.
    expect(await bundle(code, false)).toContain('setUuid');
  }, 120_000);
});
