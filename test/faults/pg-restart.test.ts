/**
 * PostgreSQL restart under load (issue 8 §4). Starts its OWN PostgreSQL 15 (initdb into a temp
 * folder as the `postgres` user, on a free port in 5460–5469), migrates and seeds it, runs the app
 * server as a child process (crash-server.ts) against it, and drives 8 concurrent loops for 15 s:
 * two reads (the checkbox list) for every acknowledged write (a checkbox created). 5 s in,
 * PostgreSQL is restarted (`pg_ctl restart -m fast`). Then:
 * - the app process is alive and answers;
 * - at most 2% of the requests got a 5xx (the pool retries new connections for up to
 *   DB_CONNECT_RETRY_MS, so most requests in the outage wait and succeed; the rest are a 503);
 * - the first success after PostgreSQL accepts connections again (pg_ctl -w returned) comes
 *   within 5 s;
 * - every write answered 2xx is in the database.
 * The instance is stopped and its folder deleted at the end, also on failure. Skipped, with the
 * reason printed, when no PostgreSQL binaries are found (PG_BIN, default
 * /usr/lib/postgresql/15/bin). Prints its counts.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/shared/i18n/index.js';
import { fromPostgres } from '../../src/server/db/client.js';
import { DEMO_PASSWORD, seed } from '../../src/server/db/seed.js';
import { multipart } from '../server/helper.js';
import {
  bundleServer,
  freePort as freeAppPort,
  httpRequest,
  removeBundle,
  ServerProcess,
} from './crash-harness.js';

const run = promisify(execFile);
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const HAVE_PG = ['initdb', 'pg_ctl', 'postgres'].every((b) => existsSync(path.join(PG_BIN, b)));
/** The app's port, chosen free when the test starts (two runs on one machine must not share it). */
let APP_PORT = 0;
const LOOPS = 8;
const LOAD_MS = 15_000;
const RESTART_AT_MS = 5_000;

if (!HAVE_PG) {
  console.log(`pg restart under load: SKIPPED, no PostgreSQL binaries in ${PG_BIN} (set PG_BIN)`);
}

/** Runs a PostgreSQL binary as the `postgres` user (we may be root, which PostgreSQL refuses). */
function asPostgres(bin: string, args: string[]) {
  const file = path.join(PG_BIN, bin);
  if (process.getuid?.() === 0) return run('runuser', ['-u', 'postgres', '--', file, ...args]);
  return run(file, args);
}

/** The first port of 5460–5469 nothing listens on. */
async function freePort(): Promise<number> {
  for (let p = 5460; p <= 5469; p++) {
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return p;
  }
  throw new Error('no free port in 5460-5469');
}

let tmp = '';
let pgData = '';
let server: ServerProcess | null = null;

afterAll(async () => {
  await server?.stop();
  if (pgData) await asPostgres('pg_ctl', ['-D', pgData, '-m', 'immediate', 'stop']).catch(() => {});
  if (tmp) await rm(tmp, { recursive: true, force: true });
  await removeBundle();
});

interface Sample {
  kind: 'read' | 'write';
  start: number;
  end: number;
  status: number;
  name?: string;
  /** the message of a 5xx */
  message?: string;
}

describe.skipIf(!HAVE_PG)('PostgreSQL restart under load', () => {
  it('the app survives a restart: ≤ 2% 5xx, back within 5 s, no acknowledged write lost', async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'darta-pgrestart-'));
    await chmod(tmp, 0o777);
    pgData = path.join(tmp, 'pg');
    const port = await freePort();
    await asPostgres('initdb', ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    const pgOpts = `-p ${port} -k ${tmp} -c listen_addresses=127.0.0.1`;
    await asPostgres('pg_ctl', ['-D', pgData, '-o', pgOpts, '-l', `${tmp}/pg.log`, '-w', 'start']);

    const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query('create database darta');
    await admin.end();
    const url = `postgres://postgres@127.0.0.1:${port}/darta`;
    const setup = fromPostgres(url, 2);
    await setup.migrate();
    await seed(setup.db, { demo: true });
    await setup.close();

    const script = await bundleServer();
    const env = {
      DATABASE_URL: url,
      UPLOAD_DIR: path.join(tmp, 'uploads'),
      RATE_LIMIT_MAX: '1000000',
      LOG_LEVEL: 'error',
    };
    APP_PORT = await freeAppPort();
    server = new ServerProcess(APP_PORT, env, script);
    await server.go();

    // public routes take JSON, never multipart (issue 16 §3)
    const login = {
      payload: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
      headers: { 'content-type': 'application/json' },
    };
    const logged = await httpRequest(APP_PORT, {
      path: '/api/login',
      body: login.payload,
      headers: login.headers,
    });
    expect(logged.status, logged.body).toBe(200);
    const authz = { authorization: `Bearer ${JSON.parse(logged.body).data.token as string}` };

    const samples: Sample[] = [];
    const t0 = performance.now();
    const now = () => performance.now() - t0;
    const loop = async (l: number) => {
      for (let n = 0; now() < LOAD_MS; n++) {
        const write = n % 3 === 2;
        const name = `Load ${l}-${n}`;
        const start = now();
        let status = 0;
        let message: string | undefined;
        try {
          if (write) {
            const m = multipart({ nameEn: name, nameNe: `भार ${l}-${n}` });
            const a = await httpRequest(APP_PORT, {
              path: '/api/checkboxes',
              body: m.payload,
              headers: { ...m.headers, ...authz },
            });
            status = a.status;
            if (status >= 500) message = JSON.parse(a.body).message;
          } else {
            const a = await httpRequest(APP_PORT, {
              path: '/api/checkboxes?per_page=25',
              headers: authz,
            });
            status = a.status;
            if (status >= 500) message = JSON.parse(a.body).message;
          }
        } catch {
          status = 0; // no answer at all (the app died: checked below)
        }
        samples.push({ kind: write ? 'write' : 'read', start, end: now(), status, name, message });
        // a client told to come back later waits a moment, as the web client would
        if (status === 503 || status === 0) await new Promise((r) => setTimeout(r, 250));
      }
    };
    const restart = (async () => {
      await new Promise((r) => setTimeout(r, RESTART_AT_MS));
      const begun = now();
      await asPostgres(
        'pg_ctl',
        ['-D', pgData, '-o', pgOpts, '-l', `${tmp}/pg.log`].concat(['-m', 'fast', '-w', 'restart']),
      );
      return { begun, accepting: now() };
    })();
    const [, times] = await Promise.all([
      Promise.all(Array.from({ length: LOOPS }, (_, l) => loop(l))),
      restart,
    ]);

    // ---- the app is alive and answers
    expect(server.alive, `the app process died: ${server.log}`).toBe(true);
    const health = await httpRequest(APP_PORT, { path: '/api/checkboxes', headers: authz });
    expect(health.status).toBe(200);

    const total = samples.length;
    const fivexx = samples.filter((s) => s.status >= 500).length;
    const noAnswer = samples.filter((s) => s.status === 0).length;
    const other = samples.filter((s) => s.status !== 0 && (s.status < 200 || s.status >= 300));
    const firstOk = samples
      .filter((s) => s.status >= 200 && s.status < 300 && s.end >= times.accepting)
      .reduce((m, s) => Math.min(m, s.end), Infinity);
    const recoveryMs = firstOk - times.accepting;
    const slowest = samples
      .filter((s) => s.start >= times.begun - 100 && s.start <= times.accepting)
      .reduce((m, s) => Math.max(m, s.end - s.start), 0);

    // ---- every acknowledged write is in the database
    const acked = samples.filter((s) => s.kind === 'write' && s.status >= 200 && s.status < 300);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const { rows } = await check.query<{ name_en: string }>(
      "select name_en from checkboxes where name_en like 'Load %'",
    );
    await check.end();
    const inDb = new Set(rows.map((r) => r.name_en));
    const lost = acked.filter((s) => !inDb.has(s.name!)).map((s) => s.name);

    console.log(
      [
        `pg restart under load: ${LOOPS} loops for ${LOAD_MS / 1000} s, restart at ` +
          `${(times.begun / 1000).toFixed(1)} s took ${Math.round(times.accepting - times.begun)} ms`,
        `  requests: ${total} (${samples.filter((s) => s.kind === 'write').length} writes, ` +
          `${acked.length} acknowledged); ${fivexx} got a 5xx ` +
          `(${((fivexx / total) * 100).toFixed(2)}%), ${noAnswer} no answer, ` +
          `${other.length - fivexx} other non-2xx`,
        `  recovery: first success ${Math.round(recoveryMs)} ms after PostgreSQL accepted ` +
          `connections again; slowest request during the restart ${Math.round(slowest)} ms`,
        `  acknowledged writes lost: ${lost.length}; app process alive: ${server.alive}`,
        ...samples
          .filter((s) => s.status < 200 || s.status >= 300)
          .map(
            (s) =>
              `  ${s.status} on a ${s.kind} sent at ${(s.start / 1000).toFixed(2)} s, ` +
              `answered at ${(s.end / 1000).toFixed(2)} s`,
          ),
      ].join('\n'),
    );
    expect(noAnswer, 'requests with no answer (the app must never drop them)').toBe(0);
    expect(
      other.filter((s) => s.status < 500),
      'non-2xx answers that are not 5xx',
    ).toEqual([]);
    // a failure in the outage is the retryable, translated 503, never a 500
    expect(
      samples.filter(
        (s) =>
          s.status >= 500 &&
          (s.status !== 503 || s.message !== translate('en-US', 'errors.databaseUnavailable')),
      ),
    ).toEqual([]);
    expect(fivexx / total, '5xx share').toBeLessThanOrEqual(0.02);
    expect(recoveryMs, 'recovery after PostgreSQL is back (ms)').toBeLessThanOrEqual(5000);
    expect(lost, 'acknowledged writes missing from the database').toEqual([]);
    await server.stop();
    server = null;
    await asPostgres('pg_ctl', ['-D', pgData, '-m', 'fast', '-w', 'stop']);
    pgData = '';
  }, 180_000);
});
