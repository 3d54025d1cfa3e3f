/**
 * The BS calendar's corrections (issue 16 §6). The month table is code (src/shared/
 * bs-calendar-data.ts); a system administrator may correct a provisional year's 12 lengths, and
 * every conversion in this process uses the correction from the next call on
 * (`setMonthLengthOverrides`, src/shared/bs-date.ts).
 *
 * The table `bs_calendar_corrections` is the truth and the process's overrides a copy of it:
 * `refresh` makes the copy equal to the table. It runs when the app starts (app.ts, onReady),
 * after each correction or removal here, and on every GET /api/calendar — so another instance
 * on the same database uses a correction made elsewhere from its next calendar read (every
 * browser makes one when the app opens) or its next restart, whichever comes first.
 *
 * A stored row the table no longer allows (a release has since published that year's calendar,
 * or the lengths were edited by hand into an impossible year) is skipped with a warning: the
 * published table wins, and the screen shows the row as not used.
 */
import { eq } from 'drizzle-orm';
import {
  BS_MAX_YEAR,
  BS_MIN_YEAR,
  bsCalendarYear,
  clearMonthLengthOverrides,
  monthLengthOverrides,
  setMonthLengthOverrides,
} from '../../../shared/bs-date.js';
import {
  CALENDAR_MSG,
  isCorrectableBsYear,
  tableBsYear,
  type CalendarCorrection,
  type CalendarView,
} from '../../../shared/schemas/calendar.js';
import type { Db } from '../../db/client.js';
import { bsCalendarCorrections } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';

type Row = typeof bsCalendarCorrections.$inferSelect;

/** Who changes the calendar, for the row and the audit log. */
export interface CalendarActor {
  userId: number;
  ip: string | null;
}

type Warn = (obj: object, msg: string) => void;

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * Makes this process's overrides exactly the rows' (synchronously, so no conversion sees a
 * half-applied set). Rows the table does not allow are skipped with a warning.
 */
export function applyCorrections(rows: readonly Row[], warn: Warn = () => {}): void {
  const wanted = rows.filter((r) => {
    if (!isCorrectableBsYear(r.year)) {
      warn({ year: r.year }, 'BS calendar correction ignored: the year has a published calendar');
      return false;
    }
    return true;
  });
  const current = monthLengthOverrides();
  const unchanged =
    current.length === wanted.length &&
    wanted.every((r) => {
      const c = current.find((o) => o.year === r.year);
      return c && c.provisional === r.provisional && same(c.months, r.monthLengths);
    });
  if (unchanged) return;
  clearMonthLengthOverrides();
  for (const r of wanted) {
    try {
      setMonthLengthOverrides(r.year, r.monthLengths, { provisional: r.provisional });
    } catch (e) {
      warn({ year: r.year, err: String(e) }, 'BS calendar correction ignored: invalid lengths');
    }
  }
}

export class CalendarService {
  constructor(
    private readonly db: Db,
    private readonly warn: Warn = () => {},
  ) {}

  /** Reads every correction and makes conversions in this process use exactly those. */
  async refresh(): Promise<Row[]> {
    const rows = await this.db.select().from(bsCalendarCorrections);
    applyCorrections(rows, this.warn);
    return rows;
  }

  /** Every year of the table as conversions use it now, with its stored correction. */
  async view(): Promise<CalendarView> {
    const rows = await this.refresh();
    const byYear = new Map(rows.map((r) => [r.year, r]));
    const years = [];
    for (let year = BS_MIN_YEAR; year <= BS_MAX_YEAR; year++) {
      const inUse = bsCalendarYear(year);
      const row = byYear.get(year);
      years.push({
        year,
        months: [...inUse.months],
        tableMonths: [...tableBsYear(year)!.months],
        source: inUse.source,
        provisional: inUse.provisional,
        correctable: isCorrectableBsYear(year),
        correction: row
          ? {
              months: row.monthLengths,
              provisional: row.provisional,
              note: row.note,
              updatedAt: row.updatedAt.toISOString(),
            }
          : null,
      });
    }
    return { years };
  }

  /**
   * Stores a provisional year's correction (audited in the same transaction) and applies it.
   * @throws AppError 404 for a year outside the table, 422 on `year` for a published one.
   */
  async correct(year: number, input: CalendarCorrection, by: CalendarActor): Promise<CalendarView> {
    const table = tableBsYear(year);
    if (!table) throw AppError.notFound();
    if (!isCorrectableBsYear(year)) throw AppError.validation({ year: [CALENDAR_MSG.published] });
    const t = bsCalendarCorrections;
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(t).where(eq(t.year, year)).for('update');
      const values = {
        monthLengths: input.monthLengths,
        provisional: input.provisional,
        note: input.note,
        updatedBy: by.userId,
        updatedAt: new Date(),
      };
      await tx
        .insert(t)
        .values({ year, ...values })
        .onConflictDoUpdate({ target: t.year, set: values });
      await audit(tx, {
        userId: by.userId,
        action: 'calendar.correct',
        entity: 'bs_calendar',
        entityId: year,
        data: {
          year,
          before: before?.monthLengths ?? [...table.months],
          after: input.monthLengths,
          provisional: input.provisional,
          note: input.note,
        },
        ip: by.ip,
      });
    });
    return this.view();
  }

  /**
   * Removes a year's correction (audited): the year uses the table's lengths again.
   * @throws AppError 404 when the year is outside the table or has no correction.
   */
  async remove(year: number, by: CalendarActor): Promise<CalendarView> {
    const table = tableBsYear(year);
    if (!table) throw AppError.notFound();
    const t = bsCalendarCorrections;
    await this.db.transaction(async (tx) => {
      const [gone] = await tx.delete(t).where(eq(t.year, year)).returning();
      if (!gone) throw AppError.notFound();
      await audit(tx, {
        userId: by.userId,
        action: 'calendar.remove',
        entity: 'bs_calendar',
        entityId: year,
        data: { year, before: gone.monthLengths, after: [...table.months], note: gone.note },
        ip: by.ip,
      });
    });
    return this.view();
  }
}
