import { describe, expect, it } from 'vitest';
import {
  evaluateTargets,
  figuresTable,
  inlineParams,
  percentile,
  pgbenchLatenciesMs,
  ratio,
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
  it('passes at the limits and fails past them', () => {
    const ok = evaluateTargets('postgres', {
      bare,
      list: fig('list page 1', 600, 10, 40),
      deep: fig('deep', 480, 11, 50),
      dashboard: fig('dashboard', 300, 20, 50),
      pdf: fig('pdf', 5, 200, 300),
    });
    expect(ok.map((t) => t.pass)).toEqual([true, true, true, true, true, true]);
    expect(ok.map(verdict)).toEqual(['PASS', 'PASS', 'PASS', 'PASS', 'PASS', 'PASS']);

    const bad = evaluateTargets('postgres', {
      bare,
      list: fig('list page 1', 599, 10, 41),
      deep: fig('deep', 479, 11, 52),
      dashboard: fig('dashboard', 100, 30, 51),
      pdf: fig('pdf', 2, 280, 301),
    });
    expect(bad.map((t) => t.pass)).toEqual([false, false, false, false, false, false]);
    expect(bad.map(verdict)).toEqual(['FAIL', 'FAIL', 'FAIL', 'FAIL', 'FAIL', 'FAIL']);
  });

  it('prints the dashboard target as information on PGlite and n/a when not measured', () => {
    const r = evaluateTargets('pglite', {
      list: fig('list page 1', 100, 1, 2),
      dashboard: fig('d', 1, 1, 80),
    });
    const dash = r.find((t) => t.rule.startsWith('dashboard'))!;
    expect(dash.informational).toBe(true);
    expect(verdict(dash)).toBe('info (not met)');
    expect(verdict(r[0])).toBe('n/a'); // no bare figure
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
    const t = figuresTable([fig('list page 1', 512.345, 9, 31.5), fig('dashboard', 12, 40, 90)]);
    const lines = t.split('\n');
    expect(lines[0]).toMatch(/^endpoint\s+conns\s+req\/s\s+p50 ms\s+p99 ms\s+non-2xx\/errors$/);
    expect(lines[2]).toMatch(/^list page 1\s+10\s+512\.3\s+9\.0\s+31\.5\s+0\/0$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
