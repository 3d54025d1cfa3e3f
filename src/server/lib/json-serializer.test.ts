/**
 * The compiled response serializer (lib/json-serializer.ts) writes exactly what zod's parse and
 * JSON.stringify would for the applications list's schema — staff rows, an applicant's rows with
 * their optional fields, nulls, text needing escapes (quotes, control characters, emoji,
 * Devanagari) — leaves out keys the schema does not have, and refuses a value of the wrong kind.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applicationListRowSchema } from '../../shared/schemas/application-list.js';
import { listMetaSchema } from '../../shared/schemas/list.js';
import { compiledZodSerializer } from './json-serializer.js';

const schema = z.object({ data: z.array(applicationListRowSchema), meta: listMetaSchema });
const write = compiledZodSerializer({ schema });

const row = (i: number) => ({
  id: 1000 - i,
  submissionNo: `2083-84-B${String(i).padStart(6, '0')}`,
  registrationNo: i % 2 ? null : `${i}/2083-84`,
  businessName: ['जनकपुर कस्मेटिक्स', 'Say "hi" \\ now', 'tab\there\nline', 'emoji 😀', '\u2028'][
    i % 5
  ],
  ownerName: 'राजेश तुलाधर',
  appStatus: 'approved' as const,
  submissionDate: '2026-11-27',
  expiryDate: i % 3 ? null : '2027-07-16',
  createdAt: '2026-11-27T05:51:11.123Z',
  businessTypeId: 3,
  businessTypeNameEn: 'Retail shop',
  businessTypeNameNe: 'खुद्रा पसल',
  wardId: 4,
  wardNumber: 4,
});

describe('compiledZodSerializer', () => {
  it("writes what zod's parse + JSON.stringify write: staff rows and an applicant's", () => {
    const staff = {
      data: Array.from({ length: 10 }, (_, i) => row(i)),
      meta: { total: 500, totalCapped: true, nextCursor: 'Wzk5MjE0LDk5MjE0XQ' },
    };
    expect(write(staff)).toBe(JSON.stringify(schema.parse(staff)));
    const own = {
      data: [
        { ...row(1), kind: 'single', isRenewal: false, billTotal: null, canRenew: true },
        { ...row(2), rejectionReason: 'बिल "मिलेन"', paymentPending: false, openRenewalId: 7 },
      ],
      meta: { total: 2, totalCapped: false, nextCursor: null },
    };
    expect(write(own)).toBe(JSON.stringify(schema.parse(own)));
    expect(JSON.parse(write(own))).toEqual(schema.parse(own));
  });

  it('leaves out keys the schema does not have (internal fields never leave)', () => {
    const page = {
      data: [{ ...row(0), _sortValue: '2026-11-27', _session: true, _rank: 2 }],
      meta: { total: 1, totalCapped: false, nextCursor: null, extra: 1 },
    };
    const out = JSON.parse(write(page));
    expect(Object.keys(out.data[0])).toEqual(
      Object.keys(applicationListRowSchema.shape).slice(0, 14),
    );
    expect(out.meta).toEqual({ total: 1, totalCapped: false, nextCursor: null });
  });

  it('refuses a value of the wrong kind or a missing required field', () => {
    const bad = (r: object) => () =>
      write({ data: [r], meta: { total: 1, totalCapped: false, nextCursor: null } });
    expect(bad({ ...row(0), id: '12' })).toThrow(TypeError);
    expect(bad({ ...row(0), wardNumber: Number.NaN })).toThrow(TypeError);
    expect(bad({ ...row(0), businessName: null })).toThrow(TypeError);
    const { ownerName: _drop, ...missing } = row(0);
    expect(bad(missing)).toThrow(/ownerName/);
    expect(() => write({ data: 'x', meta: {} })).toThrow(TypeError);
  });
});
