/** exportCell writes a setup-data cell the way the list shows it, in either language. */
import { describe, expect, it } from 'vitest';
import { exportCell, type ExportColumnSpec } from './resource-export.js';

const col = (kind: ExportColumnSpec['kind'], key = 'v', enumKey?: string): ExportColumnSpec => ({
  key,
  label: 'fields.name',
  kind,
  enumKey,
});

describe('exportCell', () => {
  it('names, numbers and money', () => {
    const row = { nameEn: 'Koshi', nameNe: 'कोशी', v: 1234500 };
    expect(exportCell(col('name', 'name'), row, 'en-US')).toBe('Koshi');
    expect(exportCell(col('name', 'name'), row, 'ne')).toBe('कोशी');
    // a missing Nepali name falls back to English, as on the page
    expect(exportCell(col('name', 'name'), { nameEn: 'Only' }, 'ne')).toBe('Only');
    expect(exportCell(col('money'), row, 'ne')).toBe(12345);
    expect(exportCell(col('number'), { v: '7' }, 'en-US')).toBe(7);
    expect(exportCell(col('number'), { v: null }, 'en-US')).toBeNull();
  });

  it('dates as BS, codes and instants with the language’s digits', () => {
    expect(exportCell(col('date'), { v: '2025-07-17' }, 'en-US')).toBe('2082-04-01');
    expect(exportCell(col('date'), { v: '2025-07-17' }, 'ne')).toBe('२०८२-०४-०१');
    expect(exportCell(col('digits'), { v: '2082/83' }, 'ne')).toBe('२०८२/८३');
    // 2025-07-17T04:00Z is 09:45 in Nepal
    expect(exportCell(col('datetime'), { v: '2025-07-17T04:00:00.000Z' }, 'en-US')).toBe(
      '2082-04-01 09:45',
    );
    expect(exportCell(col('datetime'), { v: '2025-07-17T04:00:00.000Z' }, 'ne')).toBe(
      '२०८२-०४-०१ ०९:४५',
    );
  });

  it('enums and booleans translated; an unknown enum value stays as stored', () => {
    expect(exportCell(col('enum', 'v', 'requiredIn'), { v: 'both' }, 'en-US')).not.toBe('both');
    expect(exportCell(col('enum', 'v', 'requiredIn'), { v: 'both' }, 'ne')).toMatch(
      /[\u0900-\u097F]/,
    );
    expect(exportCell(col('enum', 'v', 'requiredIn'), { v: 'zzz' }, 'en-US')).toBe('zzz');
    expect(exportCell(col('bool'), { v: true }, 'en-US')).toBe('Yes');
    expect(exportCell(col('bool'), { v: 0 }, 'ne')).toMatch(/[\u0900-\u097F]/);
  });
});
