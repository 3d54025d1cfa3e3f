import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';

/**
 * The suite's longest files, longest first (CI's counts, 2026-11-28: the API fuzzing ~820 s,
 * the stateful fuzzing ~330 s, the money model ~230 s, the fault tests 20–90 s each; every
 * other file under 15 s).
 */
const LONGEST_FIRST = [
  'test/fuzz/api.fuzz',
  'test/fuzz/lifecycle',
  'test/model/',
  'test/faults/',
  'test/fuzz/',
];

/**
 * Starts the longest files first, in both projects. Vitest orders files by their durations in
 * its cache, and without one (a fresh clone: CI) by size, largest first, client project first:
 * the API fuzzing, a small file, then started last, and ran for 14 minutes with the other
 * worker idle (CI's tests on PGlite took 1,553 s instead of ~1,200 s).
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const rel = f.moduleId.replaceAll('\\', '/');
      const i = LONGEST_FIRST.findIndex((p) => rel.includes(`/${p}`));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Array sort is stable: within a rank, Vitest's own order
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * Two projects: `shared`+`server` run in Node against a real migrated database
 * (PGlite by default, PostgreSQL when DATABASE_URL is set); `client` runs in jsdom.
 */
export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the CPUs: on this 2-CPU machine (and
    // CI's) that is one worker, and the whole suite ran file after file (wall time = the sum of
    // the files, 36 min with CI's fuzz counts). Two workers use both CPUs; VITEST_MAX_WORKERS
    // overrides (1 for a quiet machine shared with a benchmark). No test depends on wall-clock
    // time, so the extra load changes durations, not outcomes.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/shared/**/*.test.ts',
            'src/server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          globalSetup: ['test/server/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // many accounts are registered per test file from one address
          env: { RATE_LIMIT_OTP: '1000' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/client/**/*.test.{ts,tsx}'],
          setupFiles: ['src/client/test/setup.ts'],
          // Generous on purpose: a test waits for states, never for a duration, and on a busy
          // machine (two whole suites at once, issue 16 §7) a first render that transforms a
          // page's module graph took over 20 s; a failing wait still ends the test.
          testTimeout: 180_000,
        },
      },
    ],
  },
});
