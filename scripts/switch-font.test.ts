import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LANG_LABELS } from '../src/shared/i18n/langs.js';
import { switchFont, TARGET, TEXT } from './switch-font.mjs';

describe('the language switch font (scripts/switch-font.mjs)', () => {
  it('is the committed file, made for the Nepali label, and small enough for Vite to inline', async () => {
    expect(TEXT).toBe(LANG_LABELS.ne);
    const committed = await readFile(TARGET);
    expect(Buffer.compare(committed, await switchFont())).toBe(0);
    // Vite inlines assets under build.assetsInlineLimit (4096 bytes) as data: URLs
    expect(committed.length).toBeLessThan(4096);
    // a different label gives different glyphs, so a stale file cannot pass
    expect(Buffer.compare(committed, await switchFont('दर्ता'))).not.toBe(0);
  });
});
