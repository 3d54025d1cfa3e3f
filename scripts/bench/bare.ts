/**
 * The reference endpoint of `npm run bench` (issue 8 §1): a bare Fastify server, in its own
 * process, with no auth, no validation, no serializer schema and no logging, whose one route
 * `GET /list` runs the statements the application's list request runs (captured by
 * capture.ts, passed in BENCH_BARE_STATEMENTS as JSON) on a `pg` pool of the app's size, or on
 * PGlite in this process, and answers the rows and the count as JSON.
 *
 * Env: BENCH_BARE_PORT, BENCH_BARE_STATEMENTS, and BENCH_BARE_DATABASE_URL (PostgreSQL) or
 * BENCH_BARE_PGLITE_DIR (PGlite data directory). Prints "ready" on stdout when listening.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../src/server/db/client.js';
import { pgliteNamedQuery } from '../../src/server/db/pglite-named.js';
import type { Statement } from './capture.js';

const statements = JSON.parse(process.env.BENCH_BARE_STATEMENTS ?? '[]') as Statement[];
const port = Number(process.env.BENCH_BARE_PORT);
if (!statements.length || !port) throw new Error('BENCH_BARE_STATEMENTS and BENCH_BARE_PORT');

type RunAll = (list: Statement[]) => Promise<unknown[][]>;
let runAll: RunAll;
let close: () => Promise<void>;
if (process.env.BENCH_BARE_DATABASE_URL) {
  // max 10: the app's pool size (src/server/db/client.ts), rows as arrays like Drizzle asks.
  // as the app's pool (db/client.ts): ten connections, no JIT
  const pool = new pg.Pool({
    connectionString: process.env.BENCH_BARE_DATABASE_URL,
    max: 10,
    options: '-c jit=off',
  });
  pool.on('error', () => undefined);
  // One connection for the request's statements (a captured BEGIN … COMMIT stays on one), the
  // app's prepared-statement names kept (so a statement is parsed once per connection, as there).
  runAll = async (list) => {
    const client = await pool.connect();
    try {
      const out: unknown[][] = [];
      for (const s of list)
        out.push(
          (
            await client.query({
              text: s.text,
              values: s.params,
              rowMode: 'array',
              ...(s.name ? { name: s.name } : {}),
            })
          ).rows as unknown[],
        );
      return out;
    } finally {
      client.release();
    }
  };
  close = () => pool.end();
} else {
  const db = await PGlite.create({
    dataDir: process.env.BENCH_BARE_PGLITE_DIR,
    extensions: PGLITE_EXTENSIONS,
  });
  // The app's named statements run as it runs them on PGlite: prepared once, then EXECUTE.
  const named = new Map(
    statements
      .filter((s) => s.name)
      .map((s) => [s.name, pgliteNamedQuery(db, s.name!, s.planMode ?? 'auto')]),
  );
  const unnamed = db.query.bind(db);
  runAll = async (list) => {
    const out: unknown[][] = [];
    for (const s of list) {
      const query = (s.name && named.get(s.name)) || unnamed;
      out.push((await query(s.text, s.params, { rowMode: 'array' })).rows);
    }
    return out;
  };
  close = () => db.close();
}

const app = Fastify({ logger: false });
app.get('/list', async () => {
  const results = await runAll(statements);
  return { data: results[0], meta: results.slice(1).map((r) => r[0] ?? null) };
});
await app.listen({ port, host: '127.0.0.1' });
console.log('ready');
const stop = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
