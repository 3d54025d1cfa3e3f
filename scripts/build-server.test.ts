/**
 * The server starts without loading what only some requests need (docs/performance.md
 * "Start-up"): the compiled server's static import graph from app.ts — what every start loads
 * — holds none of the packages loaded on first use, and each of them is still imported
 * somewhere (dynamically), so the check cannot pass because a name went stale.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from './server-build-options.mjs';

/** Packages a server loads on first use only: ~1.4 s of CPU at every start otherwise. */
const ON_FIRST_USE = [
  'playwright-core', // the first PDF (modules/certificates/pdf.ts)
  '@sparticuz/chromium', // the first PDF without a system Chromium
  'exceljs', // the first xlsx export (lib/export.ts)
  'nodemailer', // the first email (lib/messaging.ts SmtpMailer)
  '@aws-sdk/client-s3', // STORAGE=s3 only (lib/storage.ts openFileStore)
];

const root = path.resolve(import.meta.dirname, '..');
let outdir = '';
afterAll(() => (outdir ? rm(outdir, { recursive: true, force: true }) : undefined));

/** The packages `file` (an output of the build) loads, statically or on demand, transitively. */
function packagesOf(meta: Metafile, file: string, dynamic: boolean): Set<string> {
  const seen = new Set<string>();
  const found = new Set<string>();
  const walk = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const imp of meta.outputs[f]?.imports ?? []) {
      if (imp.kind === 'dynamic-import' && !dynamic) continue;
      if (imp.external) found.add(imp.path);
      else walk(imp.path);
    }
  };
  walk(file);
  return found;
}

describe('server start-up', () => {
  it('loads no package that only some requests need', async () => {
    outdir = await mkdtemp(path.join(os.tmpdir(), 'darta-build-'));
    const result = await build({
      ...serverBuildOptions({ entry: path.join(root, 'src/server/app.ts'), outdir }),
      absWorkingDir: root,
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    const meta = result.metafile!;
    const entry = Object.keys(meta.outputs).find((f) => meta.outputs[f].entryPoint);
    expect(entry).toBeDefined();
    const atStart = packagesOf(meta, entry!, false);
    const ever = packagesOf(meta, entry!, true);
    // what a start does load (a sign the graph was read at all)
    expect(atStart).toContain('fastify');
    expect(atStart).toContain('drizzle-orm');
    for (const name of ON_FIRST_USE) {
      expect(ever, `${name} is imported somewhere`).toContain(name);
      expect(atStart, `${name} is loaded at start-up`).not.toContain(name);
    }
  });
});
