/**
 * Pure parts of `npm run bench` (scripts/bench/index.ts): the figures of one measured endpoint,
 * the targets of issues 8 §1 and 18 and their PASS/FAIL, percentiles of raw latencies (pgbench
 * logs), SQL literals for the pgbench script, the report tables (per size and the growth table
 * over sizes), and the parsing of the size and port knobs. No I/O here, so it is unit-tested
 * (lib.test.ts).
 */

/** One measured load: requests per second and latency percentiles in milliseconds. */
export interface Figures {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  /** answers that were not 2xx, and socket errors/timeouts (a valid run has 0 of both) */
  non2xx: number;
  errors: number;
  connections: number;
  /**
   * CPU time of the serving process per answered request, ms (Linux /proc; absent elsewhere):
   * what the process spent, whatever else the machine did, so it compares the app with the bare
   * endpoint more steadily than req/s, which moves with the load of the moment.
   */
  cpuMsPerReq?: number;
  /**
   * CPU time of the PostgreSQL server's processes (every backend, and its background work) per
   * answered request, ms: measured on PostgreSQL when its server runs on this machine.
   */
  dbCpuMsPerReq?: number;
}

/** One target, evaluated: `rule` is printed as is beside the verdict. */
export interface TargetResult {
  rule: string;
  /** the measured value the rule compares (a ratio or milliseconds) */
  value: number;
  pass: boolean;
  /** false when a figure it needs is missing (then it is printed as n/a, not FAIL) */
  measured: boolean;
  /** printed for information only (not where the issue sets the target): never FAILs */
  informational: boolean;
}

/** The targets (issue 8 §1, raised by issue 18). Ratios are of req/s or p99; times in ms. */
export const TARGETS = {
  /** list req/s ≥ 0.8 × the bare Fastify + pg endpoint's (issue 18 §2) */
  listVsBareReqs: 0.8,
  /** list p99 ≤ 1.5 × the bare endpoint's p99 (issue 18) */
  listVsBareP99: 1.5,
  /** a deep page as fast as page 1: req/s ≥ page 1 / 1.25 and p99 ≤ 1.25 × page 1 (issue 8) */
  deepVsPage1: 1.25,
  /** detail req/s ≥ 0.8 × list page 1 req/s (issue 18 §3) */
  detailVsList: 0.8,
  /** search p99 on PostgreSQL: ≤ 50 ms at 100k applications, ≤ 100 ms at 1M (issue 18) */
  searchP99Ms: [
    { apps: 100_000, ms: 50 },
    { apps: 1_000_000, ms: 100 },
  ],
  /** dashboard p99 on PostgreSQL at 100k applications, ms (issues 8 and 18) */
  dashboardP99Ms: 50,
  /** the size the dashboard target is set at */
  dashboardApps: 100_000,
  /** certificate PDF p99 warm, ms */
  pdfP99Ms: 300,
} as const;

/**
 * The percentile `p` (0..100) of `values` by nearest rank (the smallest value with at least
 * p% of the values at or below it); NaN for no values. `values` need not be sorted.
 */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1];
}

/** a / b, NaN when either is missing or b is 0. */
export function ratio(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0)
    return NaN;
  return a / b;
}

const check = (
  rule: string,
  value: number,
  ok: (v: number) => boolean,
  informational = false,
): TargetResult => ({
  rule,
  value,
  pass: Number.isFinite(value) && ok(value),
  measured: Number.isFinite(value),
  informational,
});

/**
 * The search p99 limit for `apps` applications: the limit of the smallest target size at or
 * above it (50 ms up to 100k, 100 ms above), and whether `apps` is exactly a size the issue
 * sets the target at (elsewhere it is printed for information).
 */
export function searchLimit(apps: number): { ms: number; atTargetSize: boolean } {
  const targets = TARGETS.searchP99Ms;
  const t = targets.find((x) => apps <= x.apps) ?? targets[targets.length - 1];
  return { ms: t.ms, atTargetSize: targets.some((x) => x.apps === apps) };
}

/** 10000 → "10k", 1000000 → "1M", 2500 → "2,500" (sizes in rule texts). */
export function shortCount(n: number): string {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`;
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`;
  return n.toLocaleString('en-US');
}

/** The measured endpoints a target may need, by role. */
export interface TargetFigures {
  list?: Figures;
  deep?: Figures;
  bare?: Figures;
  detail?: Figures;
  dashboard?: Figures;
  pdf?: Figures;
  /** the search box: one entry per kind of search */
  searches?: Figures[];
  /**
   * list ÷ bare from alternated rounds (`pairedRounds`); when given, the two list ÷ bare targets
   * use it rather than dividing `list` by `bare`
   */
  listVsBare?: { reqs: number; p99: number };
}

/** The middle value of `values` (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

/**
 * The list page and the bare endpoint measured in alternated rounds (bare, list, bare, list…),
 * so that the machine's load, which moves by tens of per cent from one minute to the next on a
 * shared 2-core machine (docs/performance.md), weighs on both sides of each ratio alike. Returns
 * each side's figures as the median of its rounds, field by field (req/s, p50, p99, CPU per
 * request; the errors summed), and the targets' ratios as the median of the rounds' own ratios.
 * @throws Error for no rounds.
 */
export function pairedRounds(rounds: readonly { list: Figures; bare: Figures }[]): {
  list: Figures;
  bare: Figures;
  listVsBare: { reqs: number; p99: number };
} {
  if (!rounds.length) throw new Error('no rounds');
  const merge = (all: Figures[]): Figures => {
    const opt = (pick: (f: Figures) => number | undefined) => {
      const v = all.map(pick).filter((x): x is number => x !== undefined);
      return v.length === all.length ? median(v) : undefined;
    };
    const cpuMsPerReq = opt((f) => f.cpuMsPerReq);
    const dbCpuMsPerReq = opt((f) => f.dbCpuMsPerReq);
    return {
      name: all[0].name,
      reqPerSec: median(all.map((f) => f.reqPerSec)),
      p50: median(all.map((f) => f.p50)),
      p99: median(all.map((f) => f.p99)),
      non2xx: all.reduce((n, f) => n + f.non2xx, 0),
      errors: all.reduce((n, f) => n + f.errors, 0),
      connections: all[0].connections,
      ...(cpuMsPerReq === undefined ? {} : { cpuMsPerReq }),
      ...(dbCpuMsPerReq === undefined ? {} : { dbCpuMsPerReq }),
    };
  };
  return {
    list: merge(rounds.map((r) => r.list)),
    bare: merge(rounds.map((r) => r.bare)),
    listVsBare: {
      reqs: median(rounds.map((r) => ratio(r.list.reqPerSec, r.bare.reqPerSec))),
      p99: median(rounds.map((r) => ratio(r.list.p99, r.bare.p99))),
    },
  };
}

/**
 * Every target for one database at one size, from the figures measured in one run. Ratios
 * (list ÷ bare, deep ÷ page 1, detail ÷ list) and the PDF apply everywhere; the search and
 * dashboard limits are set by the issue for PostgreSQL at given sizes (search: 100k and 1M;
 * dashboard: 100k) and are printed for information elsewhere (`informational`: never FAIL).
 */
export function evaluateTargets(
  kind: 'pglite' | 'postgres',
  apps: number,
  f: TargetFigures,
): TargetResult[] {
  const t = TARGETS;
  const out: TargetResult[] = [
    check(
      `list req/s ÷ bare req/s ≥ ${t.listVsBareReqs}`,
      f.listVsBare?.reqs ?? ratio(f.list?.reqPerSec, f.bare?.reqPerSec),
      (v) => v >= t.listVsBareReqs,
    ),
    check(
      `list p99 ÷ bare p99 ≤ ${t.listVsBareP99}`,
      f.listVsBare?.p99 ?? ratio(f.list?.p99, f.bare?.p99),
      (v) => v <= t.listVsBareP99,
    ),
    check(
      `deep page req/s ÷ page 1 req/s ≥ 1/${t.deepVsPage1} (${(1 / t.deepVsPage1).toFixed(2)})`,
      ratio(f.deep?.reqPerSec, f.list?.reqPerSec),
      (v) => v >= 1 / t.deepVsPage1,
    ),
    check(
      `deep page p99 ÷ page 1 p99 ≤ ${t.deepVsPage1}`,
      ratio(f.deep?.p99, f.list?.p99),
      (v) => v <= t.deepVsPage1,
    ),
    check(
      `detail req/s ÷ list page 1 req/s ≥ ${t.detailVsList}`,
      ratio(f.detail?.reqPerSec, f.list?.reqPerSec),
      (v) => v >= t.detailVsList,
    ),
  ];
  const search = searchLimit(apps);
  const searchInfo = kind !== 'postgres' || !search.atTargetSize;
  const infoNote = (sizes: readonly number[]) =>
    ` (info: set for PostgreSQL at ${sizes.map(shortCount).join(', ')})`;
  for (const s of f.searches ?? [])
    out.push(
      check(
        `${s.name} p99 ≤ ${search.ms} ms${searchInfo ? infoNote(t.searchP99Ms.map((x) => x.apps)) : ''}`,
        s.p99,
        (v) => v <= search.ms,
        searchInfo,
      ),
    );
  const dashInfo = kind !== 'postgres' || apps !== t.dashboardApps;
  out.push(
    check(
      `dashboard p99 ≤ ${t.dashboardP99Ms} ms${dashInfo ? infoNote([t.dashboardApps]) : ''}`,
      f.dashboard?.p99 ?? NaN,
      (v) => v <= t.dashboardP99Ms,
      dashInfo,
    ),
    check(`certificate PDF p99 ≤ ${t.pdfP99Ms} ms warm`, f.pdf?.p99 ?? NaN, (v) => v <= t.pdfP99Ms),
  );
  return out;
}

/** 'PASS', 'FAIL', 'n/a' (not measured) or 'info' for a rule that is only informational. */
export function verdict(r: TargetResult & { informational?: boolean }): string {
  if (!r.measured) return 'n/a';
  if (r.informational) return r.pass ? 'info (met)' : 'info (not met)';
  return r.pass ? 'PASS' : 'FAIL';
}

/**
 * A value as a SQL literal for a pgbench script (pgbench's `:var` cannot hold text, so the
 * parameters the app binds are written inline): numbers as is, strings quoted with '' escapes,
 * booleans, NULL, Dates as ISO strings, anything else as quoted JSON.
 * @throws Error for a non-finite number.
 */
export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`not a finite number: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  const s = v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : JSON.stringify(v);
  return `'${s.replace(/'/g, "''")}'`;
}

/**
 * `text` with its $1, $2 … placeholders replaced by the literals of `params` (1-based). A `$n`
 * inside a quoted string of the statement is replaced too, so only use it on generated SQL
 * (Drizzle's, which never puts `$n` in a literal).
 * @throws Error when a placeholder has no parameter.
 */
export function inlineParams(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`no parameter for $${n}`);
    return sqlLiteral(params[i]);
  });
}

const fmt = (n: number, digits = 1) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';

/** Pads the cells of `rows` (the first is the header) into an aligned text table. */
export function textTable(rows: string[][]): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return [line(rows[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)]
    .join('\n')
    .trimEnd();
}

/**
 * The figures table of one database: endpoint, connections, req/s, p50 ms, p99 ms, the serving
 * process's CPU ms per request ('–' where not measured: pgbench, non-Linux), with a column of
 * the database server's when any figure has one (PostgreSQL), non-2xx/errors.
 */
export function figuresTable(figures: readonly Figures[]): string {
  const db = figures.some((f) => f.dbCpuMsPerReq !== undefined);
  const ms = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(3));
  return textTable([
    [
      'endpoint',
      'conns',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU ms/req',
      ...(db ? ['DB CPU ms/req'] : []),
      'non-2xx/errors',
    ],
    ...figures.map((f) => [
      f.name,
      String(f.connections),
      fmt(f.reqPerSec),
      fmt(f.p50),
      fmt(f.p99),
      ms(f.cpuMsPerReq),
      ...(db ? [ms(f.dbCpuMsPerReq)] : []),
      `${f.non2xx}/${f.errors}`,
    ]),
  ]);
}

/**
 * The CPU ticks of every process `stats` (pid → the text of `/proc/<pid>/stat`) names `comm`
 * (e.g. 'postgres': the server, its backends and its background workers); NaN when none does.
 */
export function ticksOfCommand(
  stats: ReadonlyMap<number, string>,
  comm: string,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const [pid, stat] of stats) {
    const open = stat.indexOf('(');
    const close = stat.lastIndexOf(')');
    if (open < 0 || close < open || stat.slice(open + 1, close) !== comm) continue;
    const ticks = procCpuTicks(stat);
    if (Number.isFinite(ticks)) out.set(pid, ticks);
  }
  return out;
}

/**
 * The ticks used between two readings of `ticksOfCommand`: a process that started since counts
 * whole, one that ended since is left out (its last ticks are unknown); NaN when the second
 * reading found no process.
 */
export function ticksBetween(
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
): number {
  if (after.size === 0) return NaN;
  let sum = 0;
  for (const [pid, t] of after) sum += t - (before.get(pid) ?? 0);
  return sum;
}

/**
 * User + system CPU time of a process in clock ticks, from the text of `/proc/<pid>/stat`
 * (proc(5): fields 14 utime and 15 stime, counted after the command name, which may hold spaces
 * and parentheses). NaN when the text is not such a line.
 */
export function procCpuTicks(stat: string): number {
  const end = stat.lastIndexOf(')');
  if (end < 0) return NaN;
  // after ") ": field 3 (state) is index 0, so utime (14) is index 11 and stime (15) index 12
  const rest = stat
    .slice(end + 2)
    .trim()
    .split(/\s+/);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  return rest.length > 12 && Number.isFinite(utime) && Number.isFinite(stime) ? utime + stime : NaN;
}

/**
 * CPU ms per request from two tick readings (`procCpuTicks`), the ticks per second
 * (`getconf CLK_TCK`, 100 on Linux) and the requests answered between them; undefined when a
 * reading is missing or nothing was answered.
 */
export function cpuMsPerRequest(
  before: number,
  after: number,
  ticksPerSecond: number,
  requests: number,
): number | undefined {
  if (!Number.isFinite(before) || !Number.isFinite(after) || after < before || requests <= 0)
    return undefined;
  return ((after - before) * 1000) / ticksPerSecond / requests;
}

/**
 * The list's CPU per request beside the bare endpoint's (information, not a target: the issue
 * sets the ratio of req/s): "list CPU 1.440 ms/req vs bare 1.100 ms/req (+0.340 ms, bare ÷
 * list 0.76)", or null when either was not measured.
 */
export function cpuComparison(list?: Figures, bare?: Figures): string | null {
  if (list?.cpuMsPerReq === undefined || bare?.cpuMsPerReq === undefined) return null;
  const diff = (a: number, b: number) =>
    `${a - b >= 0 ? '+' : '−'}${Math.abs(a - b).toFixed(3)} ms`;
  const db =
    list.dbCpuMsPerReq !== undefined && bare.dbCpuMsPerReq !== undefined
      ? `; database CPU per request: list ${list.dbCpuMsPerReq.toFixed(3)} ms, bare ${bare.dbCpuMsPerReq.toFixed(3)} ms (${diff(list.dbCpuMsPerReq, bare.dbCpuMsPerReq)})`
      : '';
  return (
    `server CPU per request: list ${list.cpuMsPerReq.toFixed(3)} ms, bare ${bare.cpuMsPerReq.toFixed(3)} ms ` +
    `(${diff(list.cpuMsPerReq, bare.cpuMsPerReq)}; bare ÷ list ${ratio(bare.cpuMsPerReq, list.cpuMsPerReq).toFixed(2)})${db}`
  );
}

/** The targets table: rule, measured value, verdict. */
export function targetsTable(results: readonly (TargetResult & { informational?: boolean })[]) {
  return textTable([
    ['target', 'measured', 'verdict'],
    ...results.map((r) => [r.rule, fmt(r.value, 2), verdict(r)]),
  ]);
}

/** Mebibytes, one decimal, from kibibytes (what /proc/<pid>/status reports). */
export function kibToMib(kib: number): string {
  return `${fmt(kib / 1024)} MiB`;
}

/**
 * Peak resident set from the text of /proc/<pid>/status: VmHWM (the kernel's high-water
 * mark) in KiB, or NaN when absent.
 */
export function vmHwmKib(status: string): number {
  const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
  return m ? Number(m[1]) : NaN;
}

/**
 * The latencies (ms) of a pgbench per-transaction log (`-l`): each line is
 * `client_id transaction_no time script_no time_epoch time_us`, `time` in microseconds;
 * skipped or failed transactions (time not a number) are left out.
 */
export function pgbenchLatenciesMs(log: string): number[] {
  const out: number[] = [];
  for (const line of log.split('\n')) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 3) continue;
    const us = Number(parts[2]);
    if (Number.isFinite(us)) out.push(us / 1000);
  }
  return out;
}

/** One database's figures at one size (number of bench applications). */
export interface SizeFigures {
  apps: number;
  figures: readonly Figures[];
}

/**
 * The growth table of one database: one row per endpoint (in the order they were first
 * measured), one column per size, each cell "req/s · p99 ms" ('–' where the endpoint was not
 * measured at that size).
 */
export function growthTable(sizes: readonly SizeFigures[]): string {
  const names: string[] = [];
  for (const s of sizes) for (const f of s.figures) if (!names.includes(f.name)) names.push(f.name);
  const cell = (f: Figures | undefined) =>
    f ? `${fmt(f.reqPerSec)} · ${fmt(f.p99, f.p99 < 10 ? 1 : 0)}` : '–';
  return textTable([
    ['endpoint (req/s · p99 ms)', ...sizes.map((s) => `${s.apps.toLocaleString('en-US')} apps`)],
    ...names.map((name) => [
      name,
      ...sizes.map((s) => cell(s.figures.find((f) => f.name === name))),
    ]),
  ]);
}

/**
 * The sizes to measure, ascending and distinct: BENCH_SIZES ("10000,100000,1000000"; "_" and
 * "k"/"m" suffixes allowed: "10k,100k,1m"), else BENCH_APPS (one size, the knob of issue 8), else
 * `fallback`. @throws Error for anything but positive integers.
 */
export function parseSizes(
  env: { BENCH_SIZES?: string; BENCH_APPS?: string },
  fallback: readonly number[],
): number[] {
  const raw = env.BENCH_SIZES?.trim() || env.BENCH_APPS?.trim();
  if (!raw) return [...fallback];
  const sizes = raw.split(',').map((part) => {
    const m = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(part.trim().replace(/_/g, ''));
    const n = m ? Number(m[1]) * (m[2].toLowerCase() === 'k' ? 1e3 : m[2] ? 1e6 : 1) : NaN;
    if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not a size: "${part}"`);
    return n;
  });
  return [...new Set(sizes)].sort((a, b) => a - b);
}

/**
 * A port range "4700-4799" (or one port "4830") as [first, last].
 * @throws Error for anything else, or a range outside 1024–65535.
 */
export function parsePortRange(raw: string): [number, number] {
  const m = /^\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*$/.exec(raw);
  const first = m ? Number(m[1]) : NaN;
  const last = m ? Number(m[2] ?? m[1]) : NaN;
  if (!(first >= 1024 && last <= 65535 && first <= last))
    throw new Error(`not a port range: "${raw}"`);
  return [first, last];
}
