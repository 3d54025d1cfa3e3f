/**
 * An instant as a person in Nepal reads it (issue 17 §7): the BS date of that moment in
 * Asia/Kathmandu and the time of day, 24 h, in the language's digits: '2083-08-10 14:05' /
 * '२०८३-०८-१० १४:०५'. The server runs in UTC, so the date is taken in Nepal's time zone, not
 * from the UTC timestamp's first ten characters.
 */
import type { Formatter } from './useFormat';
import { once } from '../../shared/once.js';

/** Made on first use: a time-zone formatter costs a phone ~20 ms at start-up (issue 18 §5). */
const PARTS = once(
  () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kathmandu',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** The AD date ('YYYY-MM-DD') and time ('HH:mm') of `iso` in Nepal; null if unreadable. */
export function nepalDateTime(iso: string): { date: string; time: string } | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const p = Object.fromEntries(
    PARTS()
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** BS date and time of an instant in the formatter's language; '' when empty or unreadable. */
export function bsDateTime(iso: string | null | undefined, f: Formatter): string {
  if (!iso) return '';
  const n = nepalDateTime(iso);
  if (!n) return '';
  return `${f.date(n.date)} ${f.digits(n.time)}`;
}
