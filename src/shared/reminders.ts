/**
 * Renewal reminders (issue 19 §5): which reminder point is due for a registration today. A
 * point is a whole number of days from the registration's expiry: negative before it (-30 =
 * 30 days before), positive after, 0 on the day. The palika's settings give the points as days
 * before and days after (settings `renewal`, src/shared/schemas/settings.ts).
 *
 * On a day the due point is the latest point reached (earlier ones missed are skipped, so a
 * registration never gets two reminders at once), unless REMINDER_STALE_DAYS or more have passed
 * since it fell due: a job that was down for weeks, or an expiry long before the points were
 * set, sends nothing late. Pure: dates are AD 'YYYY-MM-DD', no clock is read.
 */

/** A point this many days past its day is no longer sent. */
export const REMINDER_STALE_DAYS = 30;

/** The points of the settings, ascending: days before as negatives, then days after. */
export function reminderPoints(before: readonly number[], after: readonly number[]): number[] {
  return [...new Set([...before.map((d) => (d === 0 ? 0 : -d)), ...after])].sort((a, b) => a - b);
}

/** Whole days from AD date `from` to `to` (negative when `to` is earlier). */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The point due today for a registration expiring on `expiry`, or null.
 * @param points ascending (reminderPoints)
 * @param today AD, Nepal's date
 */
export function duePoint(points: readonly number[], expiry: string, today: string): number | null {
  const d = daysFrom(expiry, today);
  let due: number | null = null;
  for (const p of points) if (p <= d) due = p;
  return due !== null && d - due < REMINDER_STALE_DAYS ? due : null;
}

/**
 * The range of expiry dates that can have a point due on `today` (AD, inclusive), for the job's
 * query; null when there are no points.
 */
export function dueExpiryRange(
  points: readonly number[],
  today: string,
): { from: string; to: string } | null {
  if (points.length === 0) return null;
  const shift = (days: number) => {
    const t = new Date(`${today}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() + days);
    return t.toISOString().slice(0, 10);
  };
  // d = today - expiry must lie in [min point, max point + STALE - 1]
  return {
    from: shift(-(points[points.length - 1] + REMINDER_STALE_DAYS - 1)),
    to: shift(-points[0]),
  };
}
