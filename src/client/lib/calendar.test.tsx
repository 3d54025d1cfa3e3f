/**
 * The BS calendar's corrections in the browser (issue 16 §6): an answer of GET /api/calendar is
 * applied and kept; the kept corrections apply as soon as the module loads (before the first
 * date is drawn); dates already on the screen are redrawn when the corrections change.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BS_CALENDAR } from '../../shared/bs-calendar-data.js';
import { bsCalendarYear, bsToAd, clearMonthLengthOverrides } from '../../shared/bs-date.js';
import type { CalendarView } from '../../shared/schemas/calendar.js';
import { BsDate } from '../components/BsDate';
import { Providers } from '../app/Providers';
import { applyCalendar, CALENDAR_STORAGE_KEY } from './calendar';

afterEach(() => clearMonthLengthOverrides());

const YEAR = 2085;
const TABLE = [...BS_CALENDAR.find((y) => y.year === YEAR)!.months];
const MOVED = [31, 31, ...TABLE.slice(2)];

const view = (months: number[] | null): CalendarView => ({
  years: BS_CALENDAR.map((y) => ({
    year: y.year,
    months: [...y.months],
    tableMonths: [...y.months],
    source: y.source,
    provisional: y.provisional,
    correctable: y.provisional,
    correction:
      y.year === YEAR && months
        ? { months, provisional: true, note: null, updatedAt: '2026-01-01T00:00:00.000Z' }
        : null,
  })),
});

describe('calendar corrections in the browser', () => {
  it('applies an answer and keeps it; the kept corrections apply when the module loads', async () => {
    applyCalendar(view(MOVED));
    expect(bsCalendarYear(YEAR).months).toEqual(MOVED);
    expect(JSON.parse(localStorage.getItem(CALENDAR_STORAGE_KEY)!)).toEqual([
      { year: YEAR, months: MOVED, provisional: true },
    ]);
    // a new start: fresh modules, the table alone until the kept corrections are read
    vi.resetModules();
    const fresh = await import('../../shared/bs-date.js');
    expect(fresh.bsCalendarYear(YEAR).corrected).toBe(false);
    await import('./calendar');
    expect(fresh.bsCalendarYear(YEAR).months).toEqual(MOVED);
    // an answer without corrections clears them, and what is kept
    applyCalendar(view(null));
    expect(bsCalendarYear(YEAR).corrected).toBe(false);
    expect(localStorage.getItem(CALENDAR_STORAGE_KEY)).toBe('[]');
  });

  it('redraws dates on the screen when the corrections change', () => {
    const ad = bsToAd({ year: YEAR, month: 2, day: 1 });
    render(
      <Providers>
        <BsDate value={ad} />
      </Providers>,
    );
    expect(screen.getByText(`${YEAR}-02-01`)).toBeInTheDocument();
    act(() => applyCalendar(view(MOVED)));
    expect(screen.getByText(`${YEAR}-01-31`)).toBeInTheDocument();
  });
});
