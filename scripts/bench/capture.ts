/**
 * What the bench needs from the application's own query code, taken from it rather than
 * written again: the exact SQL statements (text, bound parameters and, for a prepared
 * statement, its name) that one list request runs, captured at the driver while the real
 * `listApplications` runs on the bench database; their EXPLAIN (ANALYZE, BUFFERS); and the
 * keyset cursor of a row deep in that list.
 *
 * The capture wraps the driver's `query` (pg Pool and the clients it hands out, or PGlite and
 * its transactions) rather than relying on how the list builds its SQL, so it follows the list
 * whatever it becomes: Drizzle builders, `.prepare()`d statements (Drizzle reuses one prepared
 * query object, the driver still receives each execution), raw `db.execute`, a counter table
 * instead of a count, more or fewer statements.
 */
import { isNull, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { ON_NAMED_EXECUTE, type NamedExecuteWatcher } from '../../src/server/db/pglite-named.js';
import { listPlan } from '../../src/server/lib/list.js';
import { planRows } from '../../src/server/lib/word-stats.js';
import {
  APPLICATION_LIST,
  listApplications,
} from '../../src/server/modules/registrations/queries.js';
import { ALL_PERMISSIONS } from '../../src/shared/permissions.js';
import * as listSchemas from '../../src/shared/schemas/list.js';

/** One statement as the driver received it. */
export interface Statement {
  text: string;
  params: unknown[];
  /** the prepared statement's name (pg's `name`), when the app prepares it */
  name?: string;
  /**
   * `custom`: a named statement planned with its values on every execution (on PGlite, a
   * `planEach` statement: db/pglite-named.ts PlanMode); absent for PostgreSQL's choice
   */
  planMode?: 'custom';
}

/** The bench's list request as query-string values (the same object the HTTP client sends). */
export type ListParams = Record<string, string>;

/** Where the bench reads the database: the pg pool of a PostgreSQL database, or PGlite. */
export type BenchClient = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; pool: pg.Pool };

/** A system admin, who sees every application (DESIGN.md §3), like the bench's login. */
const ADMIN = {
  id: 1,
  userType: 'systemadmin' as const,
  wardId: null,
  permissions: [...ALL_PERMISSIONS],
};

/**
 * `target` with its `query` calls reported to `record(args)` first; `connect` (pg Pool) and
 * `transaction` (PGlite) hand out clients that report too, and a PGlite instance reports each
 * named statement it executes (db/pglite-named.ts ON_NAMED_EXECUTE) as pg's `{ text, values,
 * name }` with its `planMode`. Everything else is the target's.
 */
function recording<T extends object>(target: T, record: (args: unknown[]) => void): T {
  return new Proxy(target, {
    get(t, key) {
      if (key === ON_NAMED_EXECUTE)
        return ((s) =>
          record([
            { text: s.text, values: s.params, name: s.name, planMode: s.plan },
          ])) as NamedExecuteWatcher;
      const v: unknown = Reflect.get(t, key, t);
      if (typeof v !== 'function') return v;
      const fn = v as (...a: unknown[]) => unknown;
      if (key === 'query')
        return (...args: unknown[]) => {
          record(args);
          return fn.apply(t, args);
        };
      if (key === 'connect')
        return async (...args: unknown[]) => recording((await fn.apply(t, args)) as object, record);
      if (key === 'transaction')
        return (cb: (tx: object) => unknown, ...rest: unknown[]) =>
          fn.apply(t, [(tx: object) => cb(recording(tx, record)), ...rest]);
      return fn.bind(t);
    },
  });
}

/** A driver call's arguments as a Statement: pg (config or text, values), PGlite (text, params). */
export function statementOf(args: unknown[]): Statement {
  const [first, second] = args;
  if (typeof first === 'string')
    return { text: first, params: Array.isArray(second) ? (second as unknown[]) : [] };
  const c = first as { text: string; values?: unknown[]; name?: string; planMode?: string };
  const params = Array.isArray(second) ? (second as unknown[]) : (c.values ?? []);
  return {
    text: c.text,
    params,
    ...(c.name ? { name: c.name } : {}),
    ...(c.planMode === 'custom' ? { planMode: 'custom' as const } : {}),
  };
}

/** One recording Drizzle database per driver client, and where its statements go now. */
const recorders = new WeakMap<object, { db: Db; sink: Statement[] | null }>();

/**
 * The recording Drizzle database of `client`, made once: an app that keeps prepared statements
 * per database object finds the same one on every capture, as it would in the server.
 */
function recorderOf(client: BenchClient) {
  const key = client.kind === 'pglite' ? client.pglite : client.pool;
  let r = recorders.get(key);
  if (!r) {
    const rec: { db: Db; sink: Statement[] | null } = {
      db: undefined as unknown as Db,
      sink: null,
    };
    const record = (args: unknown[]) => rec.sink?.push(statementOf(args));
    rec.db = (client.kind === 'pglite'
      ? drizzlePglite(recording(client.pglite, record), { schema })
      : drizzlePg(recording(client.pool, record), { schema })) as unknown as Db;
    recorders.set(key, rec);
    r = rec;
  }
  return r;
}

/**
 * Runs the real list service on `client` and returns every statement it sent to the driver, in
 * order, the second time: as a running server sends them, after what it reads once per
 * process (a search's word statistics, lib/word-stats.ts) has been read. The rows are
 * discarded; only the SQL is wanted. One capture at a time.
 */
export async function captureListSql(
  client: BenchClient,
  params: ListParams,
): Promise<Statement[]> {
  const r = recorderOf(client);
  const statements: Statement[] = [];
  const query = listSchemas.listQuerySchema.parse(params);
  await listApplications(r.db, ADMIN, query);
  r.sink = statements;
  try {
    await listApplications(r.db, ADMIN, query);
  } finally {
    r.sink = null;
  }
  return statements;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement with its parameters bound (a custom plan, as
 * the first executions of a prepared statement get), after running it once so the plan shows
 * a warm cache as under load; of an `explain (format json)` the app sends (a planner's
 * estimate), the estimate and its time. A prepared statement's plan is followed by its generic
 * plan (`genericPlan`), which PostgreSQL may use from its sixth execution on. Returns the plan
 * text of each, in order.
 */
export async function explainStatements(
  client: BenchClient,
  statements: readonly Statement[],
): Promise<string[]> {
  const run = async (text: string, params: unknown[]) =>
    client.kind === 'pglite'
      ? (await client.pglite.query<Record<string, string>>(text, params)).rows
      : (await client.pool.query<Record<string, string>>(text, params)).rows;
  const out: string[] = [];
  for (const s of statements) {
    if (/^\s*explain \(format json\)/i.test(s.text)) {
      // the app asked for the planner's estimate only (lib/word-stats.ts): shown, timed
      const t0 = performance.now();
      const [row] = await run(s.text, s.params);
      const ms = performance.now() - t0;
      out.push(
        `(planned, not run: the planner estimates ${planRows(row)} rows; ` +
          `${ms.toFixed(2)} ms with the round trip)`,
      );
      continue;
    }
    if (!/^\s*(select|with)\b/i.test(s.text)) {
      out.push(`(not explained: ${s.text.slice(0, 60)}…)`);
      continue;
    }
    await run(s.text, s.params);
    const plan = await run(`explain (analyze, buffers) ${s.text}`, s.params);
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    out.push(s.name && s.planMode !== 'custom' ? `${text}\n${await genericPlan(client, s)}` : text);
  }
  return out;
}

/**
 * The generic plan of a prepared statement, run with its parameters: the plan PostgreSQL
 * builds without looking at the values, and may keep from a prepared statement's sixth
 * execution on (plan_cache_mode `auto`; PostgreSQL 15 documentation, PREPARE, "Notes"). Got by
 * `force_generic_plan` on one connection; the values are passed as literals of unknown type,
 * as the driver binds them.
 */
async function genericPlan(client: BenchClient, s: Statement): Promise<string> {
  const literal = (v: unknown) =>
    v === null ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  const steps = [
    'set plan_cache_mode = force_generic_plan',
    `prepare bench_generic as ${s.text}`,
    `explain (analyze, buffers) execute bench_generic(${s.params.map(literal).join(', ')})`,
  ];
  const end = ['deallocate bench_generic', 'reset plan_cache_mode'];
  let rows: Record<string, string>[] = [];
  if (client.kind === 'pglite') {
    try {
      for (const step of steps)
        rows = (await client.pglite.query<Record<string, string>>(step)).rows;
    } finally {
      for (const step of end) await client.pglite.query(step).catch(() => undefined);
    }
  } else {
    const c = await client.pool.connect();
    try {
      for (const step of steps) rows = (await c.query<Record<string, string>>(step)).rows;
    } finally {
      for (const step of end) await c.query(step).catch(() => undefined);
      c.release();
    }
  }
  return `-- its generic plan (plan_cache_mode = force_generic_plan):\n${rows
    .map((r) => r['QUERY PLAN'])
    .join('\n')}`;
}

/**
 * Rows of the list `params` describes (its filters, no scope: the bench signs in as a system
 * admin), so the deep page can be placed inside a small bench database too.
 */
export async function listLength(db: Db, params: ListParams): Promise<number> {
  const q = listSchemas.listQuerySchema.parse(params);
  const plan = listPlan(APPLICATION_LIST, { ...q, page: 1 }, [
    isNull(schema.applications.deletedOn),
  ]);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.applications)
    .where(plan.where);
  return n;
}

/**
 * The opaque cursor that makes the list continue after the row `depth` rows deep (1-based) in
 * the order of `params` (its filters and sort), or null when the list has fewer rows or this
 * build has no keyset cursor (`encodeListCursor` missing from src/shared/schemas/list.ts).
 * The sort value is taken as the cursor carries it: numbers as numbers, booleans as 0/1,
 * anything else in PostgreSQL's text form.
 */
export async function deepCursor(
  db: Db,
  params: ListParams,
  depth: number,
): Promise<{ cursor: string; v: unknown; id: number } | null> {
  const encode = (listSchemas as Record<string, unknown>).encodeListCursor as
    ((c: { v: unknown; id: number }) => string) | undefined;
  if (typeof encode !== 'function') return null;
  const q = listSchemas.listQuerySchema.parse(params);
  const plan = listPlan(APPLICATION_LIST, { ...q, page: 1 }, [
    isNull(schema.applications.deletedOn),
  ]);
  const col = APPLICATION_LIST.sortable[q.sortBy];
  const v =
    col.dataType === 'number'
      ? sql`${col}`
      : col.dataType === 'boolean'
        ? sql`case when ${col} then 1 else 0 end`
        : sql`${col}::text`;
  const [row] = await db
    .select({ v: v.mapWith((x: unknown) => x), id: schema.applications.id })
    .from(schema.applications)
    .where(plan.where)
    .orderBy(...plan.orderBy)
    .limit(1)
    .offset(depth - 1);
  if (!row) return null;
  const value = col.dataType === 'number' && row.v !== null ? Number(row.v) : row.v;
  return { cursor: encode({ v: value, id: row.id }), v: value, id: row.id };
}
