/**
 * API fuzzing (issue 8 §3). For every route of the OpenAPI document (itself generated from the
 * routes' zod schemas), fast-check builds FUZZ_RUNS requests from the declared path, query,
 * header and body schemas (requests.ts) and sends them as a system admin (so validation and the
 * handler, not the permission check, answer) through `app.inject()` on one app and a real
 * migrated database. Every answer goes through the oracle (oracle.ts): no 5xx, no stack trace,
 * SQL or file path in body or headers, and the body matches the schema declared for its status
 * (or the shared error body for the error handler's statuses).
 *
 * Speed (CI runs 1,000 per route): one app and one database for the whole run; read-only routes
 * run first on the seeded state, then the writing routes; the admin's session is checked once per
 * route, and the database is rebuilt only when a fuzzed write disabled the admin itself.
 *
 * Env: FUZZ_RUNS (default 100; CI 1000), FUZZ_SEED (base seed; each route's seed is derived from
 * it and its key), FUZZ_ROUTE (`POST /api/x`: only that route), FUZZ_PATH (with FUZZ_SEED and
 * FUZZ_ROUTE: replay one shrunk case). A failure prints all of them, ready to paste, with the
 * shrunk request; the run ends with its counts. A case that needed the state earlier routes left
 * behind replays with FUZZ_SEED alone (the whole run, same requests in the same order).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, login, type TestContext } from '../server/helper.js';
import { newAjv, operations, type Operation } from './openapi.js';
import { Oracle } from './oracle.js';
import { clip, requestFor, type FuzzRequest } from './requests.js';
import { FuzzStats, routeSeed } from './stats.js';

// Thousands of requests from one address: the per-IP limits (tested elsewhere) would answer
// 429 to most of them and hide what the fuzzing is after. Set before the routes are imported.
vi.hoisted(() => {
  process.env.RATE_LIMIT_MAX = '10000000';
  process.env.RATE_LIMIT_LOGIN = '10000000';
  process.env.RATE_LIMIT_OTP = '10000000';
  process.env.RATE_LIMIT_REGISTER = '10000000';
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Date.now() % 2 ** 31;
const ONLY = process.env.FUZZ_ROUTE;
const PATH = process.env.FUZZ_PATH;

/** Routes whose success would end the fuzzing session itself; they are fuzzed with junk only. */
const SESSION_ENDING = new Set(['POST /api/logout']);

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, 'admin');
});
afterAll(() => t.close());

/**
 * Signs in again when a fuzzed request ended the admin's session; when the admin account
 * itself was changed (a random delete, status change or password edit can hit it), starts
 * over on a fresh copy of the database. Returns true when it had to start over.
 */
async function ensureSession(): Promise<boolean> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/profiles',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode === 200) return false;
  try {
    token = await login(t.app, 'admin');
    return false;
  } catch {
    await t.close();
    t = await buildTestApp();
    token = await login(t.app, 'admin');
    return true;
  }
}

/** Reads first (they see the seeded state), writes after, the session-ending route last. */
function order(ops: Operation[]): Operation[] {
  const rank = (op: Operation) =>
    SESSION_ENDING.has(op.key) ? 2 : op.method === 'GET' || op.method === 'HEAD' ? 0 : 1;
  return [...ops].sort((a, b) => rank(a) - rank(b));
}

describe('API fuzzing', () => {
  // No time limit: the work is bounded by FUZZ_RUNS × routes, not by the clock.
  it(`every route answers ${RUNS} generated requests as declared`, { timeout: 0 }, async () => {
    const ajv = newAjv();
    // a value saved by one request may be listed by a later one: still the fuzzer's own text
    const oracle = new Oracle(ajv, undefined, true);
    const all = operations(t.app, ajv);
    expect(all.length).toBeGreaterThan(100);
    const ops = order(ONLY ? all.filter((o) => o.key === ONLY) : all);
    expect(ops.length, `FUZZ_ROUTE=${ONLY} is not a route`).toBeGreaterThan(0);
    const stats = new FuzzStats();
    console.log(
      `fuzz: ${ops.length} routes × ${RUNS} runs, FUZZ_SEED=${SEED}${ONLY ? ` FUZZ_ROUTE='${ONLY}'` : ''}`,
    );
    const failures: string[] = [];
    for (const op of ops) {
      if (await ensureSession()) stats.restarts++;
      const started = performance.now();
      const property = fc.asyncProperty(requestFor(op), async (req: FuzzRequest) => {
        const res = await t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: {
            ...(SESSION_ENDING.has(op.key) ? {} : { authorization: `Bearer ${token}` }),
            ...req.headers,
          },
          payload: req.payload,
        });
        stats.count(res.statusCode);
        const problems = oracle.problems(op, res, req.sent);
        if (problems.length) {
          throw new Error(
            `${problems.join('; ')}\n  answer: ${res.statusCode} ${clip(res.body, 400)}`,
          );
        }
      });
      const seed = routeSeed(SEED, op.key);
      const details = await fc.check(property, {
        numRuns: RUNS,
        seed,
        path: PATH,
        endOnFailure: false,
      });
      stats.route(op.key, performance.now() - started);
      if (details.failed) {
        failures.push(
          `${op.key}\n${fc.defaultReportMessage(details)}\n` +
            `Error: ${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}\n` +
            `Replay: FUZZ_RUNS=${RUNS} FUZZ_SEED=${SEED} FUZZ_ROUTE='${op.key}' FUZZ_PATH='${details.counterexamplePath}' ` +
            `npx vitest run test/fuzz/api.fuzz.test.ts`,
        );
        console.log(`fuzz FAILED ${failures.at(-1)}`);
      }
    }
    console.log(stats.report('fuzz'));

    // each failure was printed in full above (seed, path, shrunk request, replay command)
    expect(failures.map((f) => f.split('\n')[0])).toEqual([]);
    expect(stats.routes).toBe(ops.length);
  });
});
