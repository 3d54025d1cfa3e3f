/** Field builders shared by forms and routes: the AD date refuses days that do not exist. */
import { describe, expect, it } from 'vitest';
import { adDate, isRealAdDate } from './fields.js';

describe('adDate', () => {
  it('accepts real days, with surrounding spaces trimmed', () => {
    expect(adDate().parse(' 2025-07-17 ')).toBe('2025-07-17');
    expect(adDate().parse('2024-02-29')).toBe('2024-02-29');
  });

  it.each([
    ['2024-02-30', 'a day Date.parse rolls over'],
    ['2023-02-29', 'not a leap year'],
    ['2025-04-31', 'April has 30 days'],
    ['2025-13-01', 'month 13'],
    ['2025-00-10', 'month 0'],
    ['2025-06-00', 'day 0'],
    ['17-07-2025', 'wrong order'],
    ['', 'empty'],
  ])('refuses %s (%s)', (value) => {
    const r = adDate().safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toMatch(/^validation\.(date|required)$/);
  });

  it('allows days beyond the BS table, which are shown as AD', () => {
    expect(isRealAdDate('2093-07-17')).toBe(true);
    expect(isRealAdDate('1900-01-01')).toBe(true);
    expect(isRealAdDate('2100-02-29')).toBe(false); // 2100 is not a leap year
  });
});
