/**
 * Named statements on PGlite (pglite-named.ts): a prepared Drizzle query runs as `EXECUTE` of
 * an SQL-level prepared statement and answers exactly what the same statement sent unnamed
 * answers, for every kind of value the app binds; it is prepared once when requests start at
 * once, comes back after DEALLOCATE, and falls back to the unnamed statement where it must.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedOnPglite, pgliteLiteral } from './pglite-named.js';

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

/** Executions PostgreSQL counts for prepared statement `name` (0 when it is not prepared). */
async function executions(name: string): Promise<number> {
  const r = await client.query<{ n: number }>(
    `select (generic_plans + custom_plans)::int as n from pg_prepared_statements
      where name = $1`,
    [name],
  );
  return r.rows[0]?.n ?? 0;
}

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
      queries.map((q, i) =>
        q.execute({
          name: 'plain',
          live: false,
          before: new Date(0),
          tags: [],
          meta: null,
          max: 1 + (i % 3),
          echo: String(i),
        }),
      ),
    );
    // 'plain' is row 3 and row 2 is not live: rows 2 and 3 up to the max
    expect(answers.map((a) => a.map((r) => r.id))).toEqual(
      Array.from({ length: 8 }, (_, i) => [2, 3].filter((id) => id <= 1 + (i % 3))),
    );
    expect(await executions('t_once')).toBe(8);
  });

  it('prepares the statement again after DEALLOCATE ALL', async () => {
    const { named } = pair('t_again');
    const values = {
      name: 'plain',
      live: false,
      before: new Date(0),
      tags: [],
      meta: null,
      max: 9,
      echo: 'x',
    };
    await named.execute(values);
    await client.exec('DEALLOCATE ALL');
    expect(await executions('t_again')).toBe(0);
    expect((await named.execute(values)).map((r) => r.id)).toEqual([2, 3]);
    expect(await executions('t_again')).toBe(1);
  });

  it('sends a value that cannot be a literal unnamed, with the same error', async () => {
    const { unnamed, named } = pair('t_nul');
    const values = {
      name: 'a\0b',
      live: false,
      before: new Date(0),
      tags: [],
      meta: null,
      max: 9,
      echo: null,
    };
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

  it('refuses a name that is not a plain identifier', () => {
    const q = db.select({ id: things.id }).from(things).prepare('x');
    expect(() => namedOnPglite(q, 'x; drop table things')).toThrow(/not a statement name/);
  });
});
