/**
 * An AD date or timestamp shown as its BS date in the language's digits (issue 7 §1: "dates are
 * stored as AD and shown as BS, with AD on hover"). The AD date (and, for a timestamp, the time
 * in Nepal) shows in a tooltip on hover, touch and keyboard focus: the `<time>` element is in
 * the tab order so keyboard users reach it too. Inline, so it fits table cells. Plain-text
 * places (exports, aria-labels) keep using `f.date`.
 *
 * The tooltip is mounted on the first hover, touch or focus, not with the date: a Mantine
 * Tooltip sets state while it mounts (its portal, floating-ui's element refs), and a list of 25
 * rows has 50 dates, so mounting them all made React re-render every one synchronously right
 * after the list's first commit — a long task of ~50–150 ms (×4 on a slow phone), issue 18 §5.
 */
import { Tooltip } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayAd } from '../../shared/bs-date.js';
import { once } from '../../shared/once.js';
import { useFormat } from '../lib/useFormat';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Made on first use: a time-zone formatter costs a phone ~20 ms at start-up (issue 18 §5). */
const KATHMANDU_TIME = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kathmandu',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/**
 * The AD side of a value: the date as given for 'YYYY-MM-DD'; for a timestamp its date and
 * 'HH:mm' time in Asia/Kathmandu. null when the value cannot be read as a date.
 */
export function adParts(value: string): { date: string; time?: string } | null {
  if (DATE_ONLY.test(value)) return { date: value };
  const instant = new Date(value.includes('T') ? value : value.replace(' ', 'T'));
  if (Number.isNaN(instant.getTime())) return null;
  return { date: todayAd(instant), time: KATHMANDU_TIME().format(instant) };
}

/**
 * @param value AD 'YYYY-MM-DD' or an ISO timestamp; null/undefined/'' render `empty`.
 * @param empty What to show without a date (default nothing).
 */
export function BsDate({
  value,
  empty = null,
}: {
  value: string | null | undefined;
  empty?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  // How the reader first reached the date: the tooltip is mounted (open) from then on.
  const [armed, setArmed] = useState<'pointer' | 'focus' | null>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const timeRef = useRef<HTMLTimeElement>(null);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  // Mounting the tooltip puts a new <time> in place of the focused one: keep the keyboard there.
  useEffect(() => {
    if (armed === 'focus') timeRef.current?.focus();
  }, [armed]);
  if (!value) return <>{empty}</>;
  const ad = adParts(value);
  const shown = f.date(value);
  if (!ad) return <>{shown}</>;
  const label = ad.time
    ? t('datePicker.adTime', { date: f.digits(ad.date), time: f.digits(ad.time) })
    : t('datePicker.ad', { date: f.digits(ad.date) });
  const arm = armed
    ? {}
    : {
        // the tooltip's own open delay, so a pointer passing over a table mounts nothing
        onPointerEnter: () => {
          hoverTimer.current = setTimeout(() => setArmed('pointer'), 150);
        },
        onPointerLeave: () => clearTimeout(hoverTimer.current),
        onTouchStart: () => setArmed('pointer'),
        onFocus: () => setArmed('focus'),
      };
  const time = (
    <time
      ref={timeRef}
      dateTime={value}
      tabIndex={0}
      style={{ whiteSpace: 'nowrap', textDecoration: 'underline dotted', cursor: 'help' }}
      {...arm}
    >
      {shown}
    </time>
  );
  if (!armed) return time;
  return (
    <Tooltip
      label={label}
      withArrow
      openDelay={150}
      defaultOpened
      events={{ hover: true, focus: true, touch: true }}
    >
      {time}
    </Tooltip>
  );
}
