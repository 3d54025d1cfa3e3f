/**
 * `npm run bench` (issue 8 §1): seeds BENCH_APPS applications (default 100,000) on a fresh
 * PGlite data directory and, when DATABASE_URL is set, on a fresh PostgreSQL database
 * (darta_bench, created and dropped here), starts the real server on loopback against each,
 * drives it with autocannon and prints req/s, p50 and p99 per endpoint, the server's peak RSS,
 * and the ratios to two references measured in the same run (a bare Fastify + pg endpoint
 * running the list's own SQL, and pgbench of that SQL on PostgreSQL) with PASS/FAIL per target.
 *
 * Env: BENCH_APPS (100000), BENCH_DURATION (seconds per endpoint, 10), BENCH_CONNECTIONS (10),
 * BENCH_PDF_CONNECTIONS (1: the PDF target is the latency of one warm render), BENCH_DB
 * (pglite,postgres: which to run), DATABASE_URL (a PostgreSQL server to create darta_bench on).
 * Flags: --json writes bench-results/bench-<time>.json too.
 * Exit code 0 even when a target fails: it is a report. Ports 4700–4799 on 127.0.0.1.
 * Everything it starts or creates is removed on exit, error, Ctrl-C or SIGTERM.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { fromPglite, fromPostgres, type Database } from '../../src/server/db/client.js';
import { DEMO_PASSWORD, seed } from '../../src/server/db/seed.js';
import {
  captureListSql,
  deepCursor,
  listLength,
  type ListParams,
  type Statement,
} from './capture.js';
import {
  evaluateTargets,
  figuresTable,
  inlineParams,
  kibToMib,
  percentile,
  pgbenchLatenciesMs,
  targetsTable,
  vmHwmKib,
  type Figures,
} from './lib.js';
import { seedApplications } from './seed-apps.js';

const execFileP = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');
const APPS = Number(process.env.BENCH_APPS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PDF_CONNECTIONS = Number(process.env.BENCH_PDF_CONNECTIONS ?? 1);
const SIGNING_KEY = 'darta-bench-signing-key';
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';
const BENCH_DB = 'darta_bench';
/** How deep the "deep page" starts (issue 8: a deep page as fast as page 1). */
const DEEP_ROWS = 50_000;
const JSON_OUT = process.argv.includes('--json');

/** The list request: 25 rows, approved only, newest submission first. */
const LIST: ListParams = {
  page: '1',
  rowsPerPage: '25',
  sortBy: 'submissionDate',
  descending: 'true',
  filters: JSON.stringify({ status: 'approved' }),
};

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

/** A free TCP port on 127.0.0.1 in 4700–4799 (the bench's range). */
async function freePort(): Promise<number> {
  for (let port = 4700; port <= 4799; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const srv = createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (ok) return port;
  }
  throw new Error('no free port in 4700–4799');
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
  connections?: number;
  warmup?: number;
}

/** Drives `base` + load with autocannon for DURATION seconds after `warmup` requests. */
async function drive(base: string, load: Load): Promise<Figures> {
  const connections = load.connections ?? CONNECTIONS;
  let i = 0;
  const opts: autocannon.Options = {
    url: base + load.path,
    method: load.method ?? 'GET',
    body: load.body,
    headers: { 'content-type': 'application/json', ...load.headers },
    connections,
    timeout: 30,
    ...(load.paths
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => ({
                ...req,
                path: load.paths![i++ % load.paths!.length],
              }),
            },
          ],
        }
      : {}),
  };
  if (load.warmup) await autocannon({ ...opts, amount: load.warmup, connections: 1 });
  const r = await autocannon({ ...opts, duration: DURATION });
  const figures: Figures = {
    name: load.name,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    connections,
  };
  console.log(
    `  ${load.name.padEnd(28)} ${figures.reqPerSec.toFixed(1).padStart(8)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms` +
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

interface DbResult {
  kind: 'pglite' | 'postgres';
  seedMs: number;
  statements: Statement[];
  deep: { cursor: string; v: unknown; id: number } | null;
  figures: Figures[];
  memory: { nodeHwmKib: number; treePeakKib: number };
  targets: ReturnType<typeof evaluateTargets>;
}

async function benchOne(kind: 'pglite' | 'postgres', adminUrl?: string): Promise<DbResult> {
  console.log(`\n== ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}: ${APPS} applications ==`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), `darta-bench-${kind}-`));
  onCleanup(() => rm(tmp, { recursive: true, force: true }));
  const dataDir = path.join(tmp, 'data');
  let dbUrl: string | undefined;
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
    onCleanup(() => sqlAdmin(`drop database if exists ${BENCH_DB} with (force)`));
    const u = new URL(adminUrl!);
    u.pathname = `/${BENCH_DB}`;
    dbUrl = u.toString();
  }

  // Seed: migrations + reference data + demo logins (as `npm start` does), then the bulk.
  const t0 = Date.now();
  let database: Database;
  let pool: pg.Pool | undefined;
  let pglite: PGlite | undefined;
  if (kind === 'pglite') {
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true });
    pglite = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    database = fromPglite(pglite);
  } else {
    database = fromPostgres(dbUrl!);
    pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  }
  await database.migrate();
  await seed(database.db, { demo: true });
  await seedApplications(database.db, APPS, SIGNING_KEY);
  const seedMs = Date.now() - t0;
  console.log(`  seeded in ${(seedMs / 1000).toFixed(1)} s`);

  const statements = await captureListSql(
    kind === 'pglite' ? { kind, pglite: pglite! } : { kind, pool: pool! },
    LIST,
  );
  // ~50,000 rows deep, or as deep as a smaller bench database allows (a full page after it).
  const depth = Math.max(1, Math.min(DEEP_ROWS, (await listLength(database.db, LIST)) - 25));
  const deep = await deepCursor(database.db, LIST, depth);
  const ids = (
    (await database.db.execute(
      // approved applications with a payment and a certificate, spread over the table
      sql.raw(
        `select id from applications where app_status = 'approved' order by (id * 7919) % 1000, id limit 500`,
      ),
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((r) => r.id);
  await pool?.end();
  await database.close();
  console.log(
    `  list SQL: ${statements.length} statement(s); deep cursor: ${deep ? `v=${String(deep.v)} id=${deep.id}` : 'none (no keyset cursor in this build: an OFFSET page instead)'}`,
  );

  const figures: Figures[] = [];

  // Reference 1: bare Fastify + pg (or PGlite in-process) with the same SQL.
  {
    const port = await freePort();
    const bare = await startNode(
      'scripts/bench/bare.ts',
      {
        BENCH_BARE_PORT: String(port),
        BENCH_BARE_STATEMENTS: JSON.stringify(statements),
        ...(kind === 'postgres'
          ? { BENCH_BARE_DATABASE_URL: dbUrl }
          : { BENCH_BARE_PGLITE_DIR: path.join(dataDir, 'pglite') }),
      },
      async () => (await fetch(`http://127.0.0.1:${port}/list`)).ok,
    );
    figures.push(
      await drive(`http://127.0.0.1:${port}`, {
        name: 'bare Fastify (list SQL)',
        path: '/list',
        warmup: 50,
      }),
    );
    await bare.stop();
  }
  // Reference 2: pgbench of the same SQL.
  if (kind === 'postgres') figures.push(await pgbench(dbUrl!, statements, tmp));

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
  const loginBody = JSON.stringify({ username: 'admin', password: DEMO_PASSWORD });
  const { data: session } = await fetchJson<{ data: { token: string } }>(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: loginBody,
  });
  const auth = { authorization: `Bearer ${session.token}` };
  const qs = (p: ListParams) => new URLSearchParams(p).toString();
  // Without a keyset cursor: the deepest OFFSET page the API allows (10,000 rows) or the list has.
  const offsetPage = Math.max(1, Math.min(400, Math.floor(depth / 25)));
  const deepParams: ListParams = deep
    ? { ...LIST, cursor: deep.cursor }
    : { ...LIST, page: String(offsetPage) };
  // The deep page must be a real page of rows, not an error answered fast.
  const deepCheck = await fetchJson<{ data: { id: number }[] }>(
    `${base}/api/applications?${qs(deepParams)}`,
    { headers: auth },
  );
  if (deepCheck.data.length !== 25) throw new Error(`deep page has ${deepCheck.data.length} rows`);
  const pdfId = ids[0];

  figures.push(
    await drive(base, {
      name: 'login (argon2)',
      path: '/api/login',
      method: 'POST',
      body: loginBody,
      warmup: 5,
    }),
    await drive(base, {
      name: 'list page 1',
      path: `/api/applications?${qs(LIST)}`,
      headers: auth,
      warmup: 50,
    }),
    await drive(base, {
      name: deep ? `list deep (cursor @${depth})` : `list deep (OFFSET ${(offsetPage - 1) * 25})`,
      path: `/api/applications?${qs(deepParams)}`,
      headers: auth,
      warmup: 50,
    }),
    await drive(base, {
      name: 'application detail',
      path: `/api/applications/${ids[0]}`,
      paths: ids.map((id) => `/api/applications/${id}`),
      headers: auth,
      warmup: 50,
    }),
    await drive(base, { name: 'dashboard', path: '/api/dashboard', headers: auth, warmup: 50 }),
    await drive(base, {
      name: 'certificate PDF (warm)',
      path: `/api/applications/${pdfId}/certificate.pdf`,
      headers: auth,
      connections: PDF_CONNECTIONS,
      warmup: 5,
    }),
  );
  const memory = await mem.stop();
  await server.stop();
  console.log(
    `  server peak RSS: Node ${kibToMib(memory.nodeHwmKib)} (VmHWM); with Chromium ${kibToMib(memory.treePeakKib)} (sampled)`,
  );

  const by = (prefix: string) => figures.find((f) => f.name.startsWith(prefix));
  const targets = evaluateTargets(kind, {
    list: by('list page 1'),
    deep: by('list deep'),
    bare: by('bare'),
    dashboard: by('dashboard'),
    pdf: by('certificate PDF'),
  });
  return { kind, seedMs, statements, deep, figures, memory, targets };
}

// ------------------------------------------------------------------------------------ main

async function main() {
  const kinds = (process.env.BENCH_DB ?? 'pglite,postgres')
    .split(',')
    .map((s) => s.trim())
    .filter((k): k is 'pglite' | 'postgres' => k === 'pglite' || k === 'postgres')
    .filter((k) => k === 'pglite' || !!process.env.DATABASE_URL);
  if (!process.env.DATABASE_URL)
    console.log('DATABASE_URL is not set: PostgreSQL is skipped (PGlite only).');
  console.log(
    `Darta bench: ${APPS} applications, ${DURATION} s per endpoint, ${CONNECTIONS} connections (PDF ${PDF_CONNECTIONS}); ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  );
  const results: DbResult[] = [];
  for (const kind of kinds) results.push(await benchOne(kind, process.env.DATABASE_URL));

  for (const r of results) {
    console.log(
      `\n### ${r.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${APPS} applications, seeded in ${(r.seedMs / 1000).toFixed(1)} s)\n`,
    );
    console.log(figuresTable(r.figures));
    console.log(
      `\nserver peak RSS: Node ${kibToMib(r.memory.nodeHwmKib)} (VmHWM); Node + Chromium ${kibToMib(r.memory.treePeakKib)} (sampled every 0.5 s)`,
    );
    const bare = r.figures.find((f) => f.name.startsWith('bare'));
    const list = r.figures.find((f) => f.name === 'list page 1');
    const pgb = r.figures.find((f) => f.name.startsWith('pgbench'));
    if (pgb && list && bare)
      console.log(
        `list ÷ pgbench: req/s ${(list.reqPerSec / pgb.reqPerSec).toFixed(2)}, p99 ${(list.p99 / pgb.p99).toFixed(2)}; bare ÷ pgbench req/s ${(bare.reqPerSec / pgb.reqPerSec).toFixed(2)}`,
      );
    console.log('');
    console.log(targetsTable(r.targets));
    const failed = r.targets.filter((t) => t.measured && !t.pass && !t.informational);
    console.log(
      failed.length
        ? `\nFAIL: ${failed.length} target(s) not met on ${r.kind}`
        : `\nAll targets met on ${r.kind}.`,
    );
  }
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
          },
          config: {
            apps: APPS,
            durationS: DURATION,
            connections: CONNECTIONS,
            pdfConnections: PDF_CONNECTIONS,
            deepRows: DEEP_ROWS,
            list: LIST,
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
