/**
 * Pure parts of `npm run bench` (scripts/bench/index.ts): the figures of one measured endpoint,
 * the targets of issue 8 §1 and their PASS/FAIL, percentiles of raw latencies (pgbench logs),
 * SQL literals for the pgbench script, and the report table. No I/O here, so it is unit-tested
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
}

/** One target of issue 8 §1, evaluated: `rule` is printed as is beside the verdict. */
export interface TargetResult {
  rule: string;
  /** the measured value the rule compares (a ratio or milliseconds) */
  value: number;
  pass: boolean;
  /** false when a figure it needs is missing (then it is printed as n/a, not FAIL) */
  measured: boolean;
}

/** The targets (issue 8 §1). Ratios are of req/s or p99; times in ms. */
export const TARGETS = {
  /** list req/s ≥ 0.6 × the bare Fastify + pg endpoint's */
  listVsBareReqs: 0.6,
  /** list p99 ≤ 2 × the bare endpoint's p99 */
  listVsBareP99: 2,
  /** a deep page as fast as page 1: req/s ≥ page 1 / 1.25 and p99 ≤ 1.25 × page 1 */
  deepVsPage1: 1.25,
  /** dashboard p99 at 100k applications on PostgreSQL, ms */
  dashboardP99Ms: 50,
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

const check = (rule: string, value: number, ok: (v: number) => boolean): TargetResult => ({
  rule,
  value,
  pass: Number.isFinite(value) && ok(value),
  measured: Number.isFinite(value),
});

/**
 * Every target of issue 8 §1 for one database, from the figures measured in one run.
 * The dashboard's 50 ms applies to PostgreSQL only; on PGlite it is printed for information
 * (`informational` rules are listed but never FAIL the report's summary line).
 */
export function evaluateTargets(
  kind: 'pglite' | 'postgres',
  f: {
    list?: Figures;
    deep?: Figures;
    bare?: Figures;
    dashboard?: Figures;
    pdf?: Figures;
  },
): (TargetResult & { informational: boolean })[] {
  const t = TARGETS;
  const out: (TargetResult & { informational: boolean })[] = [];
  const add = (r: TargetResult, informational = false) => out.push({ ...r, informational });
  add(
    check(
      `list req/s ÷ bare req/s ≥ ${t.listVsBareReqs}`,
      ratio(f.list?.reqPerSec, f.bare?.reqPerSec),
      (v) => v >= t.listVsBareReqs,
    ),
  );
  add(
    check(
      `list p99 ÷ bare p99 ≤ ${t.listVsBareP99}`,
      ratio(f.list?.p99, f.bare?.p99),
      (v) => v <= t.listVsBareP99,
    ),
  );
  add(
    check(
      `deep page req/s ÷ page 1 req/s ≥ 1/${t.deepVsPage1} (${(1 / t.deepVsPage1).toFixed(2)})`,
      ratio(f.deep?.reqPerSec, f.list?.reqPerSec),
      (v) => v >= 1 / t.deepVsPage1,
    ),
  );
  add(
    check(
      `deep page p99 ÷ page 1 p99 ≤ ${t.deepVsPage1}`,
      ratio(f.deep?.p99, f.list?.p99),
      (v) => v <= t.deepVsPage1,
    ),
  );
  add(
    check(
      `dashboard p99 ≤ ${t.dashboardP99Ms} ms${kind === 'postgres' ? '' : ' (target is for PostgreSQL; info)'}`,
      f.dashboard?.p99 ?? NaN,
      (v) => v <= t.dashboardP99Ms,
    ),
    kind !== 'postgres',
  );
  add(
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

/** The figures table of one database: endpoint, connections, req/s, p50 ms, p99 ms, non-2xx. */
export function figuresTable(figures: readonly Figures[]): string {
  return textTable([
    ['endpoint', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx/errors'],
    ...figures.map((f) => [
      f.name,
      String(f.connections),
      fmt(f.reqPerSec),
      fmt(f.p50),
      fmt(f.p99),
      `${f.non2xx}/${f.errors}`,
    ]),
  ]);
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
