/**
 * Database handle: embedded PGlite (default, data dir on disk) or PostgreSQL via `pg`
 * when a connection string is given. Both speak the same dialect and run the same
 * committed migrations (db/migrations).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Logger } from 'drizzle-orm/logger';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { MIGRATIONS_DIR } from '../lib/paths.js';
import { drizzleClientOf } from './pglite-named.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: the underlying instance (dumpDataDir in tests; the auth plugin listens on it
   * for migration 0024's notifications).
   */
  pglite?: PGlite;
}

const migrationsFolder = MIGRATIONS_DIR;

/**
 * The PostgreSQL extensions a PGlite instance must load (PGlite ships them as separate
 * bundles): pg_trgm, created by migration 0015 for the search indexes. Pass it to every
 * `PGlite.create` (`{ dataDir, extensions: PGLITE_EXTENSIONS }`): an instance without it cannot
 * migrate, nor write a row of a table with a trigram index.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Drizzle options of a database handle: `logger` sees every statement (tests count them). */
export interface DatabaseOptions {
  logger?: Logger;
}

/**
 * A Database on `client`. Drizzle queries it through `drizzleClientOf` (pglite-named.ts): the
 * instance answers timestamps, dates and intervals as text itself, as Drizzle asks of every
 * query, and the queries go without Drizzle's per-query parsers.
 */
export function fromPglite(client: PGlite, opts: DatabaseOptions = {}): Database {
  const db = drizzlePglite({
    client: drizzleClientOf(client) as unknown as PGlite,
    schema,
    logger: opts.logger,
  }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}

/** SQLSTATEs and socket errors that mean "the database cannot be reached right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: terminated by a restart
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|connection error|timeout exceeded when trying to connect/i;

/**
 * Whether `err` (or an error in its `cause` chain, as drizzle wraps driver errors) says the
 * database is unreachable for the moment — a restart, a failover, a dropped connection —
 * rather than that the query was wrong. Such a request may be retried (HTTP 503).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    e = cause;
  }
  return false;
}

/**
 * How long a new connection is retried while PostgreSQL is unavailable (ms, DB_CONNECT_RETRY_MS,
 * default 5000): a request that needs a connection during a restart waits for it and succeeds
 * instead of failing; after this long it fails with a 503.
 */
const CONNECT_RETRY_MS = Number(process.env.DB_CONNECT_RETRY_MS ?? 5000);

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

const GUARDED = Symbol('darta.errorGuard');

/**
 * A client checked out of the pool (a transaction between two statements) that loses its
 * connection emits 'error' with no query to take it; without a listener that crashes Node
 * (seen when PostgreSQL restarts mid-transaction). The pool listens only while a client is idle,
 * so every client gets this listener once: the error is logged, and the client's next statement
 * fails on its own (a 503).
 */
function guard(client: pg.PoolClient): pg.PoolClient {
  const c = client as pg.PoolClient & { [GUARDED]?: true };
  if (!c[GUARDED]) {
    c[GUARDED] = true;
    c.on('error', (err) => console.error('postgres client error:', err.message));
  }
  return client;
}

/**
 * Makes `pool.connect` (which `pool.query` and drizzle's transactions use) retry with backoff
 * (100 ms doubling to 1 s) while the error is isDatabaseUnavailable, for up to `retryMs`.
 */
function retryConnect(pool: pg.Pool, retryMs: number): void {
  const connectOnce = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const connect = async (): Promise<pg.PoolClient> => {
    const deadline = Date.now() + retryMs;
    for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
      try {
        return guard(await connectOnce());
      } catch (err) {
        if (pool.ending || !isDatabaseUnavailable(err) || Date.now() + delay > deadline) throw err;
        await new Promise((r) => setTimeout(r, delay));
      }
    }
  };
  (pool as unknown as { connect: (cb?: ConnectCallback) => unknown }).connect = (cb) => {
    if (!cb) return connect();
    connect().then(
      (client) => cb(undefined, client, (release) => client.release(release as Error)),
      (err: Error) => cb(err, undefined, () => {}),
    );
    return undefined;
  };
}

/** A statement that changes nothing, so running it again after a lost connection is safe. */
function isReadOnly(text: unknown): boolean {
  return (
    typeof text === 'string' &&
    /^\s*select\b/i.test(text) &&
    !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i.test(text)
  );
}

/**
 * Makes `pool.query` (drizzle's statements outside a transaction) run a read-only statement once
 * more when its connection was cut by a restart (isDatabaseUnavailable); the new attempt gets a
 * fresh connection through retryConnect. A write is never repeated: whether it committed is
 * unknown, so it fails (503) and the client decides.
 */
function retryReads(pool: pg.Pool): void {
  const queryOnce = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof args[args.length - 1] === 'function' || !isReadOnly(text)) return queryOnce(...args);
    return queryOnce(...args).catch((err: unknown) => {
      if (pool.ending || !isDatabaseUnavailable(err)) throw err;
      return queryOnce(...args);
    });
  };
}

export function fromPostgres(url: string, max = 10, opts: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // a connection attempt that hangs (PostgreSQL stopped mid-handshake) is given up on
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    // No JIT compilation (docs/decisions.md "No JIT"): PostgreSQL compiles any statement whose
    // estimated cost passes jit_above_cost (100,000), which the search's count reaches at a
    // million applications: 24.5 ms of compiling for 10.5 ms of work, on every search. The
    // app's statements are short; its longest (exports, reports) read in pages.
    options: '-c jit=off',
  });
  // Without a listener an idle client error (e.g. PostgreSQL restart) crashes Node (DESIGN.md §10).
  // The pool drops that client itself; the next query connects anew (retried, see retryConnect).
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  retryConnect(pool, CONNECT_RETRY_MS);
  retryReads(pool);
  const db = drizzlePg(pool, { schema, logger: opts.logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** Opens the configured database: PostgreSQL if `databaseUrl`, else PGlite in `dataDir`. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) return fromPostgres(opts.databaseUrl);
  const client = await PGlite.create({ dataDir: opts.dataDir, extensions: PGLITE_EXTENSIONS });
  return fromPglite(client);
}
