/**
 * `npm run lighthouse`: Lighthouse 12.8 performance audits of the built app's entry screens
 * (issue 8 §2, issue 18 §5), in Lighthouse's default mobile mode — a Moto G Power sized screen,
 * simulated "Slow 4G" (150 ms RTT, 1.6 Mbit/s down) and a 4× CPU slowdown — against Chromium:
 *
 * - login: `/user/login`, signed out;
 * - applicant home: `/dashboard` as the demo applicant (issue 17 §1);
 * - each step of the application form: `/single_registration?step=<step>` (business, owners,
 *   addresses, capital, documents, check) as the demo applicant, with a filled-in draft of a
 *   new application on the device (IndexedDB, lib/useFormDraft.ts), as an applicant who is
 *   part-way through has it;
 * - application detail: `/business/applications/<id>/detail` as ward 1's admin;
 * - application list: `/business/applications` as ward 1's admin, 25 applications on page 1.
 *
 * It starts `npm start` (the built app; ensure-build rebuilds a stale build) on the first free
 * port of 4650–4659 with a fresh PGlite database and the demo logins, creates the applications
 * through the API, and audits each screen in a fresh browser profile: a signed-in screen gets the
 * session the way the app keeps it (localStorage `access_token` and `user`, SPEC §7), written on
 * a same-origin API URL first so that no app file is cached before the audit, which then runs
 * with `disableStorageReset`.
 *
 * Prints, per screen, the median run (by performance score) of `--runs=N` (default 3): score,
 * LCP, TBT, CLS, FCP, each marked PASS/FAIL against the targets (performance ≥ 90, LCP ≤ 2.5 s,
 * TBT ≤ 200 ms, CLS ≤ 0.1), and the load average. Each run's line also gives the blocking time
 * of its observed tasks by the clock and by the main thread's CPU time
 * (scripts/lighthouse-contention.ts): far apart, the machine was busy, not the page slow. Exits 1 when a target fails, unless
 * `--report-only` (or LIGHTHOUSE_REPORT_ONLY=1). `--only=<text>` audits the screens whose name
 * contains the text (e.g. `--only=form`); `--throttling=devtools` has Chrome apply the slow network
 * and CPU instead of simulating them (a diagnostic, see below). The JSON reports are written to
 * .test-cache/lighthouse/. Chromium: CHROMIUM_PATH, /usr/bin/chromium, or @sparticuz/chromium's
 * (unpacked to /tmp as in e2e/global-setup.ts). `--trace` keeps each screen's trace too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { blockingByClock, type TraceEvent } from './lighthouse-contention';

const TARGETS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };
const PORTS = [4650, 4651, 4652, 4653, 4654, 4655, 4656, 4657, 4658, 4659];
const PASSWORD = 'Darta@2082'; // the demo logins' password (src/server/db/seed.ts)
const FIXTURES = path.resolve('e2e/fixtures');
const OUT_DIR = path.resolve('.test-cache/lighthouse');

const args = process.argv.slice(2);
const reportOnly = args.includes('--report-only') || process.env.LIGHTHOUSE_REPORT_ONLY === '1';
const runs = Math.max(1, Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3));
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
/**
 * `--throttling=devtools`: Chrome itself slows the network and CPU (Lighthouse's "applied"
 * throttling) instead of Lighthouse simulating both from an unthrottled load, to see what a
 * slow link really shows first. A diagnostic: the targets are set on the default (simulate).
 */
const throttlingMethod =
  args.find((a) => a.startsWith('--throttling='))?.slice(13) === 'devtools'
    ? 'devtools'
    : 'simulate';
/**
 * `--trace`: also keep each audit's trace, with V8's CPU samples, as `<screen>.trace.json` beside
 * the report (the last run's), to see which code a long task ran (a diagnostic; open it in
 * Chromium's Performance panel). The sampling profiler makes the tasks longer (Chromium also
 * re-reads every script for it); `--trace=events` keeps the trace of a normal run, whose tasks
 * are the ones Lighthouse scored.
 */
const keepTrace = args.includes('--trace') || args.includes('--trace=events');
const withSamples = args.includes('--trace');

interface Session {
  token: string;
  user: { id: number } & Record<string, unknown>;
}
type Who = 'ward1' | 'applicant';
interface Seeded {
  sessions: Record<Who, Session>;
  /** An application of ward 1, for the detail screen. */
  applicationId: number;
}
interface Screen {
  name: string;
  /** The path, or a function of what was seeded. */
  path: string | ((s: Seeded) => string);
  /** Who is signed in (a demo username), or nobody. */
  as?: Who;
  /** A filled-in draft of a new single-owner application is on the device. */
  draft?: boolean;
}
/** The application form's steps, in order (src/client/features/apply/steps.ts). */
const FORM_STEPS = ['business', 'owners', 'addresses', 'capital', 'documents', 'check'];
const SCREENS: Screen[] = [
  { name: 'login', path: '/user/login' },
  { name: 'applicant home', path: '/dashboard', as: 'applicant' },
  ...FORM_STEPS.map((step) => ({
    name: `form: ${step}`,
    path: `/single_registration?step=${step}`,
    as: 'applicant' as const,
    draft: true,
  })),
  {
    name: 'application detail',
    path: (s: Seeded) => `/business/applications/${s.applicationId}/detail`,
    as: 'ward1',
  },
  { name: 'application list', path: '/business/applications', as: 'ward1' },
];

/**
 * An application's fields as the API and the form take them (strings, as typed); the seeded
 * applications and the form's draft share them.
 */
function applicationFields(i: number, ids: { typeId: number; wardId: number }) {
  const name = `Lighthouse Tea Shop ${i}`;
  const mobile = `98${String(10000000 + i).padStart(8, '0')}`;
  return {
    businessName: name,
    ownerName: 'Sita Tamang',
    fatherOrHusbandName: 'Ram Bahadur Tamang',
    businessTypeId: String(ids.typeId),
    firmName: `${name} Pvt. Ltd.`,
    description: 'Tea, snacks and light meals',
    permStateId: '3', // Bagmati Province
    permDistrictId: '29', // Lalitpur
    permCityId: '331', // Lalitpur Metropolitan City
    permWardNo: '5',
    permTole: 'Mangal Bazar',
    wardId: String(ids.wardId),
    locAddress: 'Lalitpur-1',
    locTole: 'Pulchowk',
    locMobile: mobile,
    capitalMax: '500000',
    capitalCurrent: '300000',
    capitalPaidUp: '200000',
    applicantName: 'Sita Tamang',
    applicantAddress: 'Lalitpur-5',
    applicantContact: mobile,
  };
}

/** The first port of 4650–4659 nobody listens on. */
async function freePort(): Promise<number> {
  for (const port of PORTS) {
    const free = await new Promise<boolean>((resolve) => {
      const srv = net.createServer();
      srv.once('error', () => resolve(false));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${PORTS[0]}–${PORTS.at(-1)}`);
}

/** `npm start` in its own process group (so it and its tsx child stop together). */
function startServer(port: number, dataDir: string): ChildProcess {
  return spawn('npm', ['start'], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO: 'true',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
      // PGlite only, whatever the caller's shell has.
      DATABASE_URL: '',
      // No payment is audited; the simulators' ports (PORT+1901/1902) could be taken.
      GATEWAY_SIMULATORS: '0',
    },
  });
}

async function waitForHealth(base: string, server: ChildProcess, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${base}/api/health in ${timeoutMs / 1000} s`);
}

/** A JSON API call; throws with the status and body on an error answer. */
async function call<T>(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: FormData | URLSearchParams,
) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body,
  });
  const json = (await res.json().catch(() => null)) as T | null;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json as T;
}

function form(values: Record<string, string | number | File>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.append(k, v instanceof File ? v : String(v));
  return fd;
}

async function fixture(name: string, type: string): Promise<File> {
  return new File([await readFile(path.join(FIXTURES, name))], name, { type });
}

async function login(base: string, username: string): Promise<Session> {
  const res = await call<{ data: Session }>(
    base,
    'POST',
    '/login',
    undefined,
    // public routes take JSON or URL-encoded forms, never multipart (issue 16 §3)
    new URLSearchParams({ username, password: PASSWORD }),
  );
  return res.data;
}

/**
 * The data the screens show: the applicant's profile documents (the form is shown only with
 * them, SPEC §5) and 25 submitted applications in ward 1 (a full first page of the list).
 */
async function seedScreens(base: string): Promise<{ seeded: Seeded; draft: unknown }> {
  const applicant = await login(base, 'applicant');
  const photo = await fixture('photo.jpg', 'image/jpeg');
  const citizenship = await fixture('citizenship.png', 'image/png');
  await call(base, 'POST', '/profiles/documents', applicant.token, form({ photo, citizenship }));
  const types = await call<{ data: { id: number; nameEn: string }[] }>(
    base,
    'GET',
    '/business-types/all',
    applicant.token,
  );
  const wards = await call<{ data: { id: number; number: number }[] }>(
    base,
    'GET',
    '/wards/all',
    applicant.token,
  );
  const ward1 = wards.data.find((w) => w.number === 1);
  if (!ward1 || types.data.length === 0) throw new Error('reference data is not seeded');
  let applicationId = 0;
  for (let i = 1; i <= 25; i++) {
    const fields = applicationFields(i, {
      typeId: types.data[i % types.data.length].id,
      wardId: ward1.id,
    });
    const res = await call<{ data: { id: number } }>(
      base,
      'POST',
      '/applications',
      applicant.token,
      form(fields),
    );
    applicationId = res.data.id;
  }
  // The draft as the form keeps it (features/apply/formModel.ts emptyValues, merged over it).
  const draft = {
    ...applicationFields(26, { typeId: types.data[0].id, wardId: ward1.id }),
    docs: {},
    oldCertificate: null,
    hasRent: false,
    hasLand: false,
    isOldRegistration: false,
    owners: [],
  };
  // Signed in after the uploads, so the stored user carries the profile's file ids.
  const sessions = { applicant: await login(base, 'applicant'), ward1: await login(base, 'ward1') };
  return { seeded: { sessions, applicationId }, draft };
}

async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

/** One audit in a fresh browser profile: nothing cached, no service worker yet. */
async function audit(
  executablePath: string,
  base: string,
  url: string,
  session?: Session,
  draft?: unknown,
) {
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    defaultViewport: null,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update'],
  });
  try {
    const page = await browser.newPage();
    // The API's health URL is same-origin but loads no app file, so the audit starts cold.
    await page.goto(`${base}/api/health`);
    const storage: Record<string, string> = { lang: 'en-US' };
    if (session) {
      storage.access_token = session.token;
      storage.user = JSON.stringify(session.user);
    }
    // Evaluated in the page (as text: this file is type-checked without the DOM library).
    await page.evaluate(
      Object.entries(storage)
        .map(([k, v]) => `localStorage.setItem(${JSON.stringify(k)}, ${JSON.stringify(v)});`)
        .join('\n'),
    );
    if (draft !== undefined && session) {
      // The form's draft store: idb-keyval's createStore('darta', 'drafts'), key draftKey().
      const record = { v: 1, savedAt: Date.now(), values: draft };
      const key = `draft:${session.user.id}:application:single`;
      await page.evaluate(`new Promise((resolve, reject) => {
        const open = indexedDB.open('darta');
        open.onupgradeneeded = () => open.result.createObjectStore('drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('drafts', 'readwrite');
          tx.objectStore('drafts').put(${JSON.stringify(record)}, ${JSON.stringify(key)});
          tx.oncomplete = () => { open.result.close(); resolve(true); };
          tx.onerror = () => reject(tx.error);
        };
      })`);
    }
    const flags: Flags = {
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      // Keeps the session just written; the profile is new, so there is no cache to clear.
      disableStorageReset: true,
      throttlingMethod,
      ...(withSamples && { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }),
    };
    const result = await lighthouse(`${base}${url}`, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { traceEvents } = result.artifacts.Trace as unknown as { traceEvents: TraceEvent[] };
    return {
      lhr: result.lhr,
      trace: keepTrace ? result.artifacts.Trace : undefined,
      byClock: blockingByClock(traceEvents),
    };
  } finally {
    await browser.close();
  }
}

interface Row {
  screen: string;
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  finalUrl: string;
}

function row(screen: Screen, lhr: Result): Row {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    screen: screen.name,
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbt: num('total-blocking-time'),
    fcp: num('first-contentful-paint'),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

function printTable(rows: Row[]): boolean {
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const lines = [['screen', 'perf', 'LCP', 'TBT', 'CLS', 'FCP', 'result']];
  let allOk = true;
  for (const r of rows) {
    const checks = [
      r.score >= TARGETS.score,
      r.lcp <= TARGETS.lcpMs,
      r.tbt <= TARGETS.tbtMs,
      r.cls <= TARGETS.cls,
    ];
    const ok = checks.every(Boolean);
    allOk &&= ok;
    lines.push([
      r.screen,
      `${r.score} ${pass(checks[0])}`,
      `${(r.lcp / 1000).toFixed(2)} s ${pass(checks[1])}`,
      `${Math.round(r.tbt)} ms ${pass(checks[2])}`,
      `${r.cls.toFixed(3)} ${pass(checks[3])}`,
      `${(r.fcp / 1000).toFixed(2)} s`,
      pass(ok),
    ]);
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map((l) => l[i].length)));
  for (const l of lines) console.log(l.map((c, i) => c.padEnd(widths[i])).join('  '));
  console.log(
    `Targets: performance ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs / 1000} s, ` +
      `TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}` +
      ` (Lighthouse ${lighthouseVersion}, mobile, ${throttlingMethod === 'simulate' ? 'simulated' : 'applied (devtools)'}` +
      ` Slow 4G, 4× CPU; median of ${runs})`,
  );
  // The simulation scales the CPU time it observed, so a busy machine inflates TBT and LCP.
  const load = os.loadavg().map((l) => l.toFixed(1));
  console.log(`Machine: ${os.cpus().length} CPUs, load average ${load.join(' / ')} (1/5/15 min)`);
  return allOk;
}

let lighthouseVersion = '?';

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'darta-lighthouse-'));
  const server = startServer(port, dataDir);
  const stop = () => {
    if (server.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  };
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth(base, server);
    console.log(`Server on ${base}; creating the screens' data…`);
    const { seeded, draft } = await seedScreens(base);
    const executablePath = await chromiumPath();
    await mkdir(OUT_DIR, { recursive: true });
    const rows: Row[] = [];
    for (const screen of SCREENS.filter((s) => !only || s.name.includes(only))) {
      const url = typeof screen.path === 'string' ? screen.path : screen.path(seeded);
      const session = screen.as && seeded.sessions[screen.as];
      const results: Result[] = [];
      /** Each run's blocking by wall-clock and by CPU time (scripts/lighthouse-contention.ts). */
      const clocks = new Map<Result, { wall: number; cpu: number } | undefined>();
      for (let i = 0, retries = 0; i < runs; i++) {
        const { lhr, trace, byClock } = await audit(
          executablePath,
          base,
          url,
          session,
          screen.draft ? draft : undefined,
        );
        // Lighthouse's own flake on a busy machine (its trace missed the navigation's start; it
        // says "run Lighthouse again"): the run is repeated, twice at most per screen.
        if (lhr.runtimeError?.code === 'NO_NAVSTART' && retries < 2) {
          retries++;
          i--;
          console.log(`${screen.name}: Lighthouse recorded no navigation start; run again`);
          continue;
        }
        if (trace) {
          const name = `${screen.name.replace(/[^\w]+/g, '-')}.trace.json`;
          await writeFile(path.join(OUT_DIR, name), JSON.stringify(trace));
        }
        lighthouseVersion = lhr.lighthouseVersion;
        if (lhr.runtimeError) throw new Error(`${screen.name}: ${lhr.runtimeError.message}`);
        results.push(lhr);
        clocks.set(lhr, byClock);
      }
      results.sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const median = results[Math.floor(results.length / 2)];
      const r = row(screen, median);
      // A signed-in screen that bounced to the login page would be a wrong measurement.
      if (!r.finalUrl.endsWith(url)) {
        throw new Error(`${screen.name}: ended on ${r.finalUrl}, not ${url}`);
      }
      const file = path.join(OUT_DIR, `${screen.name.replace(/[^\w]+/g, '-')}.json`);
      await writeFile(file, JSON.stringify(median));
      rows.push(r);
      console.log(
        `${screen.name}: scores ${results.map((x) => Math.round((x.categories.performance?.score ?? 0) * 100)).join(', ')}` +
          `, TBT ${results.map((x) => Math.round(x.audits['total-blocking-time']?.numericValue ?? 0)).join(', ')} ms` +
          // A slow page blocks by CPU time too; a busy machine only by the clock.
          `; blocking after the first paint by the clock ${results.map((x) => clocks.get(x)?.wall ?? '?').join(', ')}` +
          ` ms, by CPU time ${results.map((x) => clocks.get(x)?.cpu ?? '?').join(', ')} ms` +
          ` (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
    const ok = printTable(rows);
    console.log(`Reports: ${path.relative(process.cwd(), OUT_DIR)}/*.json`);
    if (!ok && !reportOnly) process.exitCode = 1;
  } finally {
    stop();
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
