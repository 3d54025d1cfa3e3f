/** Which renewal reminder point is due on a day (issue 19 §5), and the job's expiry range. */
import { describe, expect, it } from 'vitest';
import { dueExpiryRange, duePoint, reminderPoints, REMINDER_STALE_DAYS } from './reminders.js';

const points = reminderPoints([30, 7], [7, 30]);
const expiry = '2026-07-16';
/** the AD date `n` days from the expiry */
const day = (n: number) => {
  const t = new Date(`${expiry}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + n);
  return t.toISOString().slice(0, 10);
};

describe('renewal reminder points', () => {
  it('orders the settings as signed offsets from the expiry', () => {
    expect(points).toEqual([-30, -7, 7, 30]);
    expect(reminderPoints([0, 14], [0])).toEqual([-14, 0]);
    expect(reminderPoints([], [])).toEqual([]);
  });

  it('is the latest point reached, never an earlier one missed', () => {
    expect(duePoint(points, expiry, day(-31))).toBeNull();
    expect(duePoint(points, expiry, day(-30))).toBe(-30);
    expect(duePoint(points, expiry, day(-8))).toBe(-30);
    expect(duePoint(points, expiry, day(-7))).toBe(-7);
    expect(duePoint(points, expiry, day(0))).toBe(-7);
    expect(duePoint(points, expiry, day(6))).toBe(-7);
    expect(duePoint(points, expiry, day(7))).toBe(7);
    expect(duePoint(points, expiry, day(30))).toBe(30);
  });

  it('sends nothing once a point is REMINDER_STALE_DAYS late', () => {
    expect(duePoint(points, expiry, day(30 + REMINDER_STALE_DAYS - 1))).toBe(30);
    expect(duePoint(points, expiry, day(30 + REMINDER_STALE_DAYS))).toBeNull();
    expect(duePoint([-7], expiry, day(-7 + REMINDER_STALE_DAYS))).toBeNull();
    expect(duePoint([], expiry, day(0))).toBeNull();
  });

  it('bounds the expiries that can have a point due today', () => {
    const today = '2026-07-16';
    const range = dueExpiryRange(points, today)!;
    expect(range).toEqual({ from: '2026-05-18', to: '2026-08-15' });
    // the ends are due, one day beyond is not
    expect(duePoint(points, range.to, today)).toBe(-30);
    expect(duePoint(points, range.from, today)).toBe(30);
    expect(duePoint(points, '2026-08-16', today)).toBeNull();
    expect(duePoint(points, '2026-05-17', today)).toBeNull();
    expect(dueExpiryRange([], today)).toBeNull();
  });
});
