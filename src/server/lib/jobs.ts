/**
 * Periodic jobs with several app instances on one database (issue 8 §7). Every instance runs the
 * same timers; before a round, an instance claims the current period of the job with
 * `INSERT INTO job_runs … ON CONFLICT DO NOTHING` on the key (job, period). Exactly one insert
 * wins, so a job runs at most once per period across all instances, and it still runs when any
 * one instance is up. The period is counted on the database clock (floor(epoch ms / interval)),
 * so instances whose clocks disagree still agree on the period.
 *
 * Queue-like work that is safe to share (the outbox) does not need this: it claims rows with
 * FOR UPDATE SKIP LOCKED instead, so every instance can help drain it.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/client.js';

/** This process, as written to job_runs.instance: host:pid. */
export const INSTANCE_ID = `${os.hostname()}:${process.pid}`;

/** How long job_runs rows are kept for the operator (then deleted by the housekeeping job). */
export const JOB_RUNS_KEEP_DAYS = 7;

/** Rows of a raw query, for both drivers (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Claims the current period of `job` for this instance.
 * @param periodMs length of a period (ms, > 0), normally the job's interval
 * @returns the period number when this caller won it, null when another instance (or an earlier
 *   round of this one) already ran it
 */
export async function claimPeriod(
  db: Db,
  job: string,
  periodMs: number,
  instance: string = INSTANCE_ID,
): Promise<number | null> {
  if (!(periodMs > 0)) throw new Error(`claimPeriod: periodMs must be > 0, not ${periodMs}`);
  const rows = await rowsOf<{ period: string }>(
    db,
    sql`insert into job_runs (job, period, instance)
        values (${job}, floor(extract(epoch from now()) * 1000 / ${periodMs})::bigint, ${instance})
        on conflict do nothing
        returning period`,
  );
  return rows.length ? Number(rows[0].period) : null;
}

export interface PeriodicJob {
  /** unique job name, the key in job_runs */
  name: string;
  /** ms between rounds, also the period length; 0 or less = not started */
  intervalMs: number;
  /** the work of one round */
  run: () => Promise<unknown>;
  log: (obj: Record<string, unknown>, msg: string) => void;
}

/**
 * Starts `job` on a timer in this process; each round runs only when it claims the period.
 * Rounds of one process never overlap. Returns a stop function that waits for a running round.
 */
export function startPeriodicJob(db: Db, job: PeriodicJob): () => Promise<void> {
  if (job.intervalMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = (async () => {
      if ((await claimPeriod(db, job.name, job.intervalMs)) === null) return;
      await job.run();
    })()
      .catch((e: unknown) => job.log({ job: job.name, err: String(e) }, 'periodic job failed'))
      .finally(() => (running = null));
  }, job.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * The housekeeping round: deletes expired rate-limit counters and job_runs rows older than
 * JOB_RUNS_KEEP_DAYS. Returns the rows deleted from each.
 */
export async function housekeeping(db: Db): Promise<{ rateLimits: number; jobRuns: number }> {
  const rl = await rowsOf<{ n: number }>(
    db,
    sql`with d as (delete from rate_limits where expires_at <= now() returning 1)
        select count(*)::int as n from d`,
  );
  const jr = await rowsOf<{ n: number }>(
    db,
    sql`with d as (delete from job_runs
                    where started_at < now() - make_interval(days => ${JOB_RUNS_KEEP_DAYS})
                    returning 1)
        select count(*)::int as n from d`,
  );
  return { rateLimits: rl[0].n, jobRuns: jr[0].n };
}

/** Key of the PostgreSQL advisory lock held while an instance migrates and seeds. */
export const STARTUP_LOCK_KEY = 0x64617274; // "dart"

/**
 * Runs `fn` (migrate, then seed an empty database) while holding a PostgreSQL session advisory
 * lock on its own connection, so instances started together wait for each other instead of
 * running the same migration or seed twice. On PGlite (`databaseUrl` unset: one process) `fn`
 * just runs.
 */
export async function withStartupLock<T>(
  databaseUrl: string | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return fn();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    return await fn();
  } finally {
    // ending the session releases the lock even if the unlock is never reached
    await client.end();
  }
}
