/**
 * The renewal window (issue 17 §6): a registration may be renewed from `windowDays` days before
 * it expires (the palika's setting `renewal`.windowDays); the API test is
 * src/server/modules/settings/settings.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { addDaysAd, renewBlockOf } from './renewals.js';

describe('renewBlockOf', () => {
  const reg = { appStatus: 'approved' as const, isRenewal: false };
  const today = todayAd();
  const in10 = addDaysAd(today, 10);

  it('opens renewal windowDays before the expiry', () => {
    expect(renewBlockOf({ ...reg, expiryDate: in10 }, false, 9)).toBe('errors.notDueForRenewal');
    expect(renewBlockOf({ ...reg, expiryDate: in10 }, false, 10)).toBeNull();
    expect(renewBlockOf({ ...reg, expiryDate: today }, false, 0)).toBeNull();
    expect(renewBlockOf({ ...reg, expiryDate: addDaysAd(today, -5) }, false, 0)).toBeNull();
  });

  it('uses 30 days when no window is given, and still refuses a second renewal', () => {
    expect(renewBlockOf({ ...reg, expiryDate: addDaysAd(today, 30) }, false)).toBeNull();
    expect(renewBlockOf({ ...reg, expiryDate: addDaysAd(today, 31) }, false)).toBe(
      'errors.notDueForRenewal',
    );
    expect(renewBlockOf({ ...reg, expiryDate: in10 }, true, 10)).toBe('errors.renewalOpen');
  });
});
