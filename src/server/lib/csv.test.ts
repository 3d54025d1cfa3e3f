import { describe, expect, it } from 'vitest';
import { safeCell, toCsv } from './csv.js';

describe('formula-safe CSV', () => {
  it('neutralises cells a spreadsheet would run, keeps numbers and plain text', () => {
    // OWASP ASVS 5.0 1.2.10: = + - @ tab and NUL (and CR) first
    for (const bad of ['=1+1', '+98', '-2', '@SUM(A1)', '\t=x', '\r=x', '\0=x'])
      expect(safeCell(bad)).toBe(`'${bad}`);
    expect(safeCell('Himalayan Tea')).toBe('Himalayan Tea');
    expect(safeCell(-250)).toBe(-250);
    expect(safeCell(null)).toBe('');
  });

  it('quotes commas and quotes, starts with a BOM, and keeps Devanagari', () => {
    const csv = toCsv(['name', 'note'], [['हिमालय, चिया', '=HYPERLINK("x")']]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv).toContain('"हिमालय, चिया"');
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
