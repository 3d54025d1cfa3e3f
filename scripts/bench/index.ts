/**
 * `npm run bench` (issues 8 §1 and 18): measures what Darta's users wait for, at several sizes
 * of the same database, on PGlite and (when DATABASE_URL is set) PostgreSQL, and prints the
 * growth table, the targets with PASS/FAIL, and EXPLAIN of the list and search queries.
 *
 * For each database: a fresh PGlite data directory, or a fresh PostgreSQL database (BENCH_DB_NAME,
 * created and dropped here) with the migrations, reference data and demo logins; then for each
 * size, ascending, it grows the same database to that many bench applications (seed-apps.ts
 * seeds only the difference), starts the real server on loopback, drives each endpoint with
 * autocannon (login, list page 1, a deep keyset page, the search box with a common English word,
 * a Devanagari name and a registration number, an applicant's own list, detail, dashboard,
 * certificate PDF) and two references running the list's own SQL (a bare Fastify + pg or PGlite
 * endpoint, measured in rounds alternated with the list page, and pgbench on PostgreSQL), each
 * endpoint measured warm (BENCH_WARMUP seconds of load first), and prints req/s, p50, p99, peak
 * RSS and the targets at that size.
 * At the largest size it runs EXPLAIN (ANALYZE, BUFFERS) of the list page 1 and the three
 * searches, as the app sends them.
 *
 * Env: BENCH_SIZES (10000,100000,1000000; "10k,100k,1m" also reads), BENCH_APPS (one size;
 * the knob of issue 8, used when BENCH_SIZES is not set), BENCH_PGLITE_MAX (100000: PGlite
 * skips larger sizes), BENCH_DURATION (seconds per endpoint, 10; the certificate PDF three times
 * as long), BENCH_CONNECTIONS (10),
 * BENCH_PDF_CONNECTIONS (1: the PDF target is the latency of one warm render), BENCH_DB
 * (pglite,postgres: which to run), DATABASE_URL (a PostgreSQL server to create the database on),
 * BENCH_DB_NAME (darta_bench), BENCH_PORTS (4700-4799: the loopback ports it may listen on),
 * BENCH_SEED_BATCH (100000 rows per seeding statement), BENCH_SEARCH_WORD (Traders),
 * BENCH_SEARCH_NE (महर्जन), BENCH_WARMUP (seconds of unmeasured load before each endpoint: 3, or
 * BENCH_DURATION if shorter), BENCH_ROUNDS (3: alternated rounds of the bare endpoint and the
 * list page), BENCH_KEEP_DB (1: the PostgreSQL database is kept at the end, for
 * EXPLAIN by hand; it is dropped again by the next run).
 * Flags: --json writes bench-results/bench-<time>.json too; --seed-only seeds the sizes and
 * prints the seeding times and EXPLAIN at the largest size, measuring no endpoint.
 * Exit code 0 even when a target fails: it is a report. Everything it starts or creates is
 * removed on exit, error, Ctrl-C or SIGTERM.
 */
import { spawn, execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { fromPglite, fromPostgres, PGLITE_EXTENSIONS } from '../../src/server/db/client.js';
import { DEMO_PASSWORD, seed } from '../../src/server/db/seed.js';
import {
  captureListSql,
  deepCursor,
  explainStatements,
  listLength,
  type BenchClient,
  type ListParams,
  type Statement,
} from './capture.js';
import {
  cpuComparison,
  cpuMsPerRequest,
  pairedRounds,
  evaluateTargets,
  figuresTable,
  growthTable,
  inlineParams,
  kibToMib,
  parsePortRange,
  parseSizes,
  percentile,
  pgbenchLatenciesMs,
  procCpuTicks,
  targetsTable,
  ticksBetween,
  ticksOfCommand,
  vmHwmKib,
  type Figures,
  type TargetResult,
} from './lib.js';
import { benchApplicantOf, benchUsername, seedApplications, SEED_BATCH } from './seed-apps.js';

const execFileP = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const SIZES = parseSizes(process.env, [10_000, 100_000, 1_000_000]);
const PGLITE_MAX = Number(process.env.BENCH_PGLITE_MAX ?? 100_000);
const [PORT_FIRST, PORT_LAST] = parsePortRange(process.env.BENCH_PORTS ?? '4700-4799');
const SEED_BATCH_ROWS = Number(process.env.BENCH_SEED_BATCH ?? SEED_BATCH);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PDF_CONNECTIONS = Number(process.env.BENCH_PDF_CONNECTIONS ?? 1);
/**
 * Seconds of unmeasured load at the measured connections before each endpoint's figures: the
 * server's code is still being compiled by V8 in its first seconds (the list on PGlite, 100k,
 * 50 requests of warm-up: 4.0–4.1 ms of CPU a request in its first 10 s, 3.0–3.2 in the next
 * 10 s; docs/performance.md "Drizzle's parsers once per instance; measured warm, in alternated
 * rounds"). A palika's server runs for weeks: the bench measures it warm.
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? Math.min(3, DURATION));
/** Seconds the certificate PDF is measured: more renders, so that its p99 is not their maximum. */
const PDF_DURATION = 3 * DURATION;
/** Alternated rounds of the bare endpoint and the list page (lib.ts pairedRounds). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SIGNING_KEY = 'darta-bench-signing-key';
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';
const BENCH_DB = process.env.BENCH_DB_NAME ?? 'darta_bench';
if (!/^[a-z_][a-z0-9_]{0,62}$/.test(BENCH_DB))
  throw new Error(`BENCH_DB_NAME must be a plain lower-case identifier: "${BENCH_DB}"`);
/** How deep the "deep page" starts (issue 8: a deep page as fast as page 1). */
const DEEP_ROWS = 50_000;
const JSON_OUT = process.argv.includes('--json');
const SEED_ONLY = process.argv.includes('--seed-only');
/** The search box (issue 18 §4): a common word of the seeded business names, a Devanagari name. */
const SEARCH_WORD = process.env.BENCH_SEARCH_WORD ?? 'Traders';
const SEARCH_NE = process.env.BENCH_SEARCH_NE ?? 'महर्जन';
/** The applicant whose own list is measured (bench00001 owns bench rows 1–4: seed-apps.ts). */
const APPLICANT = benchUsername(1);

/** The list request: 25 rows, approved only, newest submission first (issue 8's list). */
const LIST: ListParams = {
  page: '1',
  rowsPerPage: '25',
  sortBy: 'submissionDate',
  descending: 'true',
  filters: JSON.stringify({ status: 'approved' }),
};

/** The search box as the staff list sends it (ListTable: page 1, 25 rows, newest id first). */
const searchParams = (q: string): ListParams => ({
  page: '1',
  rowsPerPage: '25',
  sortBy: 'id',
  descending: 'true',
  filters: JSON.stringify({ q }),
});

/** The applicant's own list as their home page asks for it (HomePage: 100 rows, newest first). */
const OWN_LIST: ListParams = { rowsPerPage: '100', sortBy: 'id', descending: 'true' };

// ------------------------------------------------------------------------------- cleanup

const cleanups: (() => Promise<void>)[] = [];
/** Registers an undo step (stop a process, drop the database, remove a directory). */
const onCleanup = (fn: () => Promise<void>) => cleanups.push(fn);
let cleaning: Promise<void> | null = null;
/**
 * Runs every undo step at once (they are independent: the database is dropped WITH (FORCE)
 * even while a server is still connected), so that it is done within a couple of seconds of
 * Ctrl-C, before a wrapper (npm, tsx) gives up waiting.
 */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    const steps = cleanups.splice(0).reverse();
    await Promise.all(
      steps.map((fn) =>
        fn().catch((err: unknown) => console.error('cleanup:', (err as Error).message)),
      ),
    );
  })();
  return cleaning;
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    console.error(`\n${sig}: cleaning up…`);
    void cleanup().then(() => process.exit(130));
  });
}

// ------------------------------------------------------------------------------ processes

/** A free TCP port on 127.0.0.1 in BENCH_PORTS (the bench's range). */
async function freePort(): Promise<number> {
  for (let port = PORT_FIRST; port <= PORT_LAST; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error(`no free port in ${PORT_FIRST}–${PORT_LAST} (BENCH_PORTS)`);
}

interface Child {
  proc: ChildProcess;
  /** kills the process group (the server and its Chromium), waits for the exit */
  stop(): Promise<void>;
  output(): string;
}

/**
 * Starts `node --import tsx <script>` in its own process group (so Chromium, which the server
 * starts, is stopped with it), resolving when `ready(url)` answers or rejecting on exit.
 */
async function startNode(script: string, env: NodeJS.ProcessEnv, ready: () => Promise<boolean>) {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const child: Child = {
    proc,
    output: () => out,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const group = (sig: NodeJS.Signals) => {
        try {
          process.kill(-proc.pid!, sig);
        } catch {
          /* already gone */
        }
      };
      group('SIGTERM');
      const timer = setTimeout(() => group('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
      group('SIGKILL'); // anything of the group still alive (Chromium helpers)
    },
  };
  onCleanup(() => child.stop());
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${script} exited:\n${out}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${script} did not start within 120 s:\n${out}`);
}

/** Pid and descendants, from /proc (for the resident set of the server with Chromium). */
async function processTree(root: number): Promise<number[]> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    const m = /\) \S (\d+)/.exec(stat);
    if (m) parents.set(Number(name), Number(m[1]));
  }
  const out = [root];
  for (let i = 0; i < out.length; i++)
    for (const [pid, ppid] of parents) if (ppid === out[i]) out.push(pid);
  return out;
}

const vmRssKib = async (pid: number) => {
  const s = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = /^VmRSS:\s+(\d+)/m.exec(s);
  return m ? Number(m[1]) : 0;
};

/**
 * Samples the server's memory every 500 ms: the kernel's VmHWM of the Node process (its
 * peak resident set) and the largest sum of VmRSS over its process tree (Node + Chromium).
 */
function memoryWatch(pid: number) {
  let hwm = NaN;
  let treePeak = 0;
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
      const h = vmHwmKib(status);
      if (Number.isFinite(h)) hwm = h;
      let sum = 0;
      for (const p of await processTree(pid)) sum += await vmRssKib(p);
      treePeak = Math.max(treePeak, sum);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void sample(), 500);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      return { nodeHwmKib: hwm, treePeakKib: treePeak };
    },
  };
}

// -------------------------------------------------------------------------------- loading

interface Load {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** paths to cycle through instead of `path` (detail of many applications) */
  paths?: string[];
  /** bodies to cycle through instead of `body` (sign-ins of many accounts) */
  bodies?: string[];
  connections?: number;
  /** seconds measured (DURATION unless given) */
  duration?: number;
  /** requests sent one at a time first (a check that it answers), before WARMUP_S of load */
  warmup?: number;
}

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`; 100 where it cannot say). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU ticks `pid` has used so far (NaN without /proc: not Linux, or the process gone). */
function cpuTicks(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    return procCpuTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

/** The CPU ticks of this machine's PostgreSQL processes, by pid (empty when none runs here). */
async function postgresTicks(): Promise<Map<number, number>> {
  const stats = new Map<number, string>();
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    if (stat) stats.set(Number(name), stat);
  }
  return ticksOfCommand(stats, 'postgres');
}

/**
 * Drives `base` + load with autocannon for DURATION seconds after `warmup` requests and WARMUP_S
 * seconds of unmeasured load; with the
 * serving process's `pid`, also its CPU time per request over those seconds, and with `db`
 * (a PostgreSQL run) the PostgreSQL server's when it runs on this machine.
 */
async function drive(base: string, load: Load, pid?: number, db = false): Promise<Figures> {
  const connections = load.connections ?? CONNECTIONS;
  let i = 0;
  const opts: autocannon.Options = {
    url: base + load.path,
    method: load.method ?? 'GET',
    body: load.body,
    headers: { 'content-type': 'application/json', ...load.headers },
    connections,
    timeout: 30,
    ...(load.paths || load.bodies
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const n = i++;
                return {
                  ...req,
                  ...(load.paths ? { path: load.paths[n % load.paths.length] } : {}),
                  ...(load.bodies ? { body: load.bodies[n % load.bodies.length] } : {}),
                };
              },
            },
          ],
        }
      : {}),
  };
  if (load.warmup) await autocannon({ ...opts, amount: load.warmup, connections: 1 });
  if (WARMUP_S > 0) await autocannon({ ...opts, duration: WARMUP_S });
  const dbBefore = db ? await postgresTicks() : undefined;
  const cpuBefore = cpuTicks(pid);
  const r = await autocannon({ ...opts, duration: load.duration ?? DURATION });
  const cpuMsPerReq = cpuMsPerRequest(cpuBefore, cpuTicks(pid), TICKS_PER_SECOND, r.requests.total);
  const dbCpuMsPerReq = dbBefore
    ? cpuMsPerRequest(
        0,
        ticksBetween(dbBefore, await postgresTicks()),
        TICKS_PER_SECOND,
        r.requests.total,
      )
    : undefined;
  const figures: Figures = {
    name: load.name,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    connections,
    ...(cpuMsPerReq === undefined ? {} : { cpuMsPerReq }),
    ...(dbCpuMsPerReq === undefined ? {} : { dbCpuMsPerReq }),
  };
  console.log(
    `  ${load.name.padEnd(28)} ${figures.reqPerSec.toFixed(1).padStart(8)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms` +
      (cpuMsPerReq === undefined ? '' : `  CPU ${cpuMsPerReq.toFixed(3)} ms/req`) +
      (dbCpuMsPerReq === undefined ? '' : `  DB CPU ${dbCpuMsPerReq.toFixed(3)} ms/req`) +
      (figures.non2xx || figures.errors
        ? `  (${figures.non2xx} non-2xx, ${figures.errors} errors)`
        : ''),
  );
  return figures;
}

async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** pgbench of `statements` (one transaction = one list request) on `url`. */
async function pgbench(url: string, statements: Statement[], dir: string): Promise<Figures> {
  const script = path.join(dir, 'list.sql');
  await writeFile(
    script,
    statements.map((s) => `${inlineParams(s.text, s.params).replace(/\s+/g, ' ')};`).join('\n') +
      '\n',
  );
  const logDir = path.join(dir, 'pgbench-log');
  await mkdir(logDir, { recursive: true });
  const { stdout } = await execFileP(
    PGBENCH,
    [
      '-n',
      '-f',
      script,
      '-T',
      String(DURATION),
      '-c',
      String(CONNECTIONS),
      '-j',
      String(Math.min(CONNECTIONS, os.cpus().length)),
      '-M',
      'extended',
      '-l',
      '--log-prefix',
      path.join(logDir, 'pgbench'),
      url,
    ],
    { cwd: logDir, maxBuffer: 10_000_000 },
  );
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const failed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
  const lat: number[] = [];
  for (const f of await readdir(logDir))
    lat.push(...pgbenchLatenciesMs(await readFile(path.join(logDir, f), 'utf8')));
  const figures: Figures = {
    name: 'pgbench (list SQL)',
    reqPerSec: tps,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    non2xx: 0,
    errors: failed,
    connections: CONNECTIONS,
  };
  console.log(
    `  ${figures.name.padEnd(28)} ${tps.toFixed(1).padStart(8)} tps    p50 ${figures.p50.toFixed(2)} ms  p99 ${figures.p99.toFixed(2)} ms`,
  );
  return figures;
}

// ---------------------------------------------------------------------------- one database

/** A search of the bench: which kind, the text typed. */
interface Search {
  name: string;
  q: string;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one request's statements. */
interface Explained {
  name: string;
  params: ListParams;
  statements: (Statement & { plan: string })[];
}

/** What was measured at one size. */
interface SizeResult {
  apps: number;
  /** seeding this size's difference, ms */
  seedMs: number;
  statements: Statement[];
  deep: { depth: number; cursor: string; v: unknown; id: number } | null;
  searches: (Search & { total: number })[];
  figures: Figures[];
  memory: { nodeHwmKib: number; treePeakKib: number } | null;
  targets: TargetResult[];
  explain?: Explained[];
}

interface DbResult {
  kind: 'pglite' | 'postgres';
  /** migrations, reference data and demo logins, ms */
  setupMs: number;
  sizes: SizeResult[];
}

const label = (kind: 'pglite' | 'postgres') => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');
const count = (n: number) => n.toLocaleString('en-US');

/** Where a database of the bench lives: a PGlite data directory, or a PostgreSQL URL. */
interface Place {
  kind: 'pglite' | 'postgres';
  tmp: string;
  dataDir: string;
  dbUrl?: string;
}

/** Opens the bench database in this process (PGlite: exclusively; close before a server starts). */
async function open(place: Place) {
  if (place.kind === 'pglite') {
    const pglite = await PGlite.create({
      dataDir: path.join(place.dataDir, 'pglite'),
      extensions: PGLITE_EXTENSIONS,
    });
    return {
      database: fromPglite(pglite),
      client: { kind: 'pglite', pglite } as BenchClient,
      async close() {
        await pglite.close();
      },
    };
  }
  const database = fromPostgres(place.dbUrl!);
  // EXPLAIN runs here: without JIT, as the app's connections (db/client.ts)
  const pool = new pg.Pool({ connectionString: place.dbUrl, max: 2, options: '-c jit=off' });
  // An idle connection ended by the clean-up's DROP DATABASE … WITH (FORCE) is not an error.
  pool.on('error', () => undefined);
  return {
    database,
    client: { kind: 'postgres', pool } as BenchClient,
    async close() {
      await pool.end();
      await database.close();
    },
  };
}

async function benchDatabase(kind: 'pglite' | 'postgres', adminUrl?: string): Promise<DbResult> {
  const sizes = kind === 'pglite' ? SIZES.filter((n) => n <= PGLITE_MAX) : SIZES;
  const skipped = SIZES.filter((n) => !sizes.includes(n));
  console.log(
    `\n== ${label(kind)}: ${sizes.map(count).join(', ')} applications` +
      (skipped.length ? ` (${skipped.map(count).join(', ')} skipped: BENCH_PGLITE_MAX)` : '') +
      ' ==',
  );
  const tmp = await mkdtemp(path.join(os.tmpdir(), `darta-bench-${kind}-`));
  onCleanup(() => rm(tmp, { recursive: true, force: true }));
  const place: Place = { kind, tmp, dataDir: path.join(tmp, 'data') };
  if (kind === 'postgres') {
    const admin = new URL(adminUrl!);
    admin.pathname = '/postgres';
    const sqlAdmin = async (text: string) => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      try {
        await c.query(text);
      } finally {
        await c.end();
      }
    };
    await sqlAdmin(`drop database if exists ${BENCH_DB} with (force)`);
    await sqlAdmin(`create database ${BENCH_DB}`);
    if (process.env.BENCH_KEEP_DB !== '1')
      onCleanup(() => sqlAdmin(`drop database if exists ${BENCH_DB} with (force)`));
    const u = new URL(adminUrl!);
    u.pathname = `/${BENCH_DB}`;
    place.dbUrl = u.toString();
  } else {
    await mkdir(path.join(place.dataDir, 'pglite'), { recursive: true });
  }

  // Migrations + reference data + demo logins, as `npm start` does.
  const t0 = Date.now();
  {
    const db = await open(place);
    await db.database.migrate();
    await seed(db.database.db, { demo: true });
    await db.close();
  }
  const setupMs = Date.now() - t0;
  console.log(`  migrated and seeded the reference data in ${(setupMs / 1000).toFixed(1)} s`);

  const results: SizeResult[] = [];
  let seeded = 0;
  for (const apps of sizes) {
    results.push(await benchSize(place, seeded, apps, apps === sizes[sizes.length - 1]));
    seeded = apps;
  }
  return { kind, setupMs, sizes: results };
}

/** Grows `place` from `seeded` to `apps` bench applications and measures it. */
async function benchSize(
  place: Place,
  seeded: number,
  apps: number,
  largest: boolean,
): Promise<SizeResult> {
  const { kind, dataDir, dbUrl } = place;
  console.log(`\n-- ${label(kind)}, ${count(apps)} applications`);

  const db = await open(place);
  const t0 = Date.now();
  await seedApplications(db.database.db, apps, SIGNING_KEY, {
    from: seeded,
    batch: SEED_BATCH_ROWS,
    onBatch: (done, total) => {
      if (done < total)
        console.log(
          `  seeding… ${count(done)} / ${count(total)} rows (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
        );
    },
  });
  const seedMs = Date.now() - t0;
  console.log(
    `  seeded ${count(apps - seeded)} applications (${count(seeded)} → ${count(apps)}) in ${(seedMs / 1000).toFixed(1)} s` +
      ` (this process's peak RSS so far: ${kibToMib(process.resourceUsage().maxRSS)})`,
  );

  const query = async <T>(text: string) =>
    ((await db.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  // A registration number from the middle of the seeded data, typed in full.
  const [{ registration_no: regNo }] = await query<{ registration_no: string }>(
    `select registration_no from applications where registration_no is not null
       and id >= (select (min(id) + max(id)) / 2 from applications where registration_no is not null)
     order by id limit 1`,
  );
  const searches: Search[] = [
    { name: 'search: common word', q: SEARCH_WORD },
    { name: 'search: Devanagari name', q: SEARCH_NE },
    { name: 'search: registration no.', q: regNo },
  ];
  const statements = await captureListSql(db.client, LIST);
  // ~50,000 rows deep, or as deep as a smaller bench database allows (a full page after it).
  const depth = Math.max(1, Math.min(DEEP_ROWS, (await listLength(db.database.db, LIST)) - 25));
  const deepAt = await deepCursor(db.database.db, LIST, depth);
  const deep = deepAt && { depth, ...deepAt };
  const ids = (
    await query<{ id: number }>(
      // approved applications with a payment and a certificate, spread over the table
      `select id from applications where app_status = 'approved' order by (id::bigint * 7919) % 1000, id limit 500`,
    )
  ).map((r) => r.id);
  const [own] = await query<{ n: number }>(
    `select count(*)::int as n from applications a join users u on u.id = a.user_id
     where u.username = '${APPLICANT}' and a.deleted_on is null`,
  );
  console.log(
    `  list SQL: ${statements.length} statement(s)${statements.some((s) => s.name) ? ' (prepared)' : ''}; ` +
      `deep cursor: ${deep ? `${count(depth)} rows deep, v=${String(deep.v)} id=${deep.id}` : 'none (no keyset cursor in this build: an OFFSET page instead)'}; ` +
      `${APPLICANT} has ${own.n} application(s)`,
  );

  let explain: Explained[] | undefined;
  if (largest) {
    explain = [];
    for (const [name, params] of [
      ['list page 1', LIST],
      ...searches.map((s) => [s.name, searchParams(s.q)] as const),
    ] as const) {
      const stmts = await captureListSql(db.client, params);
      const plans = await explainStatements(db.client, stmts);
      explain.push({ name, params, statements: stmts.map((s, i) => ({ ...s, plan: plans[i] })) });
    }
    console.log(
      `  EXPLAIN (ANALYZE, BUFFERS) of the list and the searches: done (printed at the end)`,
    );
  }
  await db.close();

  const result: SizeResult = {
    apps,
    seedMs,
    statements,
    deep,
    searches: searches.map((s) => ({ ...s, total: NaN })),
    figures: [],
    memory: null,
    targets: [],
    explain,
  };
  if (SEED_ONLY) return result;
  const figures = result.figures;

  // Reference 1: bare Fastify + pg (or PGlite in-process) with the same SQL. It runs beside the
  // app and is measured in rounds alternated with the list page (below), so the figures each
  // list ÷ bare ratio divides are taken seconds apart, not a minute (pgbench, the server's start
  // and the sign-ins were in between, and the ratio moved with them: 0.64–0.81 in one run of
  // unchanged code). PGlite's data directory takes one process at a time: the bare one opens a
  // copy, made while no process has the database open.
  let bareDir: string | undefined;
  if (kind === 'pglite') {
    bareDir = path.join(place.tmp, 'bare-pglite');
    await rm(bareDir, { recursive: true, force: true });
    await cp(path.join(dataDir, 'pglite'), bareDir, { recursive: true });
  }
  const barePort = await freePort();
  const bare = await startNode(
    'scripts/bench/bare.ts',
    {
      BENCH_BARE_PORT: String(barePort),
      BENCH_BARE_STATEMENTS: JSON.stringify(statements),
      ...(kind === 'postgres'
        ? { BENCH_BARE_DATABASE_URL: dbUrl }
        : { BENCH_BARE_PGLITE_DIR: bareDir }),
    },
    async () => (await fetch(`http://127.0.0.1:${barePort}/list`)).ok,
  );
  const driveBare = (round: string) =>
    drive(
      `http://127.0.0.1:${barePort}`,
      { name: `bare Fastify (list SQL)${round}`, path: '/list', warmup: 50 },
      bare.proc.pid,
      kind === 'postgres',
    );
  // Reference 2: pgbench of the same SQL.
  if (kind === 'postgres') figures.push(await pgbench(dbUrl!, statements, place.tmp));

  // The real server.
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startNode(
    'src/server/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      UPLOAD_DIR: path.join(dataDir, 'uploads'),
      DATABASE_URL: dbUrl ?? '',
      DEMO: 'true',
      CERT_SIGNING_KEY: SIGNING_KEY,
      LOG_LEVEL: 'warn',
      GATEWAY_SIMULATORS: '0',
      // The per-IP limits would answer 429 to a load from one address.
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_LOGIN: '100000000',
    },
    async () => (await fetch(`${base}/api/health`)).ok,
  );
  const mem = memoryWatch(server.proc.pid!);
  /** A load on the app, with the server's CPU per request. */
  const driveApp = (load: Load) => drive(base, load, server.proc.pid, kind === 'postgres');
  const signIn = async (username: string) => {
    const { data } = await fetchJson<{ data: { token: string } }>(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: DEMO_PASSWORD }),
    });
    return { authorization: `Bearer ${data.token}` };
  };
  // Sign-ins of many applicants in turn: ten at once for one account from one address would
  // meet the sign-in lockout (lockout.ts), which is not what a palika's morning looks like.
  const loginBodies = Array.from({ length: Math.min(500, benchApplicantOf(apps)) }, (_, i) =>
    JSON.stringify({ username: benchUsername(i + 1), password: DEMO_PASSWORD }),
  );
  const auth = await signIn('admin');
  const applicantAuth = await signIn(APPLICANT);
  const qs = (p: ListParams) => new URLSearchParams(p).toString();
  type Page = { data: { id: number; registrationNo?: string | null }[]; meta: { total: number } };
  // Without a keyset cursor: the deepest OFFSET page the API allows (10,000 rows) or the list has.
  const offsetPage = Math.max(1, Math.min(400, Math.floor(depth / 25)));
  const deepParams: ListParams = deep
    ? { ...LIST, cursor: deep.cursor }
    : { ...LIST, page: String(offsetPage) };
  // The deep page must be a real page of rows, not an error answered fast.
  const deepCheck = await fetchJson<Page>(`${base}/api/applications?${qs(deepParams)}`, {
    headers: auth,
  });
  if (deepCheck.data.length !== 25) throw new Error(`deep page has ${deepCheck.data.length} rows`);
  // Each search must find something (the registration number: that very registration).
  for (const s of result.searches) {
    const page = await fetchJson<Page>(`${base}/api/applications?${qs(searchParams(s.q))}`, {
      headers: auth,
    });
    if (!page.data.length) throw new Error(`${s.name} "${s.q}" found nothing`);
    if (s.name.includes('registration') && !page.data.some((r) => r.registrationNo === s.q))
      throw new Error(`${s.name} "${s.q}" did not find that registration`);
    s.total = page.meta.total;
  }
  console.log(
    `  searches: ${result.searches.map((s) => `"${s.q}" ${count(s.total)} match(es)`).join(', ')} (counts bounded by the list)`,
  );
  const ownCheck = await fetchJson<Page>(`${base}/api/applications?${qs(OWN_LIST)}`, {
    headers: applicantAuth,
  });
  if (ownCheck.data.length !== own.n)
    throw new Error(`${APPLICANT}'s own list has ${ownCheck.data.length} rows, not ${own.n}`);
  const pdfId = ids[0];

  figures.push(
    await driveApp({
      name: 'login (argon2)',
      path: '/api/login',
      method: 'POST',
      body: loginBodies[0],
      bodies: loginBodies,
      warmup: 5,
    }),
  );
  // The bare endpoint and the list page, alternated; each side reported as its rounds' median.
  const rounds: { list: Figures; bare: Figures }[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const round = ROUNDS > 1 ? ` ${r}/${ROUNDS}` : '';
    const bareFigures = await driveBare(round);
    const listFigures = await driveApp({
      name: `list page 1${round}`,
      path: `/api/applications?${qs(LIST)}`,
      headers: auth,
      warmup: 50,
    });
    rounds.push({
      bare: { ...bareFigures, name: 'bare Fastify (list SQL)' },
      list: { ...listFigures, name: 'list page 1' },
    });
  }
  await bare.stop();
  if (bareDir) await rm(bareDir, { recursive: true, force: true });
  const paired = pairedRounds(rounds);
  if (ROUNDS > 1)
    console.log(
      `  list ÷ bare, median of ${ROUNDS} alternated rounds: req/s ${paired.listVsBare.reqs.toFixed(2)}, p99 ${paired.listVsBare.p99.toFixed(2)}`,
    );
  figures.push(
    paired.bare,
    paired.list,
    await driveApp({
      name: deep ? 'list deep (cursor)' : 'list deep (OFFSET)',
      path: `/api/applications?${qs(deepParams)}`,
      headers: auth,
      warmup: 50,
    }),
  );
  for (const s of result.searches)
    figures.push(
      await driveApp({
        name: s.name,
        path: `/api/applications?${qs(searchParams(s.q))}`,
        headers: auth,
        warmup: 20,
      }),
    );
  figures.push(
    await driveApp({
      name: 'applicant own list',
      path: `/api/applications?${qs(OWN_LIST)}`,
      headers: applicantAuth,
      warmup: 50,
    }),
    await driveApp({
      name: 'application detail',
      path: `/api/applications/${ids[0]}`,
      paths: ids.map((id) => `/api/applications/${id}`),
      headers: auth,
      warmup: 50,
    }),
    await driveApp({ name: 'dashboard', path: '/api/dashboard', headers: auth, warmup: 50 }),
    await driveApp({
      name: 'certificate PDF (warm)',
      path: `/api/applications/${pdfId}/certificate.pdf`,
      headers: auth,
      connections: PDF_CONNECTIONS,
      // One render at a time is ~6 a second: in DURATION seconds the p99 of some 60 renders
      // would be their slowest, which one garbage collection or a busy moment on the machine
      // sets alone (160–200 ms windows, and one of 342 ms, on one server in a row). Three times
      // as long gives the p99 about 190 renders.
      duration: PDF_DURATION,
      warmup: 5,
    }),
  );
  result.memory = await mem.stop();
  await server.stop();
  console.log(
    `  server peak RSS: Node ${kibToMib(result.memory.nodeHwmKib)} (VmHWM); with Chromium ${kibToMib(result.memory.treePeakKib)} (sampled)`,
  );

  const by = (prefix: string) => figures.find((f) => f.name.startsWith(prefix));
  result.targets = evaluateTargets(kind, apps, {
    list: by('list page 1'),
    deep: by('list deep'),
    bare: by('bare'),
    listVsBare: paired.listVsBare,
    detail: by('application detail'),
    dashboard: by('dashboard'),
    pdf: by('certificate PDF'),
    searches: figures.filter((f) => f.name.startsWith('search')),
  });
  console.log('');
  console.log(indent(figuresTable(figures)));
  return result;
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

// ------------------------------------------------------------------------------------ main

/** The final report of one database: seeding, growth table, targets per size, EXPLAIN. */
function report(r: DbResult) {
  const name = label(r.kind);
  console.log(`\n### ${name}\n`);
  console.log(
    `Seeding: reference data ${(r.setupMs / 1000).toFixed(1)} s; ` +
      r.sizes
        .map((s, i) => {
          const from = i ? r.sizes[i - 1].apps : 0;
          return `${count(from)} → ${count(s.apps)} in ${(s.seedMs / 1000).toFixed(1)} s`;
        })
        .join('; ') +
      ` (total ${(r.sizes.reduce((t, s) => t + s.seedMs, 0) / 1000).toFixed(1)} s)`,
  );
  if (!SEED_ONLY && r.sizes.length) {
    console.log(
      `\nGrowth (${CONNECTIONS} connections, PDF ${PDF_CONNECTIONS}; ${DURATION} s per endpoint (PDF ${PDF_DURATION} s); the same database grown between sizes):\n`,
    );
    console.log(growthTable(r.sizes));
    const s0 = r.sizes[r.sizes.length - 1];
    console.log(
      `\nsearch terms: common word "${SEARCH_WORD}", Devanagari name "${SEARCH_NE}", ` +
        `registration no. ${r.sizes.map((s) => `"${s.searches[2]?.q}" (${count(s.apps)})`).join(', ')}; ` +
        `applicant own list: ${APPLICANT}; deep page: ${s0.deep ? `${count(s0.deep.depth)} rows deep at ${count(s0.apps)}` : 'OFFSET'}`,
    );
    for (const s of r.sizes) {
      const bare = s.figures.find((f) => f.name.startsWith('bare'));
      const list = s.figures.find((f) => f.name === 'list page 1');
      const pgb = s.figures.find((f) => f.name.startsWith('pgbench'));
      console.log(`\nTargets at ${count(s.apps)} applications (${name}):\n`);
      console.log(targetsTable(s.targets));
      if (pgb && list && bare)
        console.log(
          `list ÷ pgbench: req/s ${(list.reqPerSec / pgb.reqPerSec).toFixed(2)}, p99 ${(list.p99 / pgb.p99).toFixed(2)}; bare ÷ pgbench req/s ${(bare.reqPerSec / pgb.reqPerSec).toFixed(2)}`,
        );
      const cpu = cpuComparison(list, bare);
      if (cpu) console.log(cpu);
      if (s.memory)
        console.log(
          `server peak RSS: Node ${kibToMib(s.memory.nodeHwmKib)} (VmHWM); Node + Chromium ${kibToMib(s.memory.treePeakKib)} (sampled every 0.5 s)`,
        );
    }
  }
  for (const s of r.sizes) {
    if (!s.explain) continue;
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) at ${count(s.apps)} applications (${name}):`);
    for (const e of s.explain) {
      console.log(`\n#### ${e.name}: ${JSON.stringify(e.params)}`);
      e.statements.forEach((st, i) => {
        console.log(
          `\n-- statement ${i + 1} of ${e.statements.length}${st.name ? ` (prepared "${st.name}")` : ''}; params ${JSON.stringify(st.params)}`,
        );
        console.log(st.text);
        console.log(st.plan);
      });
    }
  }
  if (!SEED_ONLY) {
    const failed = r.sizes.flatMap((s) =>
      s.targets
        .filter((t) => t.measured && !t.pass && !t.informational)
        .map((t) => `${count(s.apps)}: ${t.rule}`),
    );
    console.log(
      failed.length
        ? `\nFAIL: ${failed.length} target(s) not met on ${name}:\n  ${failed.join('\n  ')}`
        : `\nAll targets met on ${name}.`,
    );
  }
}

async function main() {
  const kinds = (process.env.BENCH_DB ?? 'pglite,postgres')
    .split(',')
    .map((s) => s.trim())
    .filter((k): k is 'pglite' | 'postgres' => k === 'pglite' || k === 'postgres')
    .filter((k) => k === 'pglite' || !!process.env.DATABASE_URL);
  if (!process.env.DATABASE_URL)
    console.log('DATABASE_URL is not set: PostgreSQL is skipped (PGlite only).');
  console.log(
    `Darta bench: ${SIZES.map(count).join(', ')} applications${SEED_ONLY ? ' (seeding only)' : ''}, ${DURATION} s per endpoint (PDF ${PDF_DURATION} s), ${CONNECTIONS} connections (PDF ${PDF_CONNECTIONS}); ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const started = Date.now();
  const results: DbResult[] = [];
  for (const kind of kinds) results.push(await benchDatabase(kind, process.env.DATABASE_URL));

  for (const r of results) report(r);
  console.log(
    `\nDone in ${((Date.now() - started) / 60_000).toFixed(1)} min; load average now ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
  );
  if (JSON_OUT) {
    const dir = path.join(ROOT, 'bench-results');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          machine: {
            cpus: os.cpus().length,
            model: os.cpus()[0]?.model,
            totalMemGiB: os.totalmem() / 2 ** 30,
            node: process.version,
            loadAverageAtEnd: os.loadavg(),
          },
          config: {
            sizes: SIZES,
            pgliteMax: PGLITE_MAX,
            seedOnly: SEED_ONLY,
            durationS: DURATION,
            connections: CONNECTIONS,
            pdfConnections: PDF_CONNECTIONS,
            deepRows: DEEP_ROWS,
            list: LIST,
            search: { word: SEARCH_WORD, devanagari: SEARCH_NE },
            ownList: { applicant: APPLICANT, params: OWN_LIST },
          },
          results,
        },
        null,
        2,
      ),
    );
    console.log(`\nJSON: ${path.relative(ROOT, file)}`);
  }
}

try {
  await main();
} catch (err) {
  console.error('\nbench failed:', err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
// autocannon and pg may keep handles open; the report is complete here.
process.exit(process.exitCode ?? 0);
