/**
 * A @fastify/rate-limit store in the database (issue 8 §7), so a limit counts the requests of all
 * app instances sharing the database, not of each process alone. It implements the plugin's
 * custom store contract (the shape of its LocalStore and RedisStore): `new Store(params)`,
 * `incr(key, cb, timeWindow, max)`, `read(key, cb, timeWindow, max)` and `child(routeOptions)`;
 * `cb(err, { current, ttl })` with ttl in ms.
 *
 * Counting is an atomic upsert (INSERT … ON CONFLICT DO UPDATE … RETURNING) on the UNLOGGED
 * table rate_limits, with the window on the database clock, so concurrent requests on any
 * instance each get their own count and no two instances disagree about a window.
 *
 * Cost: one upsert per request would put every request of one address on one hot row (all
 * requests from a NAT, or a load test, queue on its row lock: measured 3,150 → 540 req/s on a
 * trivial route). So a limit above EXACT_UP_TO reserves its counts in chunks of max/CHUNKS_PER_MAX:
 * the instance adds a whole chunk to the row and hands the counts out locally until they are used
 * or the window ends. A limit then trips after at least max − (instances × chunk) requests in
 * total, never later than max + 1 — a few per cent early with a few instances. Limits up to
 * EXACT_UP_TO (login 60, OTP 30, verify 60) are counted one by one, exactly.
 *
 * Semantics follow LocalStore: a fixed window starting at the first request; `continueExceeding`
 * restarts the window on each request over the limit; `exponentialBackoff` makes it
 * timeWindow × 2^(count − max − 1), at most BACKOFF_CAP_MS (both counted one by one). Expired
 * rows are deleted by the housekeeping job (lib/jobs.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from './jobs.js';

/** What the plugin passes to a store: its merged options (only these are read here). */
export interface RateLimitStoreParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  /** set by the plugin on a route's own limit: namespaces that route's counters */
  routeInfo?: { method?: string | string[]; url?: string };
}

export interface RateLimitState {
  /** requests counted in the window, this one included */
  current: number;
  /** ms until the window ends */
  ttl: number;
}

type Callback = (err: Error | null, res?: RateLimitState) => void;

/** Longest window exponential backoff can reach (ms, about 31 years), as LocalStore caps it. */
export const BACKOFF_CAP_MS = 1e12;
/** Limits up to this many requests per window are counted one request at a time. */
export const EXACT_UP_TO = 100;
/** Above EXACT_UP_TO, counts are reserved in chunks of max / CHUNKS_PER_MAX. */
export const CHUNKS_PER_MAX = 50;
/** Keys kept in a process's reservation map before expired ones are swept. */
const LOCAL_SWEEP_AT = 10_000;

/** Namespace of the plugin's global limit; a route with its own limit uses "METHOD url|". */
const GLOBAL_PREFIX = 'global|';

/** Counts reserved by this process for one key in the current window. */
interface Reservation {
  /** the row's count after this process's last reservation */
  count: number;
  /** reserved counts not handed out yet */
  tokens: number;
  /** end of the window (local clock, from the database's ttl) */
  expiresAt: number;
}

/** How many counts one database round trip reserves for a limit of `max`. */
export function chunkFor(max: number, exact: boolean): number {
  return exact || max <= EXACT_UP_TO ? 1 : Math.floor(max / CHUNKS_PER_MAX);
}

/**
 * A store class bound to `db`, to pass as `store` to @fastify/rate-limit.
 * Errors of the database reach the plugin, which answers 500 or, with `skipOnError`, lets the
 * request through.
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly continueExceeding: boolean;
    private readonly exponentialBackoff: boolean;
    private readonly reserved = new Map<string, Reservation>();
    readonly prefix: string;

    // `object`: the plugin passes its merged options (typed loosely in its .d.ts)
    constructor(options: object = {}, prefix = GLOBAL_PREFIX) {
      const params = options as RateLimitStoreParams;
      this.continueExceeding = params.continueExceeding === true;
      this.exponentialBackoff = params.exponentialBackoff === true;
      this.prefix = prefix;
    }

    /** Counts one request for `key` and answers the window's state. */
    incr(key: string, cb: Callback, timeWindow: number, max: number): void {
      this.take(this.prefix + key, timeWindow, max).then(
        (r) => cb(null, r),
        (e: unknown) => cb(e as Error),
      );
    }

    /**
     * The window's state for `key` without counting (`{ current: 0, ttl: 0 }` if none); with
     * chunks, other instances' unused reserved counts are included (at most one chunk each).
     */
    read(key: string, cb: Callback): void {
      const local = this.reserved.get(this.prefix + key);
      readWindow(db, this.prefix + key).then((rows) => {
        if (!rows.length) return cb(null, EMPTY);
        // counts this process reserved but has not handed out are not requests
        const unused = local && local.expiresAt > Date.now() ? local.tokens : 0;
        cb(null, { current: Math.max(0, rows[0].count - unused), ttl: Number(rows[0].ttl) });
      }, cb);
    }

    /** The store of a route with its own limit: the same table, the route's own counters. */
    child(routeOptions: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions, routePrefix(routeOptions));
    }

    private async take(key: string, timeWindow: number, max: number): Promise<RateLimitState> {
      const chunk = chunkFor(max, this.continueExceeding || this.exponentialBackoff);
      if (chunk === 1) return this.hit(key, timeWindow, max, 1);
      const now = Date.now();
      const mine = this.reserved.get(key);
      if (mine && mine.expiresAt > now && mine.tokens > 0) {
        mine.tokens--;
        return { current: mine.count - mine.tokens, ttl: mine.expiresAt - now };
      }
      const row = await this.hit(key, timeWindow, max, chunk);
      const at = Date.now();
      const r = this.reserved.get(key);
      // row.current === chunk: the window started with this reservation
      if (r && r.expiresAt > at && row.current !== chunk) {
        r.tokens += chunk - 1;
        r.count = Math.max(r.count, row.current);
        r.expiresAt = at + row.ttl;
        return { current: r.count - r.tokens, ttl: row.ttl };
      }
      if (this.reserved.size >= LOCAL_SWEEP_AT) sweep(this.reserved, at);
      this.reserved.set(key, { count: row.current, tokens: chunk - 1, expiresAt: at + row.ttl });
      return { current: row.current - (chunk - 1), ttl: row.ttl };
    }

    /** Adds `n` to the row of `key` (a new window if it ended) and returns the row's state. */
    private async hit(key: string, timeWindow: number, max: number, n: number) {
      return addToWindow(
        db,
        key,
        { timeWindow, max, n },
        { continueExceeding: this.continueExceeding, exponentialBackoff: this.exponentialBackoff },
      );
    }
  };
}

const EMPTY: RateLimitState = { current: 0, ttl: 0 };

/** The counter namespace of a route with its own limit: "METHOD url|". */
function routePrefix(routeOptions: object): string {
  const info = (routeOptions as RateLimitStoreParams).routeInfo ?? {};
  const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
  return `${method} ${info.url ?? ''}|`;
}

/** Drops the reservations whose window has ended; all of them if the map is still too large. */
function sweep(reserved: Map<string, Reservation>, now: number) {
  for (const [k, v] of reserved) if (v.expiresAt <= now) reserved.delete(k);
  if (reserved.size >= LOCAL_SWEEP_AT) reserved.clear();
}

/** The row of `key` if its window has not ended: the count and the ms left. */
function readWindow(db: Db, key: string) {
  return rowsOf<{ count: number; ttl: string }>(
    db,
    sql`select count, ceil(extract(epoch from (expires_at - now())) * 1000)::bigint as ttl
          from rate_limits where key = ${key} and expires_at > now()`,
  );
}

/**
 * The atomic upsert: adds `n` to the row of `key` (a new window if it ended; continueExceeding
 * and exponentialBackoff move the end of a window over the limit) and returns the row's state.
 */
async function addToWindow(
  db: Db,
  key: string,
  { timeWindow, max, n }: { timeWindow: number; max: number; n: number },
  mode: { continueExceeding: boolean; exponentialBackoff: boolean },
): Promise<RateLimitState> {
  const [row] = await rowsOf<{ count: number; ttl: string }>(
    db,
    sql`insert into rate_limits as r (key, count, expires_at)
        values (${key}, ${n}::int, now() + ${timeWindow}::float8 * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.expires_at <= now() then ${n}::int else r.count + ${n}::int end,
          expires_at = case
            when r.expires_at <= now() then excluded.expires_at
            when ${mode.continueExceeding}::boolean and r.count + 1 > ${max}::int
              then excluded.expires_at
            when ${mode.exponentialBackoff}::boolean and r.count + 1 > ${max}::int
              then now() + least(${timeWindow}::float8 * power(2, r.count - ${max}::int),
                                 ${BACKOFF_CAP_MS}::float8) * interval '1 millisecond'
            else r.expires_at
          end
        returning count, ceil(extract(epoch from (expires_at - now())) * 1000)::bigint as ttl`,
  );
  return { current: row.count, ttl: Number(row.ttl) };
}
