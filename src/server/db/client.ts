/**
 * Database handle: embedded PGlite (default, data dir on disk) or PostgreSQL via `pg`
 * when a connection string is given. Both speak the same dialect and run the same
 * committed migrations (db/migrations).
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the underlying instance (for dumpDataDir in tests). */
  pglite?: PGlite;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../../db/migrations');

export function fromPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}

export function fromPostgres(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // Without a listener an idle client error (e.g. PostgreSQL restart) crashes Node (DESIGN.md §10).
  pool.on('error', (err) => console.error('postgres pool error:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
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
  const client = await PGlite.create({ dataDir: opts.dataDir });
  return fromPglite(client);
}
