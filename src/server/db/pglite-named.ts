/**
 * Named statements on PGlite (issue 18 §3, docs/performance.md "Named statements on PGlite").
 *
 * Drizzle's PGlite driver ignores a prepared query's name: PGlite's `query` sends every
 * statement unnamed (Parse, Describe, Bind, Describe, Execute, Sync), so PostgreSQL, running in
 * WebAssembly in our process, parses, analyses and plans it again on every request. For the
 * application detail's one large statement that is 5.7 ms of its 6.5 ms (2,000 applications,
 * this machine). PGlite does keep an SQL-level `PREPARE` for the life of the instance, but
 * refuses a bound parameter in `EXECUTE` ("bind message supplies 1 parameters, but prepared
 * statement "" requires 0"), so the values are written into the `EXECUTE` as literals, in the
 * same text PGlite's own `query` would bind: each value goes through PGlite's serializer for
 * the parameter's type (the type PostgreSQL inferred for `$n`, as `query` asks it with
 * Describe), and the text is quoted as an escape string constant, which PostgreSQL hands to the
 * type's input function exactly as a bound text parameter (PostgreSQL 15 documentation,
 * EXECUTE: "parameter values … must be of the same data type as … the prepared statement";
 * an unknown-typed literal is coerced to it). The same detail then costs 1.1 ms.
 *
 * PostgreSQL's plan cache then treats the statement as it treats a named statement sent by
 * node-postgres on a server: custom plans for its first five executions, a generic one after if
 * it is not costlier (PostgreSQL 15 documentation, PREPARE, "Notes"). A statement whose plan
 * must be made with its values every time (lib/list-prepared.ts `planEach`, sent unnamed on
 * PostgreSQL) is prepared too, and executed with `plan_cache_mode = force_custom_plan` set
 * around it in the same simple query: it is still planned with its values, and only its
 * parsing and analysis are saved (a search's page: 2.35 → 1.89 ms in process).
 *
 * It also keeps Drizzle's per-query parsers off PGlite (`drizzleClientOf`, used by
 * db/client.ts fromPglite): the instance parses Drizzle's text types itself, once, instead of
 * merging Drizzle's parsers into a new object on every query (docs/decisions.md "Drizzle's
 * parsers once per PGlite instance").
 */
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { PglitePreparedQuery } from 'drizzle-orm/pglite';

/**
 * The types Drizzle's PGlite driver asks to be answered as PostgreSQL's text, with an identity
 * parser for each in the options of every query it sends (drizzle-orm 0.45 pglite/session.js,
 * `queryConfig` and `rawQueryConfig`): timestamp, timestamptz, interval, date (1114, 1184, 1186,
 * 1082) and the arrays numeric[], timestamp[], timestamptz[], interval[], date[] (1231, 1115,
 * 1185, 1187, 1182). Its column types then read the text.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182,
];

/** PGlite instances whose own parsers answer DRIZZLE_TEXT_TYPES as text (`useDrizzleTextParsers`). */
const textParsing = new WeakSet<PGlite>();

/**
 * Makes `client` answer DRIZZLE_TEXT_TYPES as text by itself, so that a statement of Drizzle's
 * can run without its per-query parsers (`withoutDrizzleParsers`). Why: PGlite merges a query's
 * `parsers` into a new object on every call (`{...this.parsers, ...options.parsers}`, then one
 * lookup in it per value), which made its result parsing 0.33 ms of the PGlite list's 3.4 ms of
 * CPU a request (100,000 applications; docs/performance.md "Drizzle's parsers once per
 * instance"). Anything else reading `client` directly gets these types as text too, as Drizzle
 * does. Returns `client`.
 */
export function useDrizzleTextParsers(client: PGlite): PGlite {
  const text = (value: string) => value;
  client.parsers = {
    ...client.parsers,
    ...Object.fromEntries(DRIZZLE_TEXT_TYPES.map((t) => [t, text])),
  };
  textParsing.add(client);
  return client;
}

/** What Drizzle's PGlite driver calls on its client: `query`, and `transaction` for a handle. */
interface DrizzleClient {
  query: Query;
  transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T>;
}

/** The PGlite instance under a client made by `drizzleClientOf`. */
const UNDER = Symbol('darta.pglite');

/**
 * The client to give Drizzle for `client`: the same queries and transactions, each without
 * Drizzle's text parsers (`withoutDrizzleParsers`), the instance set to parse those types so
 * (`useDrizzleTextParsers`). Every query of the app then reads its results with the instance's
 * one parsers object, the hot named statements as much as the others, so the result parser's
 * type lookups stay on one object shape (docs/performance.md "Drizzle's parsers once per
 * instance").
 */
export function drizzleClientOf(client: PGlite): DrizzleClient {
  useDrizzleTextParsers(client);
  const wrap = (handle: { query: Query }): Query => {
    const query = handle.query.bind(handle) as Query;
    return (text, params, options) => query(text, params, withoutDrizzleParsers(client, options));
  };
  return {
    [UNDER]: client,
    query: wrap(client),
    transaction: (fn) => client.transaction((tx) => fn({ query: wrap(tx) })),
  } as DrizzleClient;
}

/** The options without `parsers`, per options object (Drizzle keeps one per prepared query). */
const stripped = new WeakMap<QueryOptions, QueryOptions>();

/**
 * `options` without their `parsers` when they are Drizzle's text parsers and `client` already
 * parses those types so (`useDrizzleTextParsers`); otherwise `options` as they are.
 */
export function withoutDrizzleParsers(
  client: PGlite,
  options: QueryOptions | undefined,
): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!options || !parsers || !textParsing.has(client)) return options;
  let out = stripped.get(options);
  if (!out) {
    const keys = Object.keys(parsers).map(Number);
    if (!keys.every((k) => DRIZZLE_TEXT_TYPES.includes(k))) return options;
    out = { ...options, parsers: undefined };
    stripped.set(options, out);
  }
  return out;
}

/** What a PGlite statement's `query` gets and answers (Drizzle's calls, PGlite's results). */
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

/** How the statement is run on one PGlite instance once `PREPARE` has been tried. */
type Prepared = { named: true; serializers: ((v: unknown) => string)[] } | { named: false };

/** The statements already prepared on each PGlite instance, by name (a hash of their text). */
const preparedByClient = new WeakMap<PGlite, Map<string, Promise<Prepared>>>();

/** SQLSTATE 26000, invalid_sql_statement_name: the named statement is gone (DEALLOCATE). */
const STATEMENT_GONE = '26000';
/** SQLSTATE 42P05, duplicate_prepared_statement: prepared already under this name. */
const DUPLICATE_STATEMENT = '42P05';

/**
 * `value` (a Drizzle parameter) as an escape string constant that PostgreSQL reads as PGlite's
 * `query` would bind it (text format): null is NULL; anything else goes through `serialize`.
 * Null when the text cannot be a literal (it holds a NUL character, which would end the
 * statement's C string): the caller then sends the statement unnamed, as before.
 */
export function pgliteLiteral(value: unknown, serialize: (v: unknown) => string): string | null {
  if (value === null || value === undefined) return 'NULL';
  const text = serialize(value);
  if (text.includes('\0')) return null;
  return `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Set around the EXECUTE of a `custom` statement (PostgreSQL 15 documentation, plan_cache_mode). */
const CUSTOM_PLAN = 'SET plan_cache_mode = force_custom_plan';
const DEFAULT_PLAN = 'RESET plan_cache_mode';

/** `code` of a PGlite DatabaseError, or undefined. */
const codeOf = (err: unknown) =>
  err && typeof err === 'object' ? (err as { code?: unknown }).code : undefined;

/** Describes `text` for its parameters' types and prepares it as `name` on `client`. */
async function prepare(client: PGlite, name: string, text: string): Promise<Prepared> {
  try {
    const { queryParams } = await client.describeQuery(text);
    const serializers = queryParams.map(
      (p) => (p.serializer as ((v: unknown) => string) | undefined) ?? ((v: unknown) => String(v)),
    );
    try {
      await client.exec(`PREPARE ${name} AS ${text}`);
    } catch (err) {
      if (codeOf(err) !== DUPLICATE_STATEMENT) throw err;
    }
    return { named: true, serializers };
  } catch {
    // A statement PostgreSQL will not prepare (a parameter whose type it cannot infer) keeps
    // being sent unnamed: the same statement sent that way answers as it always did.
    return { named: false };
  }
}

/**
 * Where a tool watching a PGlite instance (the bench's capture, scripts/bench/capture.ts) hears
 * of each execution of a named statement: a function under this key on the instance (or a proxy
 * of it) is called with the statement's text, values and name before each `EXECUTE`. The
 * statements sent unnamed reach the instance's `query` as before.
 */
export const ON_NAMED_EXECUTE = Symbol.for('darta.pgliteNamedExecute');

/**
 * How a named statement is planned: `auto`, PostgreSQL's choice between custom and generic
 * plans; `custom`, with its values on every execution (plan_cache_mode force_custom_plan).
 */
export type PlanMode = 'auto' | 'custom';

/** The watcher of ON_NAMED_EXECUTE. */
export type NamedExecuteWatcher = (s: {
  text: string;
  params: unknown[];
  name: string;
  plan: PlanMode;
}) => void;

/**
 * A `query` for statement `name` of `client`: prepares it on first use (once per instance, even
 * when two requests start at once), then runs `EXECUTE name(<literals>)`, preparing it again if
 * it is gone. Falls back to PGlite's `query`, unnamed, when it cannot be prepared or a value
 * cannot be written as a literal. `name` and `plan` as for namedOnPglite.
 * @throws Error for a name that is not a plain identifier.
 */
export function pgliteNamedQuery(client: PGlite, name: string, plan: PlanMode = 'auto'): Query {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a statement name: ${name}`);
  let statements = preparedByClient.get(client);
  if (!statements) preparedByClient.set(client, (statements = new Map()));
  const known = statements;
  const prepared = (text: string, again = false) => {
    let p = known.get(name);
    if (!p || again) known.set(name, (p = prepare(client, name, text)));
    return p;
  };
  return async (text, params = [], drizzleOptions) => {
    const options = withoutDrizzleParsers(client, drizzleOptions);
    const state = await prepared(text);
    if (!state.named) return client.query(text, params, options);
    const literals = params.map((v, i) => pgliteLiteral(v, state.serializers[i] ?? String));
    if (literals.some((l) => l === null)) return client.query(text, params, options);
    const execute = `EXECUTE ${name}${literals.length ? `(${literals.join(', ')})` : ''}`;
    (client as { [ON_NAMED_EXECUTE]?: NamedExecuteWatcher })[ON_NAMED_EXECUTE]?.({
      text,
      params,
      name,
      plan,
    });
    // One simple query, so one implicit transaction: a failing EXECUTE rolls the SET back too
    // (PostgreSQL 15 documentation, "Multiple Statements in a Simple Query").
    const run = async () =>
      plan === 'custom'
        ? (await client.exec(`${CUSTOM_PLAN}; ${execute}; ${DEFAULT_PLAN}`, options))[1]!
        : (await client.exec(execute, options))[0]!;
    try {
      return await run();
    } catch (err) {
      if (codeOf(err) !== STATEMENT_GONE) throw err;
      if (!(await prepared(text, true)).named) return client.query(text, params, options);
      return run();
    }
  };
}

/**
 * Makes Drizzle's prepared query `prepared` a named statement `name` when it runs on a PGlite
 * instance (not inside a transaction, whose handle has no `describeQuery`), planned as `plan`
 * says; on PostgreSQL, and for an empty name, it is returned as it is. `name` must be a plain SQL
 * identifier (it is written into `PREPARE`). Returns `prepared`.
 * @throws Error for a name that is not a plain identifier.
 */
export function namedOnPglite<P>(prepared: P, name: string, plan: PlanMode = 'auto'): P {
  if (!name || !(prepared instanceof PglitePreparedQuery)) return prepared;
  // Drizzle keeps the driver's handle in the private field `client` and calls only its
  // `query` (drizzle-orm 0.45 pglite/session.js); pglite-named.test.ts fails if that changes.
  const holder = prepared as unknown as { client: PGlite | { query: Query; [UNDER]?: PGlite } };
  const client = UNDER in holder.client ? holder.client[UNDER] : holder.client;
  if (!client || !('describeQuery' in client) || typeof client.describeQuery !== 'function')
    return prepared;
  holder.client = { query: pgliteNamedQuery(client, name, plan) };
  return prepared;
}
