/** Idempotency-Keys of form submissions: one per content, kept across a reload, dropped on success. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetSubmissionKey,
  formFingerprint,
  keepKeyAfter,
  newIdempotencyKey,
  submissionKey,
} from './idempotency';

beforeEach(() => sessionStorage.clear());

const form = (name: string, file = new File(['abc'], 'a.png', { type: 'image/png' })) => {
  const fd = new FormData();
  fd.append('businessName', name);
  fd.append('doc_photo', file);
  return fd;
};

describe('submission keys', () => {
  it('makes UUID keys within the server limits (1–128 printable ASCII)', () => {
    const k = newIdempotencyKey();
    expect(k).toMatch(/^[\x20-\x7e]{1,128}$/);
    expect(newIdempotencyKey()).not.toBe(k);
  });

  it('gives the same key to the same form content, a new one when the content changes', () => {
    const a = submissionKey('application:single:3', formFingerprint(form('Himal')));
    expect(submissionKey('application:single:3', formFingerprint(form('Himal')))).toBe(a);
    const b = submissionKey('application:single:3', formFingerprint(form('Himal Traders')));
    expect(b).not.toBe(a);
    // another file (name, type or size) is other content too
    const bigger = new File(['abcd'], 'a.png', { type: 'image/png' });
    expect(
      submissionKey('application:single:3', formFingerprint(form('Himal Traders', bigger))),
    ).not.toBe(b);
  });

  it('keeps the key in sessionStorage (a reload reuses it) until it is forgotten', () => {
    const fp = formFingerprint(form('Himal'));
    const a = submissionKey('application:single:3', fp);
    expect(sessionStorage.getItem('darta.submit.application:single:3')).toContain(a);
    expect(submissionKey('application:multiple:3', fp)).not.toBe(a);
    forgetSubmissionKey('application:single:3');
    expect(submissionKey('application:single:3', fp)).not.toBe(a);
  });

  it('keeps the key after no answer, a 409 or a 5xx; drops it after other refusals', () => {
    expect([0, 409, 500, 503].map(keepKeyAfter)).toEqual([true, true, true, true]);
    expect([400, 401, 413, 422, 507].map(keepKeyAfter)).toEqual([false, false, false, false, true]);
  });
});
