import { describe, expect, it } from 'vitest';
import { applicationBaseSchema, quoteSchema } from './applications.js';

const base = {
  businessName: 'Shop',
  ownerName: 'Ram',
  fatherOrHusbandName: 'Hari',
  businessTypeId: '1',
  permStateId: '1',
  permDistrictId: '1',
  permCityId: '1',
  permWardNo: '2',
  wardId: '1',
  locAddress: 'Main road',
  locMobile: '9800000000',
  capitalMax: '500000',
  capitalCurrent: '300000',
  capitalPaidUp: '100000',
  applicantName: 'Ram',
  applicantAddress: 'Ward 2',
  applicantContact: '9800000000',
};

describe('application schema numbers (issue 17 §2)', () => {
  it('reads Nepali-grouped amounts and Devanagari digits as the same paisa', () => {
    const v = applicationBaseSchema.parse({
      ...base,
      capitalMax: '5,00,000',
      capitalCurrent: '३,००,०००',
      capitalPaidUp: '100,000.50',
      cardLength: '१२०',
      rentLandlordName: 'Sita',
      rentMonthly: '१५,०००',
      rentTaxPeriodMonths: '१२',
      rentPurpose: 'commercial',
    });
    expect(v.capitalMax).toBe(50_000_000);
    expect(v.capitalCurrent).toBe(30_000_000);
    expect(v.capitalPaidUp).toBe(10_000_050);
    expect(v.cardLength).toBe(120);
    expect(v.rentMonthly).toBe(1_500_000);
    expect(v.rentTaxPeriodMonths).toBe(12);
  });

  it('refuses badly grouped amounts with the numeric message', () => {
    const r = applicationBaseSchema.safeParse({ ...base, capitalCurrent: '3,0,0' });
    expect(r.success).toBe(false);
    const issue = r.error?.issues.find((i) => i.path[0] === 'capitalCurrent');
    expect(issue?.message).toBe('validation.numeric');
  });

  it('keeps the fee estimate on the same reading', () => {
    expect(
      quoteSchema.parse({ businessTypeId: 1, capitalCurrent: '3,00,000' }).capitalCurrent,
    ).toBe(30_000_000);
  });
});
