import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  allowedActions,
  nextStatus,
  STATUSES,
  type AppAction,
  type AppStatus,
} from './lifecycle.js';

/** The expected table, written out in full (DESIGN.md §4); every other pair is illegal. */
const LEGAL: [AppStatus, AppAction, AppStatus][] = [
  ['pending', 'verify', 'verified'],
  ['verified', 'pay', 'paid'],
  ['paid', 'approve', 'approved'],
  ['pending', 'reject', 'rejected'],
  ['verified', 'reject', 'rejected'],
  ['rejected', 'resubmit', 'pending'],
  ['pending', 'cancel', 'cancelled'],
  ['verified', 'cancel', 'cancelled'],
  ['rejected', 'cancel', 'cancelled'],
  ['approved', 'terminate', 'cancelled'],
  ['pending', 'accept', 'approved'],
];

describe('transition table', () => {
  it.each(STATUSES.flatMap((s) => ACTIONS.map((a) => [s, a] as const)))(
    '%s --%s-->',
    (from, action) => {
      const row = LEGAL.find(([f, a]) => f === from && a === action);
      expect(nextStatus(from, action)).toBe(row ? row[2] : null);
    },
  );

  it('cancelled is terminal and paid can only be approved', () => {
    expect(allowedActions('cancelled')).toEqual([]);
    expect(allowedActions('paid')).toEqual(['approve']);
    expect(allowedActions('pending')).toEqual(['verify', 'reject', 'cancel', 'accept']);
  });
});
