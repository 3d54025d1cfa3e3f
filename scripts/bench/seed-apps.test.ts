/**
 * The bench seeder's numbering (issue 18 §4: submission numbers collided at 2082-83-B100000, so
 * 1,000,000 applications could not be seeded) and its growth of a database in batches.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/server/helper.js';
import type { Database } from '../../src/server/db/client.js';
import {
  benchApplicantOf,
  benchSubmissionNo,
  benchUsername,
  padNumber,
  padNumberSql,
  seedApplications,
} from './seed-apps.js';

describe('bench numbering', () => {
  it('pads to the width and never cuts a longer number', () => {
    expect(padNumber(42, 6)).toBe('000042');
    expect(padNumber(100_000, 6)).toBe('100000');
    expect(padNumber(1_000_000, 6)).toBe('1000000');
    expect(padNumber(0, 3)).toBe('000');
    expect(() => padNumber(-1, 6)).toThrow();
    expect(() => padNumber(1.5, 6)).toThrow();
  });

  it('gives distinct submission numbers across the 6-digit boundary and up to 10 million', () => {
    const gs = [
      ...Array.from({ length: 2_000 }, (_, i) => 99_000 + i), // 99,000 … 100,999
      ...Array.from({ length: 2_000 }, (_, i) => 999_000 + i), // 999,000 … 1,000,999
      ...Array.from({ length: 2_000 }, (_, i) => 1 + i * 4_999), // spread over 1 … 10M
      10_000_000,
    ];
    const nos = gs.map((g) => benchSubmissionNo('2082-83', g));
    expect(new Set(nos).size).toBe(new Set(gs).size);
    expect(benchSubmissionNo('2082-83', 1_000_000)).toBe('2082-83-B1000000');
    expect(benchSubmissionNo('2082-83', 100_000)).toBe('2082-83-B100000');
    expect(benchSubmissionNo('2082-83', 7)).toBe('2082-83-B000007');
  });

  it('gives each applicant four rows and distinct usernames past 99,999 applicants', () => {
    expect([1, 2, 3, 4, 5, 8, 9].map(benchApplicantOf)).toEqual([1, 1, 1, 1, 2, 2, 3]);
    expect(benchApplicantOf(1_000_000)).toBe(250_000);
    expect(benchUsername(1)).toBe('bench00001');
    expect(benchUsername(250_000)).toBe('bench250000');
    expect(benchUsername(100_000)).not.toBe(benchUsername(10_000));
  });

  it('pads in SQL exactly as in TypeScript', async () => {
    const pg = await PGlite.create();
    try {
      const db = drizzle(pg);
      const values = [0, 7, 99_999, 100_000, 999_999, 1_000_000, 12_345_678];
      const res = await db.execute<{ v: string }>(
        sql`select ${padNumberSql(sql.raw('n'), 6)} as v from unnest(${`{${values.join(',')}}`}::int[]) with ordinality as t(n, i) order by i`,
      );
      expect(res.rows.map((r) => r.v)).toEqual(values.map((n) => padNumber(n, 6)));
    } finally {
      await pg.close();
    }
  });
});

describe('seedApplications grows a database in batches', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const rows = async <T>(q: string) =>
    ((await database.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    ({ database, drop } = await testDatabase());
    await seedApplications(database.db, 300, 'test-key', { batch: 120 });
    await seedApplications(database.db, 700, 'test-key', { from: 300, batch: 250 });
  });
  afterAll(async () => drop());

  it('has rows 1…n once each, owned by their applicant', async () => {
    const [c] = await rows<{ n: number; subs: number; min: string; max: string }>(`
      select count(*)::int as n, count(distinct submission_no)::int as subs,
        min(substring(submission_no from '-B(\\d+)$')::int)::text as min,
        max(substring(submission_no from '-B(\\d+)$')::int)::text as max
      from applications where submission_no like '%-B%'`);
    expect(c).toEqual({ n: 700, subs: 700, min: '1', max: '700' });
    const owners = await rows<{ username: string; n: number }>(`
      select u.username, count(*)::int as n from applications a join users u on u.id = a.user_id
      where a.submission_no like '%-B%' group by u.username order by u.username`);
    expect(owners.length).toBe(175);
    expect(owners.every((o) => o.n === 4)).toBe(true);
    expect(owners[0].username).toBe('bench00001');
  });

  it('numbers the registrations of each fiscal year 1…k without a gap, counters after them', async () => {
    const fys = await rows<{ n: number; max: number; distinct: number; counter: number }>(`
      select count(*)::int as n, max(a.registration_serial) as max,
        count(distinct a.registration_serial)::int as distinct,
        (select last_serial from registration_counters c where c.fiscal_year_id = a.registration_fiscal_year_id) as counter
      from applications a where a.registration_serial is not null
      group by a.registration_fiscal_year_id`);
    expect(fys.length).toBeGreaterThan(0);
    for (const fy of fys) expect([fy.max, fy.distinct, fy.counter]).toEqual([fy.n, fy.n, fy.n]);
  });

  it('writes names in Devanagari for Nepali filings and Latin letters for English ones', async () => {
    const [c] = await rows<{ ne: number; en: number; bad: number }>(`
      select count(*) filter (where lang = 'ne' and business_name ~ '^[^A-Za-z]+$' and owner_name ~ '[ऀ-ॿ]')::int as ne,
        count(*) filter (where lang = 'en-US' and business_name ~ '^[A-Za-z ]+$')::int as en,
        count(*) filter (where business_name ~ '[0-9]')::int as bad
      from applications where submission_no like '%-B%'`);
    expect(c.ne + c.en).toBe(700);
    expect(c.ne).toBeGreaterThan(400);
    expect(c.bad).toBe(0);
  });

  it('gives every registration a certificate with a verification code and history', async () => {
    const [c] = await rows<{ regs: number; certs: number; placeholders: number; hist: number }>(`
      select (select count(*)::int from applications where registration_no is not null) as regs,
        (select count(*)::int from certificates) as certs,
        (select count(*)::int from certificates where verify_code like 'bench-%') as placeholders,
        (select count(distinct application_id)::int from application_history) as hist`);
    expect(c.certs).toBe(c.regs);
    expect(c.placeholders).toBe(0);
    expect(c.hist).toBe(700);
  });
});
