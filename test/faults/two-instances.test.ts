/**
 * Two app instances on one PostgreSQL (issue 8 §7 acceptance "The two-instance test passes").
 * Two real server processes (src/server/main.ts, as `npm start` runs it) start together on one
 * fresh database (the startup lock makes them migrate and seed in turn), then:
 *  (a) no job runs twice: N outbox messages queued at once are drained by both workers
 *      concurrently, and each is sent exactly once (counted in the shared SMS log file); the
 *      periodic jobs (housekeeping, payment re-check) run once per period across both;
 *  (b) the rate limits hold across both: logins alternating between the instances are cut off
 *      at the configured count in total (60 per minute per IP), not 60 per instance.
 * Needs DATABASE_URL (PostgreSQL); PGlite is one process, so the test is skipped there.
 * Ports 4900–4999; about 25 s (the instances' start is bounded at 60 s on a loaded machine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../server/helper.js';

const URL_ = process.env.DATABASE_URL;
if (!URL_) {
  console.log(
    'two-instances: skipped: DATABASE_URL is not set (PGlite is a single process, so two ' +
      'instances cannot share it); run with DATABASE_URL=postgres://… to prove scaling out',
  );
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/** messages queued for the two outbox workers */
const N = 120;
/** the login route's limit per IP per minute (RATE_LIMIT_LOGIN default, auth/routes.ts) */
const LOGIN_LIMIT = 60;
const PERIOD_MS = 300;

const freePort = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

async function twoPorts(): Promise<[number, number]> {
  const found: number[] = [];
  const start = 4900 + Math.floor(Math.random() * 90);
  for (let i = 0; i < 100 && found.length < 2; i++) {
    const p = 4900 + ((start - 4900 + i) % 100);
    if (await freePort(p)) found.push(p);
  }
  if (found.length < 2) throw new Error('no two free ports in 4900-4999');
  return [found[0], found[1]];
}

describe.skipIf(!URL_)('two app instances on one PostgreSQL', () => {
  const dbName = `darta_two_${randomBytes(4).toString('hex')}`;
  const adminUrl = URL_ ? new URL(URL_) : null;
  let dbUrl = '';
  let dir = '';
  let smsLog = '';
  let ports: [number, number] = [0, 0];
  const children: ChildProcess[] = [];
  const output: string[] = [];
  let db: pg.Client;

  const admin = async (q: string) => {
    const u = new URL(adminUrl!);
    u.pathname = '/postgres';
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };

  function startInstance(port: number): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: dbUrl,
        DEMO: 'false',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        UPLOAD_DIR: path.join(dir, 'uploads'),
        SMS_DRIVER: 'log',
        SMS_LOG_FILE: smsLog,
        OUTBOX_INTERVAL_MS: '100',
        HOUSEKEEPING_MS: String(PERIOD_MS),
        PAYMENT_RECHECK_MS: String(PERIOD_MS),
        GATEWAY_SIMULATORS: '0',
        LOG_LEVEL: 'warn',
        CERT_SIGNING_KEY: 'two-instances-shared-key',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d: Buffer) => output.push(`[${port}] ${d}`));
    child.stderr!.on('data', (d: Buffer) => output.push(`[${port}] ${d}`));
    children.push(child);
    return child;
  }

  async function waitHealthy(port: number, deadline: number) {
    while (Date.now() < deadline) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (r.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`instance on ${port} did not start:\n${output.join('')}`);
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'darta-two-'));
    smsLog = path.join(dir, 'sms.jsonl');
    await admin(`create database ${dbName}`);
    const u = new URL(adminUrl!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    ports = await twoPorts();
    // both at once: the startup lock serialises migrate + seed
    ports.forEach(startInstance);
    // generous for a loaded CI machine; about 5 s when idle
    const deadline = Date.now() + 60_000;
    await Promise.all(ports.map((p) => waitHealthy(p, deadline)));
    db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
  }, 70_000);

  afterAll(async () => {
    await db?.end();
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
    if (adminUrl) await admin(`drop database if exists ${dbName} with (force)`);
    await rm(dir, { recursive: true, force: true });
  }, 20_000);

  it('migrated and seeded once although both started together', async () => {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(rows[0].n).toBe(await migrationCount());
    const wards = await db.query<{ n: number; d: number }>(
      'select count(*)::int as n, count(distinct (city_id, number))::int as d from wards',
    );
    console.log(`two-instances: migrations applied ${rows[0].n}, wards ${wards.rows[0].n}`);
    expect(wards.rows[0].n).toBe(wards.rows[0].d); // seeded once: no ward twice
  });

  it('(a) sends each of N outbox messages exactly once with both workers running', async () => {
    const values = Array.from(
      { length: N },
      (_, i) => `('sms', '98000${String(i).padStart(5, '0')}', 'two-instances #${i}', 'manual')`,
    );
    await db.query(
      `insert into outbox (channel, recipient, body, kind) values ${values.join(',')}`,
    );
    const deadline = Date.now() + 20_000;
    let pending = N;
    while (pending > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from outbox where body like 'two-instances #%' and status <> 'sent'`,
      );
      pending = rows[0].n;
    }
    expect(pending).toBe(0);
    const lines = (await readFile(smsLog, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { text: string }).text)
      .filter((t) => t.startsWith('two-instances #'));
    const perMessage = new Map<string, number>();
    for (const t of lines) perMessage.set(t, (perMessage.get(t) ?? 0) + 1);
    const twice = [...perMessage.values()].filter((n) => n > 1).length;
    console.log(
      `two-instances: outbox queued ${N}, SMS sent ${lines.length}, distinct ${perMessage.size}, sent more than once ${twice}`,
    );
    expect(perMessage.size).toBe(N);
    expect(lines.length).toBe(N);
    expect(twice).toBe(0);
  });

  it('(a) runs each periodic job once per period across both instances', async () => {
    // the instances have been up for a few seconds with 300 ms periods
    await new Promise((r) => setTimeout(r, 3 * PERIOD_MS));
    const { rows } = await db.query<{
      job: string;
      periods: number;
      runs: number;
      dup: number;
      instances: number;
    }>(
      `select job, count(distinct period)::int as periods, count(*)::int as runs,
              (count(*) - count(distinct period))::int as dup,
              count(distinct instance)::int as instances
         from job_runs group by job order by job`,
    );
    for (const r of rows) {
      console.log(
        `two-instances: job ${r.job}: ${r.periods} periods, ${r.runs} runs, run twice ${r.dup}, by ${r.instances} instance(s)`,
      );
    }
    expect(rows.map((r) => r.job)).toEqual(['housekeeping', 'payment-recheck']);
    for (const r of rows) {
      expect(r.periods).toBeGreaterThanOrEqual(3);
      expect(r.dup).toBe(0);
    }
  });

  it('(b) holds the login rate limit across both instances', async () => {
    const statuses: number[][] = [[], []];
    const total = LOGIN_LIMIT + 10;
    for (let i = 0; i < total; i++) {
      const m = multipart({ username: 'nobody', password: 'not-the-password' });
      const r = await fetch(`http://127.0.0.1:${ports[i % 2]}/api/login`, {
        method: 'POST',
        headers: m.headers,
        body: m.payload,
      });
      await r.arrayBuffer();
      statuses[i % 2].push(r.status);
    }
    const all = statuses.flat();
    const allowed = all.filter((s) => s !== 429).length;
    const limited = all.length - allowed;
    console.log(
      `two-instances: ${total} logins alternating between ${ports.join(' and ')}: answered ${allowed} ` +
        `(instance A ${statuses[0].filter((s) => s !== 429).length}, instance B ` +
        `${statuses[1].filter((s) => s !== 429).length}), refused 429 ${limited}; limit ${LOGIN_LIMIT} per minute`,
    );
    expect(allowed).toBe(LOGIN_LIMIT);
    expect(limited).toBe(total - LOGIN_LIMIT);
    // once tripped, both instances refuse
    expect(statuses[0].slice(-3)).toEqual([429, 429, 429]);
    expect(statuses[1].slice(-3)).toEqual([429, 429, 429]);
  });

  // Runs last: it stops one instance. The timers of both instances tick at the same rate, so
  // the one whose tick comes first in the period wins every period; the other must take over.
  it('(a) when the instance running the jobs stops, the other runs them, still once per period', async () => {
    const { rows: last } = await db.query<{ instance: string }>(
      `select instance from job_runs where job = 'housekeeping' order by period desc limit 1`,
    );
    const winnerPid = Number(last[0].instance.split(':').pop());
    const winner = children.find((c) => c.pid === winnerPid);
    expect(winner, `job_runs names pid ${winnerPid}, one of the two instances`).toBeDefined();
    const other = children.find((c) => c !== winner)!;
    await new Promise<void>((resolve) => {
      winner!.once('exit', () => resolve());
      winner!.kill('SIGTERM');
    });
    const stoppedAt = await db.query<{ p: string }>(
      `select floor(extract(epoch from now()) * 1000 / ${PERIOD_MS})::bigint as p`,
    );
    await new Promise((r) => setTimeout(r, 5 * PERIOD_MS));
    const { rows } = await db.query<{ job: string; instance: string; runs: number; dup: number }>(
      `select job, min(instance) as instance, count(*)::int as runs,
              (count(*) - count(distinct period))::int as dup
         from job_runs where period > $1 group by job order by job`,
      [stoppedAt.rows[0].p],
    );
    for (const r of rows) {
      console.log(
        `two-instances: after stopping pid ${winnerPid}: job ${r.job} ran ${r.runs} times, by ${r.instance}, run twice ${r.dup}`,
      );
    }
    expect(rows.map((r) => r.job)).toEqual(['housekeeping', 'payment-recheck']);
    for (const r of rows) {
      expect(r.runs).toBeGreaterThanOrEqual(3);
      expect(r.dup).toBe(0);
      expect(r.instance.endsWith(`:${other.pid}`)).toBe(true);
    }
  });
});

/** Migrations in the journal (db/migrations/meta/_journal.json). */
async function migrationCount(): Promise<number> {
  const journal = JSON.parse(
    await readFile(path.join(ROOT, 'db/migrations/meta/_journal.json'), 'utf8'),
  ) as { entries: unknown[] };
  return journal.entries.length;
}
