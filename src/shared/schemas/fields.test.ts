/** Field builders shared by forms and routes: the AD date refuses days that do not exist. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from '../i18n/index.js';
import { manualPaymentSchema } from './payments.js';
import { profileUpdateSchema } from './auth.js';
import { adDate, isRealAdDate, MSG, reqId } from './fields.js';
import { requiredFileSchema, userCreateSchema } from './resources.js';

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

describe('an empty required select (issue 17: it said "Choose a valid option")', () => {
  const issueOf = (schema: z.ZodType, value: unknown, path: string) =>
    schema.safeParse(value).error?.issues.find((i) => i.path.join('.') === path)?.message;

  it.each([
    ['a user’s gender', userCreateSchema, 'gender'],
    ['a user’s type', userCreateSchema, 'userType'],
    ['a required file’s flag', requiredFileSchema, 'requiredIn'],
    ['the profile language', profileUpdateSchema, 'lang'],
    ['a counter payment’s channel', manualPaymentSchema, 'channel'],
  ])('%s: missing, null or empty says the SPEC’s required text', (_, schema, field) => {
    for (const empty of [undefined, null, '']) {
      expect(issueOf(schema, { [field]: empty }, field)).toBe(MSG.required);
    }
    // a value that is not an option still says so
    expect(issueOf(schema, { [field]: 'nonsense' }, field)).toBe(MSG.choice);
  });

  it('a required id select: empty is required, 0 is not an option', () => {
    expect(reqId().safeParse('').error?.issues[0].message).toBe(MSG.required);
    expect(reqId().safeParse(undefined).error?.issues[0].message).toBe(MSG.required);
    expect(reqId().safeParse('0').error?.issues[0].message).toBe(MSG.choice);
  });

  it('renders the SPEC text in English and its Nepali equivalent', () => {
    expect(translate('en-US', MSG.required)).toBe('This filed is required');
    expect(translate('ne', MSG.required)).toMatch(/^[\u0900-\u097F\s।]+$/);
  });
});
