/**
 * The BS calendar's corrections in the browser (issue 16 §6). A system administrator may
 * correct a provisional year's month lengths (GET/PUT /api/calendar); the browser converts dates
 * itself (src/shared/bs-date.ts), so it must use the same corrections as the server:
 *
 * - main.tsx starts GET /api/calendar at start-up (`prefetchCalendar`), beside the profile; its
 *   answer is applied with `setMonthLengthOverrides` and kept in localStorage;
 * - the kept corrections are applied when this module is first evaluated, which is before any
 *   date is formatted (`useFormat` imports it), so a returning browser converts with the last
 *   known corrections from its first render, online or not;
 * - every component that formats dates through `useFormat` re-renders when the corrections
 *   change (`useCalendarVersion`), so an answer that arrives after the first dates were drawn
 *   still redraws them.
 */
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import {
  clearMonthLengthOverrides,
  monthLengthOverrides,
  setMonthLengthOverrides,
} from '../../shared/bs-date.js';
import type { CalendarView } from '../../shared/schemas/calendar.js';
import { request, type Envelope } from './api';

export const CALENDAR_KEY = ['calendar'] as const;
/** localStorage: the corrections of the last GET /api/calendar. */
export const CALENDAR_STORAGE_KEY = 'bs_calendar_corrections';

interface Correction {
  year: number;
  months: readonly number[];
  provisional: boolean;
}

let version = 0;
const listeners = new Set<() => void>();

function isApplied(list: readonly Correction[]): boolean {
  const current = monthLengthOverrides();
  return (
    current.length === list.length &&
    list.every((c) => {
      const o = current.find((x) => x.year === c.year);
      return (
        !!o &&
        o.provisional === c.provisional &&
        o.months.length === c.months.length &&
        o.months.every((n, i) => n === c.months[i])
      );
    })
  );
}

/** Makes conversions use exactly these corrections; one the table refuses is skipped. */
function applyList(list: readonly Correction[]): void {
  if (isApplied(list)) return;
  clearMonthLengthOverrides();
  for (const c of list) {
    try {
      setMonthLengthOverrides(c.year, c.months, { provisional: c.provisional });
    } catch {
      /* a year this build's table has published since: the table wins */
    }
  }
  version++;
  for (const l of listeners) l();
}

/** Applies the corrections of a GET /api/calendar answer and keeps them for the next start. */
export function applyCalendar(view: CalendarView): void {
  const list: Correction[] = view.years.flatMap((y) =>
    y.correctable && y.correction
      ? [{ year: y.year, months: y.correction.months, provisional: y.correction.provisional }]
      : [],
  );
  applyList(list);
  try {
    localStorage.setItem(CALENDAR_STORAGE_KEY, JSON.stringify(list));
  } catch {
    /* private mode: the next start waits for the server again */
  }
}

/** The corrections kept by the last answer, applied before the first date is formatted. */
function applyKept(): void {
  try {
    const raw = localStorage.getItem(CALENDAR_STORAGE_KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : null;
    if (Array.isArray(list)) applyList(list as Correction[]);
  } catch {
    /* nothing kept, or unreadable: the table alone until the server answers */
  }
}
applyKept();

/** GET /api/calendar, applied (silent: a failure keeps the corrections already in use). */
async function fetchCalendar({ signal }: { signal?: AbortSignal }): Promise<CalendarView> {
  const res = await request<Envelope<CalendarView>>('/calendar', { signal, silent: true });
  applyCalendar(res.data);
  return res.data;
}

export const CALENDAR_QUERY = {
  queryKey: CALENDAR_KEY,
  queryFn: fetchCalendar,
  staleTime: 5 * 60_000,
};

/** Starts GET /api/calendar at start-up (main.tsx); the settings screen finds it in the cache. */
export function prefetchCalendar(client: QueryClient): void {
  void client.prefetchQuery(CALENDAR_QUERY);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const getVersion = () => version;

/** A number that changes whenever the corrections in use change: re-renders date displays. */
export function useCalendarVersion(): number {
  return useSyncExternalStore(subscribe, getVersion, getVersion);
}
