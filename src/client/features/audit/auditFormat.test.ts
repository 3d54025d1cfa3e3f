/** Audit rows written for people (issue 17 §7): labels, rupees, statuses, data as typed. */
import { describe, expect, it } from 'vitest';
import i18n, { setLang } from '../../lib/i18n';
import { makeFormatter } from '../../lib/useFormat';
import { auditDetails, eventLabel } from './auditFormat';

describe('auditDetails', () => {
  it('writes changes as before → after, money in rupees, in the language', async () => {
    await setLang('ne');
    const t = i18n.t.bind(i18n);
    const f = makeFormatter('ne');
    expect(eventLabel('fiscal-years.create', t)).toBe('आर्थिक वर्ष थपियो');
    expect(eventLabel('some.unknown', t)).toBe('some.unknown');
    const lines = auditDetails(
      'tax-setups.update',
      { changes: { taxAmount: { from: 150000, to: 250000 }, fiscalYearId: { from: 2, to: 3 } } },
      t,
      f,
    );
    expect(lines).toEqual([
      { label: 'कर रकम', text: 'रु. १,५००.०० → रु. २,५००.००' },
      { label: expect.any(String) as string, text: '#२ → #३' },
    ]);
    // free text stays as typed; codes take the language's digits
    expect(
      auditDetails(
        'application.terminate',
        { from: 'approved', to: 'cancelled', remarks: 'Closed in 2083' },
        t,
        f,
      ),
    ).toEqual([
      { label: 'स्थिति', text: 'स्वीकृत → रद्द' },
      { label: 'कैफियत', text: 'Closed in 2083' },
    ]);
    expect(auditDetails('payment.record', { receiptNo: 'R-12' }, t, f)).toEqual([
      { label: 'रसिद नम्बर', text: 'R-१२' },
    ]);
    await setLang('en-US');
  });
});
