/** Which Chromium prints the PDFs (issue 16 §2): CHROMIUM_PATH, else the system's on PATH. */
import { chmod, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSystemChromium } from './pdf.js';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function binDir(files: Record<string, number | 'dir'>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'darta-bin-'));
  dirs.push(dir);
  for (const [name, mode] of Object.entries(files)) {
    const file = path.join(dir, name);
    if (mode === 'dir') await mkdir(file);
    else {
      await writeFile(file, '#!/bin/sh\n');
      await chmod(file, mode);
    }
  }
  return dir;
}

describe('findSystemChromium', () => {
  it('finds chromium, chromium-browser, google-chrome or google-chrome-stable on PATH, in that order', async () => {
    const a = await binDir({ 'google-chrome': 0o755 });
    const b = await binDir({ 'chromium-browser': 0o755 });
    const search = [a, b].join(path.delimiter);
    // chromium-browser ranks before google-chrome, whatever the folder order
    expect(findSystemChromium(search)).toBe(path.join(b, 'chromium-browser'));
    const c = await binDir({ chromium: 0o755 });
    expect(findSystemChromium([search, c].join(path.delimiter))).toBe(path.join(c, 'chromium'));
  });

  it('skips files that are not executable and folders; none found is undefined', async () => {
    const d = await binDir({ chromium: 0o644, 'chromium-browser': 'dir' });
    expect(findSystemChromium(d)).toBeUndefined();
    expect(findSystemChromium('')).toBeUndefined();
  });
});
