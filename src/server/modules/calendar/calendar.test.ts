/**
 * The BS calendar's corrections (issue 16 §6): a system administrator corrects a provisional
 * year's month lengths and conversions use them at once; published years, impossible years and
 * other users are refused; every change is audited; another instance (or a restart) picks a
 * correction up from the table.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adToBs,
  bsCalendarYear,
  bsToAd,
  clearMonthLengthOverrides,
  isProvisionalBsYear,
} from '../../../shared/bs-date.js';
import type { CalendarView } from '../../../shared/schemas/calendar.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { auditLog, bsCalendarCorrections } from '../../db/schema.js';
import { auth, buildTestApp, login, type TestContext } from '../../../../test/server/helper.js';

let t: TestContext;
let admin: string;
let ward1: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin');
  ward1 = await login(t.app, 'ward1');
});
afterAll(async () => {
  clearMonthLengthOverrides();
  await t.close();
});
afterEach(async () => {
  await t.database.db.delete(bsCalendarCorrections);
  clearMonthLengthOverrides();
});

/** BS 2085 in the table: [30, 32, 31, 32, 31, 30, 30, 30, 29, 30, 29, 31], 365 days. */
const YEAR = 2085;
const TABLE = [...bsCalendarYear(YEAR).months];
/** One day moved from Jestha to Baishakh: 1 Jestha and the rest of Baishakh… move, not the year. */
const MOVED = [31, 31, ...TABLE.slice(2)];

const put = (year: number, payload: object, token = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/calendar/${year}`, headers: auth(token), payload });
const del = (year: number, token = admin) =>
  t.app.inject({ method: 'DELETE', url: `/api/calendar/${year}`, headers: auth(token) });
const getCalendar = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/calendar' });
  expect(res.statusCode).toBe(200);
  return { res, view: res.json<{ data: CalendarView }>().data };
};
const lastAudit = async (action: string) => {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, YEAR)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe('GET /api/calendar', () => {
  it('lists every year, public, with provisional years marked and cached briefly', async () => {
    const { res, view } = await getCalendar();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(view.years.map((y) => y.year)).toEqual(Array.from({ length: 91 }, (_, i) => 2000 + i));
    const y2083 = view.years.find((y) => y.year === 2083)!;
    expect(y2083).toMatchObject({ source: 'published', provisional: false, correctable: false });
    const y2085 = view.years.find((y) => y.year === YEAR)!;
    expect(y2085).toMatchObject({
      source: 'projected',
      provisional: true,
      correctable: true,
      months: TABLE,
      tableMonths: TABLE,
      correction: null,
    });
  });
});

describe('PUT /api/calendar/:year', () => {
  it('corrects a provisional year: conversions change at once, audited', async () => {
    const firstJestha = bsToAd({ year: YEAR, month: 2, day: 1 });
    const nextYear = bsToAd({ year: YEAR + 1, month: 1, day: 1 });
    const res = await put(YEAR, { monthLengths: MOVED, note: 'Panchang 2085' });
    expect(res.statusCode, res.body).toBe(200);

    // the same date moves by a day; the next year does not (same total)
    const later = new Date(Date.parse(`${firstJestha}T00:00:00Z`) + 86_400_000);
    expect(bsToAd({ year: YEAR, month: 2, day: 1 })).toBe(later.toISOString().slice(0, 10));
    expect(adToBs(firstJestha)).toEqual({ year: YEAR, month: 1, day: 31 });
    expect(bsToAd({ year: YEAR + 1, month: 1, day: 1 })).toBe(nextYear);
    expect(isProvisionalBsYear(YEAR)).toBe(true);

    const y = res.json<{ data: CalendarView }>().data.years.find((v) => v.year === YEAR)!;
    expect(y).toMatchObject({ months: MOVED, tableMonths: TABLE, provisional: true });
    expect(y.correction).toMatchObject({ months: MOVED, provisional: true, note: 'Panchang 2085' });

    const row = await lastAudit('calendar.correct');
    expect(row).toMatchObject({ entity: 'bs_calendar', entityId: YEAR });
    expect(row.userId).toBeGreaterThan(0);
    expect(row.data).toMatchObject({ before: TABLE, after: MOVED, provisional: true });
  });

  it('moves the later years with a 366-day year, and can mark the year published', async () => {
    const nextYear = bsToAd({ year: YEAR + 1, month: 1, day: 1 });
    const longer = [...TABLE.slice(0, 11), TABLE[11] + 1];
    expect((await put(YEAR, { monthLengths: longer, provisional: false })).statusCode).toBe(200);
    expect(bsToAd({ year: YEAR + 1, month: 1, day: 1 })).not.toBe(nextYear);
    expect(adToBs(nextYear)).toEqual({ year: YEAR, month: 12, day: 32 });
    expect(isProvisionalBsYear(YEAR)).toBe(false);
    const { view } = await getCalendar();
    expect(view.years.find((v) => v.year === YEAR)).toMatchObject({
      provisional: false,
      correctable: true,
    });
  });

  it('refuses a published year with 422 on year, changing nothing', async () => {
    const before = bsToAd({ year: 2083, month: 2, day: 1 });
    const res = await put(2083, { monthLengths: MOVED });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['year']);
    expect(bsToAd({ year: 2083, month: 2, day: 1 })).toBe(before);
    expect(await t.database.db.select().from(bsCalendarCorrections)).toEqual([]);
  });

  it('refuses impossible years with 422 field errors', async () => {
    const shortYear = [...TABLE.slice(0, 11), 30]; // 364 days
    let res = await put(YEAR, { monthLengths: shortYear });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.monthLengths).toEqual([
      'The 12 months must add up to 365 or 366 days',
    ]);
    res = await put(YEAR, { monthLengths: [33, 30, ...TABLE.slice(2)] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['monthLengths.0']);
    res = await put(YEAR, { monthLengths: TABLE.slice(0, 11) });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['monthLengths']);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/calendar/2200', headers: auth(admin) }))
        .statusCode,
    ).toBe(422); // no body
    expect((await put(2200, { monthLengths: MOVED })).statusCode).toBe(404);
    expect(bsCalendarYear(YEAR).corrected).toBe(false);
  });

  it('is for system admins only', async () => {
    expect((await put(YEAR, { monthLengths: MOVED }, ward1)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/calendar/${YEAR}`,
      payload: { monthLengths: MOVED },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await del(YEAR, ward1)).statusCode).toBe(403);
    expect(bsCalendarYear(YEAR).corrected).toBe(false);
  });
});

describe('DELETE /api/calendar/:year', () => {
  it('removes a correction: the table applies again, audited', async () => {
    const firstJestha = bsToAd({ year: YEAR, month: 2, day: 1 });
    expect((await put(YEAR, { monthLengths: MOVED })).statusCode).toBe(200);
    expect(bsToAd({ year: YEAR, month: 2, day: 1 })).not.toBe(firstJestha);
    const res = await del(YEAR);
    expect(res.statusCode).toBe(200);
    expect(bsToAd({ year: YEAR, month: 2, day: 1 })).toBe(firstJestha);
    expect(await lastAudit('calendar.remove')).toMatchObject({
      entity: 'bs_calendar',
      data: { before: MOVED, after: TABLE },
    });
    expect((await del(YEAR)).statusCode).toBe(404);
  });
});

describe('other instances', () => {
  it('use a correction stored elsewhere from their next calendar read', async () => {
    const firstJestha = bsToAd({ year: YEAR, month: 2, day: 1 });
    // as another instance on the same database would have written it
    await t.database.db.insert(bsCalendarCorrections).values({ year: YEAR, monthLengths: MOVED });
    expect(bsToAd({ year: YEAR, month: 2, day: 1 })).toBe(firstJestha);
    await getCalendar();
    expect(bsCalendarYear(YEAR).months).toEqual(MOVED);
    // and a removal elsewhere too
    await t.database.db.delete(bsCalendarCorrections);
    await getCalendar();
    expect(bsToAd({ year: YEAR, month: 2, day: 1 })).toBe(firstJestha);
  });

  it('load every correction when they start; a year published since is skipped', async () => {
    await t.database.db.insert(bsCalendarCorrections).values([
      { year: YEAR, monthLengths: MOVED },
      { year: 2083, monthLengths: [31, 31, 32, 31, 31, 31, 30, 30, 29, 30, 30, 29] },
    ]);
    const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'darta-calendar-'));
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      uploadDir,
      logLevel: 'silent',
      outboxIntervalMs: 0,
    };
    config.payments = { ...config.payments, recheckMs: 0 };
    const before2083 = bsCalendarYear(2083).months;
    const second = await buildApp({ config, database: t.database, logger: false });
    try {
      expect(bsCalendarYear(YEAR).corrected).toBe(false);
      await second.ready();
      expect(bsCalendarYear(YEAR).months).toEqual(MOVED);
      expect(bsCalendarYear(2083).months).toEqual(before2083);
    } finally {
      await second.close();
      await rm(uploadDir, { recursive: true, force: true });
    }
  });
});
