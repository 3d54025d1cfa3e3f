/**
 * Crash during submission (issue 8 §4). The real server runs as a child process
 * (crash-server.ts) on its own database (PostgreSQL when DATABASE_URL is set: a database of its
 * own on that server; else an on-disk PGlite) and upload folder. Each trial submits a new
 * application as the web client does (multipart: form fields and three files) with a fresh
 * Idempotency-Key, SIGKILLs the server after a random 0–N ms, starts it again and retries with
 * the same key until it is answered 201. N is 1.5× the measured time of a submission, so kills
 * land before the commit, after the commit but before the answer arrived, and after the answer.
 *
 * At the end, read straight from the database and the folder: every trial made exactly one
 * application (0 duplicates, none lost) with its one key row; every application has the rows a
 * normal submission writes (owners, 4 documents, the submit history entry, the audit row); every
 * file row is referenced and every stored file has a row and vice versa (0 orphans).
 *
 * Bounded: CRASH_TRIALS trials (default 200 on PostgreSQL; 25 on PGlite, whose reopen after a
 * kill costs 1–3 s of recovery). The next servers are started in standby while a trial runs
 * (CRASH_STANDBYS, default 2), so a restart costs the database open and buildApp, not Node's module
 * loading, and the server is bundled once (crash-harness.ts). Prints its counts.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { fromPostgres, PGLITE_EXTENSIONS } from '../../src/server/db/client.js';
import { DEMO_PASSWORD, seed } from '../../src/server/db/seed.js';
import { multipart } from '../server/helper.js';
import { ownersJson, profileFiles, validFields, validFiles } from '../server/fixtures.js';
import {
  bundleServer,
  freePort,
  httpRequest,
  removeBundle,
  ServerProcess,
  type HttpAnswer,
} from './crash-harness.js';

const DATABASE_URL = process.env.DATABASE_URL;
const KIND = DATABASE_URL ? 'postgres' : 'pglite';
const TRIALS = Number(process.env.CRASH_TRIALS ?? (DATABASE_URL ? 200 : 25));
/** The server's port: a free one chosen when the test starts (crash-harness.ts freePort). */
let PORT = 0;
const RUN = randomBytes(4).toString('hex');
/** Next servers kept loading in the background (CRASH_STANDBYS, default 2). */
const STANDBYS = Math.max(1, Number(process.env.CRASH_STANDBYS ?? 2));

let tmp = '';
let dbName = '';
const servers: ServerProcess[] = [];

/** PostgreSQL only: watches for the key row to appear (the "at commit" kills). */
let watcher: pg.Client | null = null;

afterAll(async () => {
  await Promise.all(servers.map((s) => s.kill()));
  await watcher?.end().catch(() => {});
  if (dbName && DATABASE_URL) {
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  if (tmp) await rm(tmp, { recursive: true, force: true });
  await removeBundle();
});

/** Creates, migrates and seeds the test's own database; returns the child's env for it. */
async function prepareDatabase(): Promise<Record<string, string>> {
  if (DATABASE_URL) {
    dbName = `darta_crash_${RUN}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(DATABASE_URL);
    url.pathname = `/${dbName}`;
    const db = fromPostgres(url.toString(), 2);
    await db.migrate();
    await seed(db.db, { demo: true });
    await db.close();
    return { DATABASE_URL: url.toString() };
  }
  // the migrated and seeded data dir of this test run (global-setup.ts), unpacked on disk
  const dataDir = path.join(tmp, 'data', 'pglite');
  await mkdir(dataDir, { recursive: true });
  const dump = await readFile(inject('pgliteDump'));
  const db = await PGlite.create({
    dataDir,
    loadDataDir: new Blob([dump]),
    extensions: PGLITE_EXTENSIONS,
  });
  await db.close();
  return { DATA_DIR: path.join(tmp, 'data') };
}

/** Rows of `sql` from the test's database (opened after the last server stopped). */
async function queryDatabase(env: Record<string, string>) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    return {
      q: async <T>(sql: string) => (await client.query(sql)).rows as T[],
      close: () => client.end(),
    };
  }
  const db = await PGlite.create({
    dataDir: path.join(env.DATA_DIR, 'pglite'),
    extensions: PGLITE_EXTENSIONS,
  });
  return {
    q: async <T>(sql: string) => (await db.query<T>(sql)).rows,
    close: () => db.close(),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`crash during submission (${KIND})`, () => {
  it(`${TRIALS} SIGKILLs mid-submission: 0 duplicates, 0 partial rows, 0 orphan files`, async () => {
    const t0 = performance.now();
    PORT = await freePort();
    tmp = await mkdtemp(path.join(os.tmpdir(), 'darta-crash-'));
    const uploadDir = path.join(tmp, 'uploads');
    const env: Record<string, string> = {
      ...(await prepareDatabase()),
      UPLOAD_DIR: uploadDir,
      // one server at a time: unreferenced files are deleted at startup, before it listens
      UPLOAD_SWEEP_STARTUP: 'now',
      UPLOAD_SWEEP_INTERVAL_MINUTES: '0',
      RATE_LIMIT_MAX: '100000',
      // the shared counters reserve a chunk per process, and 200 killed processes in a few
      // minutes would use up any window: this test is about crashes, not limits
      RATE_LIMIT_STORE: 'memory',
      LOG_LEVEL: 'error',
    };
    const prepMs = performance.now() - t0;

    const script = await bundleServer();
    /** Servers loading their modules, oldest first: the next restarts. */
    const standbys: ServerProcess[] = [];
    const fill = () => {
      while (standbys.length < STANDBYS) {
        const s = new ServerProcess(PORT, env, script);
        servers.push(s);
        standbys.push(s);
      }
    };
    fill();
    /** Starts the oldest standby server and readies another; returns the startup ms. */
    const restart = async () => {
      const s = standbys.shift()!;
      fill();
      const ms = await s.go();
      return { server: s, ms };
    };
    let { server } = await restart();

    // The demo applicant, with the profile photo and citizenship scan that applying needs.
    // public routes take JSON, never multipart (issue 16 §3)
    const login = {
      payload: JSON.stringify({ username: 'applicant', password: DEMO_PASSWORD }),
      headers: { 'content-type': 'application/json' },
    };
    const logged = await httpRequest(PORT, {
      path: '/api/login',
      body: login.payload,
      headers: login.headers,
    });
    expect(logged.status, logged.body).toBe(200);
    const authz = { authorization: `Bearer ${JSON.parse(logged.body).data.token as string}` };
    const docs = multipart({}, await profileFiles());
    const up = await httpRequest(PORT, {
      path: '/api/profiles/documents',
      body: docs.payload,
      headers: { ...docs.headers, ...authz },
    });
    expect(up.status, up.body).toBe(200);
    const wards = await httpRequest(PORT, { path: '/api/wards/all', headers: authz });
    const ward = (JSON.parse(wards.body).data as { id: number; number: number }[]).find(
      (w) => w.number === 1,
    )!.id;
    const files = await validFiles();

    /** Trial i's form: single owner on even i, 2–3 owners on odd i. */
    const owners = (i: number) => (i % 2 ? 2 + (i % 4 === 1 ? 1 : 0) : 0);
    const form = (i: number) =>
      multipart(
        validFields(ward, {
          businessName: `Crash ${RUN} trial ${i}`,
          ...(owners(i) ? { kind: 'multiple', owners: ownersJson(owners(i)) } : {}),
        }),
        files,
      );
    const submit = (m: ReturnType<typeof form>, key: string) =>
      httpRequest(PORT, {
        path: '/api/applications',
        body: m.payload,
        headers: { ...m.headers, ...authz, 'idempotency-key': key },
      });

    // Calibration: the time of a whole submission on this machine (also 3 normal submissions
    // the final checks hold to the same standard).
    const took: number[] = [];
    for (let i = -3; i < 0; i++) {
      const s = performance.now();
      const r = await submit(form(i), `crash-${RUN}-${i}`);
      expect(r.status, r.body).toBe(201);
      took.push(performance.now() - s);
    }
    const submitMs = took.sort((a, b) => a - b)[1];
    // The kill comes after a random 0–maxDelay ms. maxDelay starts at 1.5× a warm submission
    // and adapts (a cold server just restarted is slower): shorter after a kill that came after
    // the answer, longer otherwise, so that about a third of the kills land after the answer and
    // the rest before and around the commit.
    let maxDelay = Math.max(20, submitMs * 1.5);
    const delays: number[] = [];

    const phases = { beforeCommit: 0, committedNotAnswered: 0, afterAnswer: 0 };
    let atCommit = 0;
    watcher = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : null;
    // its connection is cut when the database is dropped after a failure
    watcher?.on('error', () => {});
    await watcher?.connect();
    const created = new Map<number, number>(); // trial → application id
    const restartMs: number[] = [];
    let retries = 0;
    const tTrials = performance.now();
    for (let i = 0; i < TRIALS; i++) {
      const key = `crash-${RUN}-${i}`;
      const m = form(i);
      let answered: HttpAnswer | null = null;
      const first = submit(m, key).then(
        (r) => (answered = r),
        () => null,
      );
      if (watcher && i % 4 === 3) {
        // Every 4th trial on PostgreSQL kills the moment the key row becomes visible, i.e. just
        // after the commit, before the answer is likely out: the narrowest window of all.
        atCommit++;
        const deadline = performance.now() + 10_000;
        while (!answered && performance.now() < deadline) {
          const found = await watcher.query('select 1 from idempotency_keys where key = $1', [key]);
          if (found.rowCount) break;
        }
      } else {
        delays.push(maxDelay);
        await sleep(Math.random() * maxDelay);
      }
      await server.kill();
      await first;
      const before = answered as HttpAnswer | null;
      const r = await restart();
      server = r.server;
      restartMs.push(r.ms);

      let answer: HttpAnswer | null = null;
      for (let attempt = 0; attempt < 20 && answer?.status !== 201; attempt++) {
        if (attempt) await sleep(100);
        retries++;
        answer = await submit(m, key).catch(() => null);
        if (answer && answer.status !== 201 && answer.status !== 409 && answer.status < 500)
          throw new Error(`trial ${i}: retry answered ${answer.status} ${answer.body}`);
      }
      expect(answer?.status, `trial ${i}: ${answer?.body} ${server.log}`).toBe(201);
      const id = JSON.parse(answer!.body).data.id as number;
      if (!(watcher && i % 4 === 3)) maxDelay = Math.max(20, maxDelay * (before ? 0.91 : 1.05));
      if (before?.status === 201) {
        phases.afterAnswer++;
        expect(answer!.headers['idempotent-replayed']).toBe('true');
        expect(JSON.parse(before.body).data.id, `trial ${i}: the replay names another`).toBe(id);
      } else if (answer!.headers['idempotent-replayed'] === 'true') {
        phases.committedNotAnswered++;
      } else {
        phases.beforeCommit++;
      }
      created.set(i, id);
    }
    const trialsS = (performance.now() - tTrials) / 1000;
    await watcher?.end();
    watcher = null;
    await server.stop();
    await Promise.all(standbys.map((s) => s.stop()));

    // ---- the final state, read from the database and the folder
    const db = await queryDatabase(env);
    try {
      const perTrial = await db.q<{ name: string; n: number; ids: number[] }>(
        `select business_name as name, count(*)::int as n, array_agg(id) as ids
           from applications where business_name like 'Crash ${RUN} trial %' group by 1`,
      );
      const duplicates = perTrial.filter((r) => r.n > 1);
      expect(duplicates, 'duplicate applications').toEqual([]);
      expect(perTrial).toHaveLength(TRIALS + 3);
      for (const [i, id] of created) {
        expect(perTrial.find((r) => r.name === `Crash ${RUN} trial ${i}`)?.ids).toEqual([id]);
      }
      const keys = await db.q<{ key: string; entity_id: number }>(
        `select key, entity_id from idempotency_keys where key like 'crash-${RUN}-%'`,
      );
      expect(keys).toHaveLength(TRIALS + 3);
      for (const [i, id] of created) {
        expect(keys.find((k) => k.key === `crash-${RUN}-${i}`)?.entity_id).toBe(id);
      }

      // every application has what a normal submission writes
      const rows = await db.q<{
        id: number;
        name: string;
        owners: number;
        docs: number;
        history: number;
        audits: number;
      }>(
        `select a.id, a.business_name as name,
           (select count(*)::int from application_owners o where o.application_id = a.id) as owners,
           (select count(*)::int from application_documents d where d.application_id = a.id) as docs,
           (select count(*)::int from application_history h
             where h.application_id = a.id and h.action = 'submit') as history,
           (select count(*)::int from audit_log l where l.entity = 'applications'
             and l.entity_id = a.id and l.action = 'application.submit') as audits
         from applications a`,
      );
      const partial = rows.filter((r) => {
        const i = Number(/trial (-?\d+)$/.exec(r.name)?.[1]);
        return r.owners !== owners(i) || r.docs !== 4 || r.history !== 1 || r.audits !== 1;
      });
      expect(partial, 'applications missing rows a submission writes').toEqual([]);

      // files: every row referenced by something, every row's file on disk and vice versa
      const unreferenced = await db.q<{ id: number }>(
        `select f.id from files f
          where not exists (select 1 from application_documents d where d.file_id = f.id)
            and not exists (select 1 from users u
                             where u.photo_file_id = f.id or u.citizenship_file_id = f.id)
            and not exists (select 1 from applications a where a.old_certificate_file_id = f.id)`,
      );
      expect(unreferenced, 'file rows nothing refers to').toEqual([]);
      const stored = new Set(
        (await db.q<{ stored_name: string }>('select stored_name from files')).map(
          (r) => r.stored_name,
        ),
      );
      const onDisk = await readdir(uploadDir);
      const orphans = onDisk.filter((n) => !stored.has(n));
      const missing = [...stored].filter((n) => !onDisk.includes(n));
      expect(orphans, 'files in the upload folder no row refers to').toEqual([]);
      expect(missing, 'file rows whose file is missing').toEqual([]);

      const avg = restartMs.reduce((a, b) => a + b, 0) / restartMs.length;
      const sorted = [...restartMs].sort((a, b) => a - b);
      console.log(
        [
          `crash during submission (${KIND}): ${TRIALS} trials, SIGKILL after a random 0–N ms, ` +
            `N adapted between ${Math.round(Math.min(...delays))} and ` +
            `${Math.round(Math.max(...delays))} ms (a warm submission takes ~${Math.round(submitMs)} ms)`,
          (atCommit
            ? `  ${atCommit} of them killed as soon as the key row was visible (just after the commit)\n`
            : '') +
            `  kills landed: ${phases.beforeCommit} before the commit, ` +
            `${phases.committedNotAnswered} after the commit before the answer, ` +
            `${phases.afterAnswer} after the answer`,
          `  restarts: ${TRIALS}, go→listening avg ${Math.round(avg)} ms, ` +
            `p95 ${Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0)} ms; ` +
            `${retries} retries`,
          `  result: 0 duplicate applications, 0 partial rows, 0 orphan files ` +
            `(${rows.length} applications, ${stored.size} files)`,
          `  time: ${(prepMs / 1000).toFixed(1)} s database setup, ${trialsS.toFixed(1)} s trials, ` +
            `${((performance.now() - t0) / 1000).toFixed(1)} s in all`,
        ].join('\n'),
      );
    } finally {
      await db.close();
    }
  }, 1_200_000);
});
