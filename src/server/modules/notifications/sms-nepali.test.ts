/**
 * Issue 17 §8: every SMS and notification text in Nepali is Nepali throughout, with Devanagari
 * digits (codes, amounts, dates, submission and registration numbers, minutes). Every template
 * of `sms.*` and `notify.*` is rendered with sample values; a Latin letter or a Latin digit
 * fails, except in a URL and in the origin-bound code line `@host #123456` that phones read
 * (docs/decisions.md "OTP SMS digits"). A new template is checked without changing this test.
 */
import { describe, expect, it } from 'vitest';
import { resources, translate } from '../../../shared/i18n/index.js';
import { otpSmsText } from '../otp/index.js';
import { renderNotification, type NotificationVars } from './notify.js';

const LINK = 'https://darta.example.gov.np/business/certificate/512';

/** What a Nepali applicant's notification would carry: typed in Nepali, numbers as stored. */
const sample: NotificationVars = {
  business: 'सगरमाथा किराना पसल',
  submissionNo: '2082-83-000012',
  registrationNo: '17/2082-83',
  expiry: '2026-07-16',
  amount: 260_050,
  remarks: 'नागरिकताको प्रतिलिपि स्पष्ट छैन।',
  message: 'सक्कल लालपुर्जा लिएर कार्यालयमा आउनुहोस्।',
  link: LINK,
};

/** The text with the allowed Latin parts taken out: URLs and an origin-bound code line. */
function withoutAllowedLatin(text: string): string {
  return text.replace(/https?:\/\/\S+/g, '').replace(/^@[a-z0-9.-]+ #\d{6}$/gm, '');
}

function latinIn(text: string): string[] {
  return withoutAllowedLatin(text).match(/[A-Za-z0-9]+/g) ?? [];
}

describe('Nepali SMS and notifications', () => {
  const kinds = Object.keys(resources.ne.notify).filter((k) => k !== 'subject');

  it.each(kinds)('notify.%s has no Latin letter or digit', (kind) => {
    // a refund's remarks are a reason code, told in the reader's language
    const v = kind === 'refundDue' ? { ...sample, remarks: 'amountMismatch' } : sample;
    const { title, body } = renderNotification('ne', kind, v);
    expect(latinIn(title), title).toEqual([]);
    expect(latinIn(body), body).toEqual([]);
    // every value made it in, in Devanagari digits
    expect(`${title} ${body}`).toMatch(/[०-९]/);
  });

  it('writes the numbers of a notification in Devanagari digits', () => {
    const { title, body } = renderNotification('ne', 'approve', sample);
    expect(title).toContain('२०८२-८३-००००१२');
    expect(body).toContain('१७/२०८२-८३');
    expect(renderNotification('ne', 'verify', sample).body).toContain('रु. २,६००.५०');
    expect(body).toContain(LINK);
    // English keeps Latin digits
    expect(renderNotification('en-US', 'approve', sample).body).toContain('17/2082-83');
  });

  const codeKinds = Object.keys(resources.ne.sms).filter((k) => k !== 'registerTaken');

  it.each(codeKinds)(
    'the %s code SMS is Devanagari, with the origin-bound line last',
    (purpose) => {
      const text = otpSmsText('ne', purpose, '048213', 5, 'darta.example.gov.np');
      expect(latinIn(text), text).toEqual([]);
      expect(text).toContain('०४८२१३');
      expect(text).toContain('५ मिनेट');
      expect(text).not.toContain('5 मिनेट');
      expect(text.split('\n').at(-1)).toBe('@darta.example.gov.np #048213');
    },
  );

  it('keeps the English code SMS in Latin digits, with the same last line', () => {
    const text = otpSmsText('en-US', 'register', '048213', 5, 'localhost');
    expect(text).toBe(
      'Darta: your registration code is 048213. It is valid for 5 minutes.\n\n@localhost #048213',
    );
    // no public host known: the sentence alone
    expect(otpSmsText('en-US', 'reset', '048213', 5, '')).not.toContain('@');
  });

  it('the notice to a phone that has an account is Nepali but for its link', () => {
    const text = translate('ne', 'sms.registerTaken', {
      link: 'https://darta.example.gov.np/forget-password',
    });
    expect(latinIn(text), text).toEqual([]);
  });

  it('the test itself catches English and Latin digits', () => {
    expect(latinIn('कोड 048213 हो')).toEqual(['048213']);
    expect(latinIn('Updated Successfully')).toEqual(['Updated', 'Successfully']);
    expect(latinIn('५ मिनेट\n\n@darta.example.gov.np #048213')).toEqual([]);
  });
});
