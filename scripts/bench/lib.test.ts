import { describe, expect, it } from 'vitest';
import {
  cpuComparison,
  cpuMsPerRequest,
  evaluateTargets,
  figuresTable,
  growthTable,
  inlineParams,
  median,
  pairedRounds,
  parsePortRange,
  parseSizes,
  procCpuTicks,
  percentile,
  pgbenchLatenciesMs,
  ratio,
  searchLimit,
  ticksBetween,
  ticksOfCommand,
  shortCount,
  sqlLiteral,
  verdict,
  vmHwmKib,
  type Figures,
} from './lib.js';

const fig = (name: string, reqPerSec: number, p50: number, p99: number): Figures => ({
  name,
  reqPerSec,
  p50,
  p99,
  non2xx: 0,
  errors: 0,
  connections: 10,
});

describe('percentile (nearest rank)', () => {
  it('picks the smallest value with p% at or below it, unsorted input', () => {
    const v = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(v, 50)).toBe(5);
    expect(percentile(v, 99)).toBe(10);
    expect(percentile(v, 10)).toBe(1);
    expect(percentile(v, 0)).toBe(1);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('ratio', () => {
  it('divides, and is NaN when a figure is missing or the divisor is 0', () => {
    expect(ratio(30, 60)).toBe(0.5);
    expect(ratio(undefined, 60)).toBeNaN();
    expect(ratio(1, 0)).toBeNaN();
  });
});

describe('evaluateTargets', () => {
  const bare = fig('bare', 1000, 8, 20);
  const search = (p99: number) => [fig('search: common word', 100, 10, p99)];
  it('passes at the limits and fails past them (PostgreSQL, 100k)', () => {
    const ok = evaluateTargets('postgres', 100_000, {
      bare,
      list: fig('list page 1', 800, 10, 30),
      deep: fig('deep', 640, 11, 37.5),
      detail: fig('detail', 640, 12, 40),
      dashboard: fig('dashboard', 300, 20, 50),
      pdf: fig('pdf', 5, 200, 300),
      searches: search(50),
    });
    expect(ok.map(verdict)).toEqual(Array(8).fill('PASS'));
    expect(ok.map((t) => t.rule)).toEqual([
      'list req/s ÷ bare req/s ≥ 0.8',
      'list p99 ÷ bare p99 ≤ 1.5',
      'deep page req/s ÷ page 1 req/s ≥ 1/1.25 (0.80)',
      'deep page p99 ÷ page 1 p99 ≤ 1.25',
      'detail req/s ÷ list page 1 req/s ≥ 0.8',
      'search: common word p99 ≤ 50 ms',
      'dashboard p99 ≤ 50 ms',
      'certificate PDF p99 ≤ 300 ms warm',
    ]);

    const bad = evaluateTargets('postgres', 100_000, {
      bare,
      list: fig('list page 1', 799, 10, 30.5),
      deep: fig('deep', 639, 11, 38.2),
      detail: fig('detail', 639, 12, 40),
      dashboard: fig('dashboard', 100, 30, 51),
      pdf: fig('pdf', 2, 280, 301),
      searches: search(51),
    });
    expect(bad.map(verdict)).toEqual(Array(8).fill('FAIL'));
  });

  it('sets the search limit by size: 50 ms up to 100k, 100 ms at 1M, info elsewhere', () => {
    expect(searchLimit(100_000)).toEqual({ ms: 50, atTargetSize: true });
    expect(searchLimit(20_000)).toEqual({ ms: 50, atTargetSize: false });
    expect(searchLimit(500_000)).toEqual({ ms: 100, atTargetSize: false });
    expect(searchLimit(1_000_000)).toEqual({ ms: 100, atTargetSize: true });
    const at1m = evaluateTargets('postgres', 1_000_000, { searches: search(99) });
    const s1m = at1m.find((t) => t.rule.startsWith('search'))!;
    expect([s1m.rule, verdict(s1m)]).toEqual(['search: common word p99 ≤ 100 ms', 'PASS']);
    // the dashboard's target is set at 100k: at 1M it is information
    expect(at1m.find((t) => t.rule.startsWith('dashboard'))!.informational).toBe(true);
    const small = evaluateTargets('postgres', 20_000, { searches: search(70) });
    const s = small.find((t) => t.rule.startsWith('search'))!;
    expect(s.rule).toBe('search: common word p99 ≤ 50 ms (info: set for PostgreSQL at 100k, 1M)');
    expect(s.informational).toBe(true);
    expect(verdict(s)).toBe('info (not met)');
  });

  it('prints the PostgreSQL-only limits as information on PGlite and n/a when not measured', () => {
    const r = evaluateTargets('pglite', 100_000, {
      list: fig('list page 1', 100, 1, 2),
      dashboard: fig('d', 1, 1, 80),
      searches: search(30),
    });
    const dash = r.find((t) => t.rule.startsWith('dashboard'))!;
    expect(dash.rule).toBe('dashboard p99 ≤ 50 ms (info: set for PostgreSQL at 100k)');
    expect(dash.informational).toBe(true);
    expect(verdict(dash)).toBe('info (not met)');
    expect(verdict(r.find((t) => t.rule.startsWith('search'))!)).toBe('info (met)');
    expect(verdict(r[0])).toBe('n/a'); // no bare figure
  });
});

describe('alternated rounds of the list and the bare endpoint', () => {
  const withCpu = (f: Figures, cpuMsPerReq: number): Figures => ({ ...f, cpuMsPerReq });
  it('takes the median: the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
    expect(median([NaN, 5])).toBe(5);
  });

  it("reports each side as its rounds' median and the targets from each round's own ratio", () => {
    // A busy second round slows both sides: its ratio is as good as the others', while the
    // ratio of the sides' medians would mix figures of different minutes.
    const r = pairedRounds([
      {
        bare: withCpu(fig('bare', 400, 20, 60), 2.6),
        list: withCpu(fig('list page 1', 340, 25, 70), 3.0),
      },
      {
        bare: withCpu(fig('bare', 250, 30, 90), 3.1),
        list: withCpu(fig('list page 1', 190, 40, 120), 3.9),
      },
      {
        bare: withCpu(fig('bare', 410, 19, 58), 2.5),
        list: withCpu(fig('list page 1', 330, 26, 75), 3.1),
      },
    ]);
    expect(r.bare).toMatchObject({
      name: 'bare',
      reqPerSec: 400,
      p50: 20,
      p99: 60,
      cpuMsPerReq: 2.6,
    });
    expect(r.list).toMatchObject({
      name: 'list page 1',
      reqPerSec: 330,
      p50: 26,
      p99: 75,
      cpuMsPerReq: 3.1,
    });
    // per round: 0.85, 0.76, 0.805 (req/s); 1.167, 1.333, 1.293 (p99)
    expect(r.listVsBare.reqs).toBeCloseTo(330 / 410, 10);
    expect(r.listVsBare.p99).toBeCloseTo(75 / 58, 10);
    const targets = evaluateTargets('pglite', 100_000, { ...r, listVsBare: r.listVsBare });
    expect(targets[0]).toMatchObject({ value: r.listVsBare.reqs, pass: true });
    expect(targets[1]).toMatchObject({ value: r.listVsBare.p99, pass: true });
  });

  it('sums errors, leaves out a CPU figure missing from a round, and refuses no rounds', () => {
    const a = { ...fig('bare', 100, 1, 2), errors: 1, non2xx: 2 };
    const r = pairedRounds([
      { bare: a, list: withCpu(fig('list page 1', 90, 1, 2), 1) },
      { bare: a, list: fig('list page 1', 80, 1, 2) },
    ]);
    expect([r.bare.errors, r.bare.non2xx]).toEqual([2, 4]);
    expect(r.list.cpuMsPerReq).toBeUndefined();
    expect(() => pairedRounds([])).toThrow('no rounds');
  });
});

describe('growthTable', () => {
  it('has one row per endpoint and one column per size, – where not measured', () => {
    const t = growthTable([
      { apps: 10_000, figures: [fig('list page 1', 400.04, 9, 31.5), fig('dashboard', 12, 40, 9)] },
      { apps: 1_000_000, figures: [fig('list page 1', 350, 9, 45)] },
    ]);
    const lines = t.split('\n');
    expect(lines[0]).toMatch(/^endpoint \(req\/s · p99 ms\)\s+10,000 apps\s+1,000,000 apps$/);
    expect(lines[2]).toMatch(/^list page 1\s+400\.0 · 32\s+350\.0 · 45$/);
    expect(lines[3]).toMatch(/^dashboard\s+12\.0 · 9\.0\s+–$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it("adds the database's CPU column when a figure has it (PostgreSQL)", () => {
    const lines = figuresTable([
      { ...fig('list page 1', 512.345, 9, 31.5), cpuMsPerReq: 1.4567, dbCpuMsPerReq: 0.8123 },
      fig('pgbench (list SQL)', 900, 5, 10),
    ]).split('\n');
    expect(lines[0]).toMatch(/\bCPU ms\/req\s+DB CPU ms\/req\s+non-2xx\/errors$/);
    expect(lines[2]).toMatch(/\s1\.457\s+0\.812\s+0\/0$/);
    expect(lines[3]).toMatch(/\s–\s+–\s+0\/0$/);
  });
});

describe('knobs', () => {
  it('reads BENCH_SIZES, else BENCH_APPS as one size, else the default', () => {
    expect(parseSizes({ BENCH_SIZES: '100000, 10000,1_000_000,10000' }, [1])).toEqual([
      10_000, 100_000, 1_000_000,
    ]);
    expect(parseSizes({ BENCH_SIZES: '10k,1m,2.5k' }, [1])).toEqual([2_500, 10_000, 1_000_000]);
    expect(parseSizes({ BENCH_APPS: '5000' }, [1])).toEqual([5000]);
    expect(parseSizes({ BENCH_SIZES: '20000', BENCH_APPS: '5000' }, [1])).toEqual([20_000]);
    expect(parseSizes({}, [10, 100])).toEqual([10, 100]);
    expect(() => parseSizes({ BENCH_SIZES: '10,abc' }, [1])).toThrow(/abc/);
    expect(() => parseSizes({ BENCH_SIZES: '0' }, [1])).toThrow();
  });

  it('writes round sizes short', () => {
    expect([10_000, 1_000_000, 2_500, 999].map(shortCount)).toEqual(['10k', '1M', '2,500', '999']);
  });

  it('reads a port range', () => {
    expect(parsePortRange('4830-4839')).toEqual([4830, 4839]);
    expect(parsePortRange(' 4830 ')).toEqual([4830, 4830]);
    expect(() => parsePortRange('4839-4830')).toThrow();
    expect(() => parsePortRange('80-90')).toThrow();
    expect(() => parsePortRange('x')).toThrow();
  });
});

describe('SQL for the pgbench script', () => {
  it('writes literals with quotes escaped', () => {
    expect(sqlLiteral("O'Hara")).toBe("'O''Hara'");
    expect(sqlLiteral(25)).toBe('25');
    expect(sqlLiteral(true)).toBe('true');
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(new Date('2026-01-02T03:04:05Z'))).toBe("'2026-01-02T03:04:05.000Z'");
    expect(() => sqlLiteral(Infinity)).toThrow();
  });

  it('inlines $n parameters, $10 not read as $1', () => {
    const params = ['a', 2, 3, 4, 5, 6, 7, 8, 9, 'ten'];
    expect(inlineParams('select $1, $10 where x = $2', params)).toBe(
      "select 'a', 'ten' where x = 2",
    );
    expect(() => inlineParams('select $3', [1])).toThrow(/\$3/);
  });
});

describe('process and pgbench readings', () => {
  it("sums the CPU ticks of a command's processes between two readings", () => {
    const stat = (pid: number, comm: string, utime: number, stime: number) =>
      `${pid} (${comm}) S 1 1 1 0 -1 4194560 100 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 100`;
    /** One reading of these processes: [pid, command, utime, stime]. */
    const reading = (...procs: [number, string, number, number][]) =>
      ticksOfCommand(new Map(procs.map(([pid, ...rest]) => [pid, stat(pid, ...rest)])), 'postgres');
    const before = reading(
      [10, 'postgres', 100, 20],
      [11, 'postgres', 50, 5],
      [12, 'node', 900, 90],
      [13, 'postgres', 7, 1],
    );
    expect([...before.keys()]).toEqual([10, 11, 13]);
    const after = reading(
      [10, 'postgres', 130, 30],
      [11, 'postgres', 60, 5],
      // a backend that started in between counts whole; 13 ended and is left out
      [14, 'postgres', 4, 1],
      [12, 'node', 1900, 190],
    );
    expect(ticksBetween(before, after)).toBe(40 + 10 + 5);
    expect(ticksBetween(before, new Map())).toBeNaN();
    expect(ticksOfCommand(new Map([[1, 'garbage']]), 'postgres').size).toBe(0);
  });

  it('reads VmHWM from /proc/<pid>/status', () => {
    expect(vmHwmKib('Name:\tnode\nVmPeak:\t 999 kB\nVmHWM:\t  123456 kB\nVmRSS:\t 1 kB\n')).toBe(
      123456,
    );
    expect(vmHwmKib('Name:\tnode\n')).toBeNaN();
  });

  it('takes the latency (µs) column of a pgbench -l log, in ms', () => {
    const log = '0 1 1500 0 1700000000 1\n1 1 2500 0 1700000000 2\n0 2 skipped 0 1700000000 3\n';
    expect(pgbenchLatenciesMs(log)).toEqual([1.5, 2.5]);
  });
});

describe('figuresTable', () => {
  it('aligns one row per endpoint under the header', () => {
    const t = figuresTable([
      { ...fig('list page 1', 512.345, 9, 31.5), cpuMsPerReq: 1.4567 },
      fig('dashboard', 12, 40, 90),
    ]);
    const lines = t.split('\n');
    expect(lines[0]).toMatch(
      /^endpoint\s+conns\s+req\/s\s+p50 ms\s+p99 ms\s+CPU ms\/req\s+non-2xx\/errors$/,
    );
    expect(lines[2]).toMatch(/^list page 1\s+10\s+512\.3\s+9\.0\s+31\.5\s+1\.457\s+0\/0$/);
    // not measured (pgbench, or no /proc): a dash
    expect(lines[3]).toMatch(/^dashboard\s+10\s+12\.0\s+40\.0\s+90\.0\s+–\s+0\/0$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});

describe('CPU per request', () => {
  // proc(5): pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt
  // cmajflt utime stime ...; a command name may hold spaces and parentheses
  const stat = (comm: string, utime: number, stime: number) =>
    `4242 (${comm}) S 1 4242 4242 0 -1 4194304 1000 0 0 0 ${utime} ${stime} 0 0 20 0 11 0 55 1`;

  it('reads utime + stime, whatever the command name holds', () => {
    expect(procCpuTicks(stat('node', 1500, 250))).toBe(1750);
    expect(procCpuTicks(stat('my (odd) name', 7, 3))).toBe(10);
    expect(procCpuTicks('')).toBeNaN();
    expect(procCpuTicks('4242 (node) S 1 2')).toBeNaN();
  });

  it('divides the ticks used by the requests answered, in ms', () => {
    // 350 ticks at 100 per second = 3.5 s over 2,500 requests = 1.4 ms each
    expect(cpuMsPerRequest(1000, 1350, 100, 2500)).toBeCloseTo(1.4, 10);
    expect(cpuMsPerRequest(NaN, 1350, 100, 2500)).toBeUndefined();
    expect(cpuMsPerRequest(1000, 900, 100, 2500)).toBeUndefined();
    expect(cpuMsPerRequest(1000, 1350, 100, 0)).toBeUndefined();
  });

  it('compares the list with the bare endpoint only when both were measured', () => {
    const list = { ...fig('list page 1', 400, 20, 40), cpuMsPerReq: 1.44 };
    const bare = { ...fig('bare Fastify (list SQL)', 500, 15, 30), cpuMsPerReq: 1.1 };
    expect(cpuComparison(list, bare)).toBe(
      'server CPU per request: list 1.440 ms, bare 1.100 ms (+0.340 ms; bare ÷ list 0.76)',
    );
    expect(cpuComparison({ ...list, dbCpuMsPerReq: 0.9 }, { ...bare, dbCpuMsPerReq: 0.75 })).toBe(
      'server CPU per request: list 1.440 ms, bare 1.100 ms (+0.340 ms; bare ÷ list 0.76); ' +
        'database CPU per request: list 0.900 ms, bare 0.750 ms (+0.150 ms)',
    );
    expect(cpuComparison(fig('list page 1', 400, 20, 40), bare)).toBeNull();
    expect(cpuComparison(list, undefined)).toBeNull();
  });
});
