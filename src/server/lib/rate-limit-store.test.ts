/**
 * The database rate-limit store (issue 8 §7) on the test database (PGlite, or PostgreSQL when
 * DATABASE_URL is set): counts, windows, the plugin's options, namespacing per route, and two
 * app instances on one database sharing the login limit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { multipart, testDatabase } from '../../../test/server/helper.js';
import { housekeeping, rowsOf } from './jobs.js';
import { chunkFor, databaseRateLimitStore, type RateLimitState } from './rate-limit-store.js';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await testDatabase());
});
afterAll(() => drop());

type Store = InstanceType<ReturnType<typeof databaseRateLimitStore>>;
const incr = (s: Store, key: string, timeWindow: number, max: number) =>
  new Promise<RateLimitState>((resolve, reject) =>
    s.incr(key, (e, r) => (e ? reject(e) : resolve(r!)), timeWindow, max),
  );
const read = (s: Store, key: string) =>
  new Promise<RateLimitState>((resolve, reject) =>
    s.read(key, (e, r) => (e ? reject(e) : resolve(r!))),
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('databaseRateLimitStore', () => {
  it('counts within a window and starts a new one when it ends', async () => {
    const Store = databaseRateLimitStore(database.db);
    const s = new Store({});
    const a = await incr(s, '10.0.0.1', 400, 5);
    expect(a.current).toBe(1);
    expect(a.ttl).toBeGreaterThan(300);
    expect(a.ttl).toBeLessThanOrEqual(400);
    expect((await incr(s, '10.0.0.1', 400, 5)).current).toBe(2);
    expect(await read(s, '10.0.0.1')).toMatchObject({ current: 2 });
    expect((await read(s, '10.0.0.1')).current).toBe(2); // read does not count
    expect((await incr(s, '10.0.0.2', 400, 5)).current).toBe(1); // another client
    await sleep(450);
    expect(await read(s, '10.0.0.1')).toEqual({ current: 0, ttl: 0 });
    expect((await incr(s, '10.0.0.1', 400, 5)).current).toBe(1);
  });

  it('gives every one of many concurrent requests its own count (atomic upsert)', async () => {
    const Store = databaseRateLimitStore(database.db);
    // two "instances": two store objects on the same table
    const [s1, s2] = [new Store({}), new Store({})];
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => incr(i % 2 ? s1 : s2, 'burst', 60_000, 10)),
    );
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('above EXACT_UP_TO reserves counts in chunks; the limit still holds across instances', async () => {
    const Store = databaseRateLimitStore(database.db);
    const [s1, s2] = [new Store({}), new Store({})];
    const max = 1000;
    const chunk = chunkFor(max, false);
    expect(chunk).toBe(20);
    let allowed = 0;
    const currents: number[] = [];
    for (let i = 0; i < 1100; i++) {
      const r = await incr(i % 2 ? s1 : s2, 'chunked', 60_000, max);
      currents.push(r.current);
      if (r.current <= max) allowed++;
    }
    // tripped at the limit in total (at most instances × chunk early), not 1000 per instance
    expect(allowed).toBeGreaterThanOrEqual(max - 2 * chunk);
    expect(allowed).toBeLessThanOrEqual(max);
    expect(currents.slice(-10).every((c) => c > max)).toBe(true);
    // one database round trip per chunk, not per request
    const [row] = await rowsOf<{ count: number }>(
      database.db,
      sql`select count from rate_limits where key = 'global|chunked'`,
    );
    expect(row.count).toBeGreaterThanOrEqual(1100);
    expect(row.count).toBeLessThanOrEqual(1100 + 2 * chunk);
    // read() leaves out this instance's unused reserved counts (not another instance's)
    const seen = (await read(s1, 'chunked')).current;
    expect(seen).toBeGreaterThanOrEqual(1100);
    expect(seen).toBeLessThanOrEqual(1100 + chunk);
    expect(chunkFor(60, false)).toBe(1);
    expect(chunkFor(5000, true)).toBe(1);
  });

  it('keeps a route’s own limit apart from the global one', async () => {
    const Store = databaseRateLimitStore(database.db);
    const global = new Store({});
    const login = global.child({ routeInfo: { method: 'POST', url: '/api/login' } });
    expect(login.prefix).toBe('POST /api/login|');
    await incr(global, '10.0.0.9', 60_000, 100);
    await incr(global, '10.0.0.9', 60_000, 100);
    expect((await incr(login, '10.0.0.9', 60_000, 3)).current).toBe(1);
    expect((await read(global, '10.0.0.9')).current).toBe(2);
  });

  it('continueExceeding restarts the window on each request over the limit', async () => {
    const Store = databaseRateLimitStore(database.db);
    const s = new Store({ continueExceeding: true });
    await incr(s, 'ce', 300, 1);
    await sleep(200);
    const over = await incr(s, 'ce', 300, 1);
    expect(over.current).toBe(2);
    expect(over.ttl).toBeGreaterThan(250); // restarted, not the ~100 ms left
  });

  it('exponentialBackoff doubles the window per request over the limit', async () => {
    const Store = databaseRateLimitStore(database.db);
    const s = new Store({ exponentialBackoff: true });
    await incr(s, 'eb', 1000, 1);
    expect((await incr(s, 'eb', 1000, 1)).ttl).toBeGreaterThan(900); // 1 × window
    const third = await incr(s, 'eb', 1000, 1);
    expect(third.current).toBe(3);
    expect(third.ttl).toBeGreaterThan(1900); // 2 × window
    expect(third.ttl).toBeLessThanOrEqual(2000);
  });

  it('housekeeping deletes expired counters only', async () => {
    const Store = databaseRateLimitStore(database.db);
    const s = new Store({});
    await incr(s, 'short', 50, 5);
    await incr(s, 'long', 60_000, 5);
    await sleep(80);
    const gone = await housekeeping(database.db);
    expect(gone.rateLimits).toBeGreaterThanOrEqual(1);
    const keys = await rowsOf<{ key: string }>(database.db, sql`select key from rate_limits`);
    expect(keys.map((k) => k.key)).toContain('global|long');
    expect(keys.map((k) => k.key)).not.toContain('global|short');
  });
});

describe('two app instances on one database', () => {
  it('share the login limit: it trips at the configured count in total', async () => {
    const prev = process.env.RATE_LIMIT_LOGIN;
    // the route limit is read when the routes module loads; use the default 60 per minute
    expect(prev ?? '60').toBe('60');
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      logLevel: 'silent',
      outboxIntervalMs: 0,
      housekeepingMs: 0,
      rateLimitStore: 'database' as const,
    };
    config.payments = { ...config.payments, recheckMs: 0 };
    const apps = [
      await buildApp({ config, database, logger: false }),
      await buildApp({ config, database, logger: false }),
    ];
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 64; i++) {
        const res = await apps[i % 2].inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '192.0.2.7',
          ...multipart({ username: 'nobody', password: 'wrong-password' }),
        });
        statuses.push(res.statusCode);
      }
      // 60 answered (401 wrong login), then 429 on both instances
      expect(statuses.filter((s) => s !== 429).length).toBe(60);
      expect(statuses.slice(60)).toEqual([429, 429, 429, 429]);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
    }
  });
});
