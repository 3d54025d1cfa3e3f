/**
 * Named statements on PGlite (pglite-named.ts): a prepared Drizzle query runs as `EXECUTE` of
 * an SQL-level prepared statement and answers exactly what the same statement sent unnamed
 * answers, for every kind of value the app binds; it is prepared once when requests start at
 * once, comes back after DEALLOCATE, and falls back to the unnamed statement where it must.
 */
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import {
  boolean,
  date,
  integer,
  interval,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIZZLE_TEXT_TYPES,
  drizzleClientOf,
  namedOnPglite,
  ON_NAMED_EXECUTE,
  pgliteLiteral,
  pgliteNamedQuery,
  useDrizzleTextParsers,
  withoutDrizzleParsers,
  type NamedExecuteWatcher,
} from './pglite-named.js';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  live: boolean('live').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  meta: jsonb('meta'),
  tags: text('tags').array().notNull(),
});

let client: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle(client);
  await client.exec(`create table things (id int primary key, name text not null,
    live boolean not null, at timestamptz not null, meta jsonb, tags text[] not null)`);
  await client.exec(`insert into things values
    (1, 'O''Brien \\ back', true, '2026-11-28T10:00:00Z', '{"a": [1, "x"]}', '{a,"b c"}'),
    (2, 'राम किराना पसल', false, '2025-01-01T00:00:00Z', null, '{}'),
    (3, 'plain', true, '2024-06-30T23:59:59.123Z', '"s"', '{z}')`);
});
afterAll(async () => client.close());

/** The plans PostgreSQL counts for prepared statement `name` (zeros when it is not prepared). */
async function plans(name: string): Promise<{ generic: number; custom: number }> {
  const r = await client.query<{ generic: number; custom: number }>(
    `select generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements where name = $1`,
    [name],
  );
  return r.rows[0] ?? { generic: 0, custom: 0 };
}

/** Executions of prepared statement `name` on `on` (0 when it is not prepared there). */
async function executionsOn(on: PGlite, name: string): Promise<number> {
  const r = await on.query<{ n: number }>(
    `select (generic_plans + custom_plans)::int as n from pg_prepared_statements where name = $1`,
    [name],
  );
  return r.rows[0]?.n ?? 0;
}

/** Executions PostgreSQL counts for prepared statement `name` (0 when it is not prepared). */
async function executions(name: string): Promise<number> {
  const { generic, custom } = await plans(name);
  return generic + custom;
}

const planCacheMode = async () =>
  (await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]
    ?.plan_cache_mode;

/** The same query twice: unnamed (as Drizzle's driver sends it) and named on PGlite. */
function pair(name: string) {
  const build = () =>
    db
      .select({
        id: things.id,
        name: things.name,
        live: things.live,
        at: things.at,
        meta: things.meta,
        tags: things.tags,
        echo: sql<string | null>`${sql.placeholder('echo')}::text`,
      })
      .from(things)
      .where(
        sql`(${things.name} = ${sql.placeholder('name')} or ${things.live} = ${sql.placeholder('live')}
          or ${things.at} < ${sql.placeholder('before')}
          or ${things.tags} && ${sql.placeholder('tags')}
          or ${things.meta} @> ${sql.placeholder('meta')})
          and ${things.id} <= ${sql.placeholder('max')}`,
      )
      .orderBy(things.id);
  return { unnamed: build().prepare(''), named: namedOnPglite(build().prepare(name), name) };
}

/** Values of `pair`'s query matching row 3 by name ('plain') and row 2 (not live), to `max`. */
const plainValues = (over: Record<string, unknown> = {}) => ({
  name: 'plain',
  live: false,
  before: new Date(0),
  tags: [] as string[],
  meta: null,
  max: 9,
  echo: null as string | null,
  ...over,
});

describe('pgliteLiteral', () => {
  it('writes null as NULL and quotes text as an escape string', () => {
    expect(pgliteLiteral(null, String)).toBe('NULL');
    expect(pgliteLiteral(undefined, String)).toBe('NULL');
    expect(pgliteLiteral(42, String)).toBe(`E'42'`);
    expect(pgliteLiteral(`it's a \\ path`, String)).toBe(`E'it''s a \\\\ path'`);
    expect(pgliteLiteral({ a: 1 }, (v) => JSON.stringify(v))).toBe(`E'{"a":1}'`);
  });

  it('refuses a text with a NUL character', () => {
    expect(pgliteLiteral('a\0b', String)).toBeNull();
  });
});

describe('namedOnPglite', () => {
  it('runs the statement as EXECUTE and answers what the unnamed statement answers', async () => {
    const { unnamed, named } = pair('t_values');
    const cases = [
      {
        name: `O'Brien \\ back`,
        live: false,
        before: new Date('2000-01-01'),
        tags: ['none'],
        meta: { none: 1 },
        max: 9,
        echo: `'); drop table things; --`,
      },
      {
        name: 'राम किराना पसल',
        live: false,
        before: new Date('2000-01-01'),
        tags: ['b c'],
        meta: null,
        max: 9,
        echo: null,
      },
      {
        name: 'x',
        live: true,
        before: new Date('2025-01-02T00:00:00Z'),
        tags: [],
        meta: { a: [1, 'x'] },
        max: 2,
        echo: "E'\\x'",
      },
    ];
    for (const values of cases) {
      const want = await unnamed.execute(values);
      expect(want.length).toBeGreaterThan(0);
      expect(await named.execute(values)).toEqual(want);
    }
    expect(await executions('t_values')).toBe(cases.length);
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 3 }]);
  });

  it('prepares once when the first executions start at once', async () => {
    const queries = Array.from({ length: 8 }, () => pair('t_once').named);
    const answers = await Promise.all(
      queries.map((q, i) => q.execute(plainValues({ max: 1 + (i % 3), echo: String(i) }))),
    );
    // 'plain' is row 3 and row 2 is not live: rows 2 and 3 up to the max
    expect(answers.map((a) => a.map((r) => r.id))).toEqual(
      Array.from({ length: 8 }, (_, i) => [2, 3].filter((id) => id <= 1 + (i % 3))),
    );
    expect(await executions('t_once')).toBe(8);
  });

  it('prepares the statement again after DEALLOCATE ALL', async () => {
    const { named } = pair('t_again');
    const values = plainValues({ echo: 'x' });
    await named.execute(values);
    await client.exec('DEALLOCATE ALL');
    expect(await executions('t_again')).toBe(0);
    expect((await named.execute(values)).map((r) => r.id)).toEqual([2, 3]);
    expect(await executions('t_again')).toBe(1);
  });

  it('sends the statement unnamed when it is gone and cannot be prepared again', async () => {
    let refuse = false;
    // the instance, with PREPARE refused once `refuse` is set
    const refusing = new Proxy(client, {
      get(t, key) {
        if (key === 'exec')
          return (text: string, options?: QueryOptions) =>
            refuse && text.startsWith('PREPARE')
              ? Promise.reject(new Error('refused'))
              : t.exec(text, options);
        const v: unknown = Reflect.get(t, key, t);
        return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
      },
    });
    const run = pgliteNamedQuery(refusing, 't_refused');
    expect((await run('select $1::int as v', [1])).rows).toEqual([{ v: 1 }]);
    expect(await executions('t_refused')).toBe(1);
    await client.exec('DEALLOCATE t_refused');
    refuse = true;
    expect((await run('select $1::int as v', [2])).rows).toEqual([{ v: 2 }]);
    expect((await run('select $1::int as v', [3])).rows).toEqual([{ v: 3 }]);
    expect(await executions('t_refused')).toBe(0);
  });

  it('sends a value that cannot be a literal unnamed, with the same error', async () => {
    const { unnamed, named } = pair('t_nul');
    const values = plainValues({ name: 'a\0b' });
    const err = await unnamed.execute(values).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    await expect(named.execute(values)).rejects.toThrow((err as Error).message);
  });

  it('sends a statement PostgreSQL will not prepare unnamed, with the same error', async () => {
    const q = db
      .select({ v: sql<string>`${sql.placeholder('a')} + ${sql.placeholder('b')}` })
      .from(things)
      .where(sql`${things.id} = 1`);
    const unnamed = await q
      .prepare('')
      .execute({ a: 1, b: 2 })
      .then(
        (r) => ({ ok: r }),
        (e: Error) => ({ error: (e.cause as Error).message }),
      );
    const named = await namedOnPglite(q.prepare('t_untyped'), 't_untyped')
      .execute({ a: 1, b: 2 })
      .then(
        (r) => ({ ok: r }),
        (e: Error) => ({ error: (e.cause as Error).message }),
      );
    expect(unnamed).toEqual({ error: expect.stringMatching(/operator is not unique/) });
    expect(named).toEqual(unnamed);
    expect(await executions('t_untyped')).toBe(0);
  });

  it('leaves a query prepared inside a transaction as Drizzle sends it', async () => {
    const ids = await db.transaction(async (tx) => {
      const q = tx
        .select({ id: things.id })
        .from(things)
        .where(sql`${things.id} = ${sql.placeholder('id')}`)
        .prepare('t_tx');
      return (await namedOnPglite(q, 't_tx').execute({ id: 2 })).map((r) => r.id);
    });
    expect(ids).toEqual([2]);
    expect(await executions('t_tx')).toBe(0);
  });

  it('plans a `custom` statement with its values every time, and leaves the session as it was', async () => {
    const build = () =>
      db
        .select({ id: things.id })
        .from(things)
        .where(sql`${things.id} <= ${sql.placeholder('max')}`)
        .orderBy(things.id);
    const auto = namedOnPglite(build().prepare('t_auto'), 't_auto');
    const custom = namedOnPglite(build().prepare(''), 't_custom', 'custom');
    for (let max = 0; max < 8; max++) {
      const want = [1, 2, 3].filter((id) => id <= max);
      expect((await auto.execute({ max })).map((r) => r.id)).toEqual(want);
      expect((await custom.execute({ max })).map((r) => r.id)).toEqual(want);
    }
    // from the sixth execution on PostgreSQL may choose the generic plan; never for `custom`
    expect(await executions('t_auto')).toBe(8);
    expect(await plans('t_custom')).toEqual({ generic: 0, custom: 8 });
    expect(await planCacheMode()).toBe('auto');
  });

  it('leaves the session as it was when a `custom` statement fails', async () => {
    const q = db
      .select({ v: sql<number>`1 / ${sql.placeholder('d')}::int` })
      .from(things)
      .where(sql`${things.id} = 1`)
      .prepare('');
    const custom = namedOnPglite(q, 't_custom_fails', 'custom');
    expect(await custom.execute({ d: 1 })).toEqual([{ v: 1 }]);
    await expect(custom.execute({ d: 0 })).rejects.toThrow();
    expect(await planCacheMode()).toBe('auto');
    expect(await custom.execute({ d: 1 })).toEqual([{ v: 1 }]);
  });

  it('tells a watcher of the instance of each named execution, with its plan', async () => {
    const heard: unknown[] = [];
    const watched = client as unknown as Record<symbol, NamedExecuteWatcher | undefined>;
    watched[ON_NAMED_EXECUTE] = (s) => heard.push(s);
    try {
      const build = () =>
        db
          .select({ id: things.id })
          .from(things)
          .where(sql`${things.id} = ${sql.placeholder('id')}`);
      await namedOnPglite(build().prepare('t_heard'), 't_heard').execute({ id: 1 });
      await namedOnPglite(build().prepare(''), 't_heard_c', 'custom').execute({ id: 2 });
      const text = build().toSQL().sql;
      expect(heard).toEqual([
        { text, params: [1], name: 't_heard', plan: 'auto' },
        { text, params: [2], name: 't_heard_c', plan: 'custom' },
      ]);
    } finally {
      delete watched[ON_NAMED_EXECUTE];
    }
  });

  it('refuses a name that is not a plain identifier', () => {
    const q = db.select({ id: things.id }).from(things).prepare('x');
    expect(() => namedOnPglite(q, 'x; drop table things')).toThrow(/not a statement name/);
  });
});

describe("Drizzle's text parsers once per instance", () => {
  const dated = pgTable('dated', {
    id: integer('id').primaryKey(),
    at: timestamp('at', { mode: 'date' }),
    atTz: timestamp('at_tz', { withTimezone: true, mode: 'date' }),
    atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
    day: date('day'),
    dayDate: date('day_date', { mode: 'date' }),
    span: interval('span'),
    amounts: numeric('amounts').array(),
    ats: timestamp('ats', { mode: 'string' }).array(),
    atsTz: timestamp('ats_tz', { withTimezone: true, mode: 'string' }).array(),
    spans: interval('spans').array(),
    days: date('days').array(),
  });
  const rows = `(1, '2026-11-28 10:00:00.123', '2026-11-28T10:00:00.5+05:45', '2024-02-29T23:59:59Z',
      '2082-08-13', '2026-11-29', '1 year 2 mons 3 days 04:05:06', '{1.50,"2.25"}',
      '{"2026-01-01 00:00:00"}', '{"2026-01-01 00:00:00+00"}', '{"1 day","2 hours"}',
      '{2026-01-01,2026-12-31}'),
    (2, null, null, null, null, null, null, null, null, null, null, null)`;
  const create = `create table dated (id int primary key, at timestamp, at_tz timestamptz,
    at_text timestamptz, day date, day_date date, span interval, amounts numeric[],
    ats timestamp[], ats_tz timestamptz[], spans interval[], days date[])`;
  let plain: PGlite;
  let parsing: PGlite;
  beforeAll(async () => {
    [plain, parsing] = await Promise.all([PGlite.create(), PGlite.create()]);
    for (const c of [plain, parsing]) await c.exec(`${create}; insert into dated values ${rows}`);
    useDrizzleTextParsers(parsing);
  });
  afterAll(async () => Promise.all([plain.close(), parsing.close()]));

  /** Drizzle's options of a prepared query: rows as arrays, and as objects for raw SQL. */
  const drizzleOptions = (client: PGlite) => {
    const q = drizzle(client).select({ id: dated.id }).from(dated).prepare('') as unknown as {
      queryConfig: QueryOptions;
      rawQueryConfig: QueryOptions;
    };
    return [q.queryConfig, q.rawQueryConfig];
  };

  it("matches what Drizzle asks of every query: its types, each kept as PostgreSQL's text", () => {
    for (const options of drizzleOptions(plain)) {
      const parsers = options.parsers!;
      expect(Object.keys(parsers).map(Number).sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const parse of Object.values(parsers))
        expect(parse('2026-11-28 10:00:00', 0)).toBe('2026-11-28 10:00:00');
    }
  });

  it('answers every such type as Drizzle does on an instance left as it was', async () => {
    const build = (client: PGlite) =>
      drizzle(client)
        .select()
        .from(dated)
        .where(sql`${dated.id} <= ${sql.placeholder('max')}`)
        .orderBy(dated.id);
    const want = await build(plain).prepare('').execute({ max: 9 });
    expect(want[0]).toMatchObject({ at: new Date('2026-11-28T10:00:00.123Z'), day: '2082-08-13' });
    expect(want[0].atTz).toEqual(new Date('2026-11-28T04:15:00.500Z'));
    expect(await build(parsing).prepare('').execute({ max: 9 })).toEqual(want);
    const named = namedOnPglite(build(parsing).prepare('dated_all'), 'dated_all');
    expect(await named.execute({ max: 9 })).toEqual(want);
    expect(await named.execute({ max: 9 })).toEqual(want);
    // and on raw SQL, whose rows are objects
    const raw = sql`select at, day, span, spans from dated order by id`;
    expect(await drizzle(parsing).execute(raw)).toEqual(await drizzle(plain).execute(raw));
  });

  it("sends every query of Drizzle's client without its parsers, and answers the same", async () => {
    const seen: (QueryOptions | undefined)[] = [];
    const spy = <T extends { query: PGlite['query'] }>(handle: T): T => {
      const query = handle.query.bind(handle);
      handle.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
        seen.push(options);
        return query(text, params, options);
      }) as PGlite['query'];
      return handle;
    };
    spy(parsing);
    const transaction = parsing.transaction.bind(parsing);
    parsing.transaction = ((
      fn: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>,
    ) => transaction((tx) => fn(spy(tx)))) as PGlite['transaction'];
    try {
      const viaClient = drizzle({ client: drizzleClientOf(parsing) as unknown as PGlite });
      const select = () => viaClient.select().from(dated).orderBy(dated.id);
      const want = await drizzle(plain).select().from(dated).orderBy(dated.id);
      expect(await select()).toEqual(want);
      const raw = sql`select at, day, span, spans from dated order by id`;
      expect(await viaClient.execute(raw)).toEqual(await drizzle(plain).execute(raw));
      // in a transaction, and in a savepoint inside it
      const inTx = await viaClient.transaction(async (tx) => {
        const rows = await tx.select().from(dated).orderBy(dated.id);
        const nested = await tx.transaction(async (sp) =>
          sp.select().from(dated).orderBy(dated.id),
        );
        return [rows, nested];
      });
      expect(inTx).toEqual([want, want]);
      // a prepared query named on PGlite through that client still runs as EXECUTE
      const before = await executionsOn(parsing, 'dated_via');
      const named = namedOnPglite(select().prepare('dated_via'), 'dated_via');
      expect(await named.execute()).toEqual(want);
      expect(await executionsOn(parsing, 'dated_via')).toBe(before + 1);
      expect(seen.length).toBeGreaterThanOrEqual(5);
      for (const options of seen) expect(options?.parsers).toBeUndefined();
    } finally {
      // @ts-expect-error the spies were own properties over the prototype's methods
      delete parsing.query;
      // @ts-expect-error as above
      delete parsing.transaction;
    }
  });

  it("drops Drizzle's parsers only on an instance that parses so itself, and only theirs", () => {
    const [arrays, objects] = drizzleOptions(parsing);
    const stripped = withoutDrizzleParsers(parsing, arrays)!;
    expect(stripped).toEqual({ rowMode: 'array', parsers: undefined });
    // one stripped object per Drizzle options object, not one per query
    expect(withoutDrizzleParsers(parsing, arrays)).toBe(stripped);
    expect(withoutDrizzleParsers(parsing, objects)).toEqual({
      rowMode: 'object',
      parsers: undefined,
    });
    const [plainArrays] = drizzleOptions(plain);
    expect(withoutDrizzleParsers(plain, plainArrays)).toBe(plainArrays);
    const other = {
      rowMode: 'array' as const,
      parsers: { 1114: (v: string) => v, 25: (v: string) => v.toUpperCase() },
    };
    expect(withoutDrizzleParsers(parsing, other)).toBe(other);
    expect(withoutDrizzleParsers(parsing, undefined)).toBeUndefined();
    const none = { rowMode: 'array' as const };
    expect(withoutDrizzleParsers(parsing, none)).toBe(none);
  });
});
