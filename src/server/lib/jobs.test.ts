/**
 * Periodic jobs across instances (issue 8 §7): a period is claimed once, whoever asks, and two
 * timers on one database run a job once per period between them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { testDatabase } from '../../../test/server/helper.js';
import { claimPeriod, housekeeping, rowsOf, startPeriodicJob } from './jobs.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await testDatabase());
});
afterAll(() => drop());

describe('claimPeriod', () => {
  it('lets exactly one of many concurrent claimers win a period', async () => {
    const wins = await Promise.all(
      Array.from({ length: 10 }, (_, i) => claimPeriod(database.db, 'once', 3_600_000, `i${i}`)),
    );
    const won = wins.filter((w) => w !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toBe(Math.floor(Date.now() / 3_600_000));
    // another job has its own periods
    expect(await claimPeriod(database.db, 'other', 3_600_000, 'i0')).not.toBeNull();
  });

  it('refuses a period of 0', async () => {
    await expect(claimPeriod(database.db, 'x', 0)).rejects.toThrow(/periodMs/);
  });
});

describe('startPeriodicJob', () => {
  it('two instances on one database run the job once per period', async () => {
    const runs: string[] = [];
    const job = (who: string) => ({
      name: 'twice-test',
      intervalMs: 150,
      run: async () => void runs.push(who),
      log: () => {},
    });
    const stops = [
      startPeriodicJob(database.db, job('a')),
      startPeriodicJob(database.db, job('b')),
    ];
    await new Promise((r) => setTimeout(r, 1000));
    await Promise.all(stops.map((s) => s()));
    const rows = await rowsOf<{ period: string; n: number }>(
      database.db,
      sql`select period, count(*)::int as n from job_runs where job = 'twice-test' group by period`,
    );
    // about 6 periods of 150 ms in 1 s; every one ran once, by one instance
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(runs).toHaveLength(rows.length);
  });

  it('is not started with an interval of 0', async () => {
    let ran = false;
    const stop = startPeriodicJob(database.db, {
      name: 'never',
      intervalMs: 0,
      run: async () => void (ran = true),
      log: () => {},
    });
    await stop();
    expect(ran).toBe(false);
  });

  it('housekeeping deletes job_runs rows older than a week', async () => {
    await database.db.execute(
      sql`insert into job_runs (job, period, instance, started_at)
          values ('old', 1, 'x', now() - interval '8 days'), ('old', 2, 'x', now())`,
    );
    expect((await housekeeping(database.db)).jobRuns).toBe(1);
    const left = await rowsOf<{ period: string }>(
      database.db,
      sql`select period from job_runs where job = 'old'`,
    );
    expect(left.map((r) => Number(r.period))).toEqual([2]);
  });
});
