/**
 * The bench's capture of the list's SQL at the driver (capture.ts): what it records is what
 * the real list service sends, it keeps a prepared statement's name, it can be taken again,
 * and replaying it answers the list's rows; EXPLAIN gives a plan per statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { testDatabase } from '../../test/server/helper.js';
import type { Database } from '../../src/server/db/client.js';
import {
  captureListSql,
  explainStatements,
  statementOf,
  type BenchClient,
  type Statement,
} from './capture.js';
import { seedApplications } from './seed-apps.js';

describe('statementOf', () => {
  it('reads pg (config, values), pg (text, values) and PGlite (text, params, options)', () => {
    expect(statementOf([{ name: 'list_page', text: 'select $1', values: [1] }])).toEqual({
      text: 'select $1',
      params: [1],
      name: 'list_page',
    });
    expect(statementOf([{ text: 'select $1', rowMode: 'array' }, [2]])).toEqual({
      text: 'select $1',
      params: [2],
    });
    expect(statementOf(['select $1', [3], { rowMode: 'array' }])).toEqual({
      text: 'select $1',
      params: [3],
    });
    expect(statementOf(['select 1'])).toEqual({ text: 'select 1', params: [] });
    // a named statement on PGlite planned with its values (db/pglite-named.ts ON_NAMED_EXECUTE)
    expect(
      statementOf([{ name: 'c_1', text: 'select $1', values: [4], planMode: 'custom' }]),
    ).toEqual({ text: 'select $1', params: [4], name: 'c_1', planMode: 'custom' });
    expect(
      statementOf([{ name: 'q_1', text: 'select $1', values: [5], planMode: 'auto' }]),
    ).toEqual({ text: 'select $1', params: [5], name: 'q_1' });
  });
});

describe('captureListSql', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let client: BenchClient;
  const LIST = {
    page: '1',
    rowsPerPage: '25',
    sortBy: 'submissionDate',
    descending: 'true',
    filters: JSON.stringify({ status: 'approved' }),
  };

  beforeAll(async () => {
    ({ database, drop } = await testDatabase());
    await seedApplications(database.db, 200, 'test-key');
    // PGlite: the instance itself (Drizzle's handle on it is db/pglite-named.ts drizzleClientOf)
    client =
      database.kind === 'pglite'
        ? { kind: 'pglite', pglite: database.pglite! }
        : {
            kind: 'postgres',
            pool: (database.db as unknown as { $client: pg.Pool }).$client,
          };
  });
  afterAll(async () => drop());

  const replay = async (s: Statement) =>
    client.kind === 'pglite'
      ? (await client.pglite.query(s.text, s.params)).rows
      : (await client.pool.query(s.text, s.params)).rows;

  it('records the statements of one list request, the same each time', async () => {
    const first = await captureListSql(client, LIST);
    expect(first.length).toBeGreaterThan(0);
    expect(first[0].text).toMatch(/from "applications"/);
    expect(first[0].params).toContain('approved');
    // the page is a named statement on either driver (PGlite: db/pglite-named.ts), as it runs
    expect(first[0].name).toMatch(/^q_[0-9a-f]{24}$/);
    const again = await captureListSql(client, LIST);
    expect(again).toEqual(first);
    // replayed, the first statement answers a page of rows (25 + 1 to know there is more)
    expect((await replay(first[0])).length).toBe(26);
  });

  it('follows the request: a search sends its pattern', async () => {
    const search = await captureListSql(client, {
      ...LIST,
      filters: JSON.stringify({ q: 'Traders' }),
    });
    // the words search binds its tsquery ('traders':*, lib/search.ts wordsQuery)
    expect(search.flatMap((s) => s.params)).toContain("'traders':*");
  });

  it('explains each statement with its parameters bound', async () => {
    const statements = await captureListSql(client, LIST);
    const plans = await explainStatements(client, statements);
    expect(plans.length).toBe(statements.length);
    for (const plan of plans) expect(plan).toMatch(/Execution Time/);
  });

  it("follows a prepared statement's plan with its generic plan, run with the same values", async () => {
    const [plan] = await explainStatements(client, [
      {
        text: 'select id from applications where app_status = $1 order by id desc limit $2',
        params: ['approved', 5],
        name: 'q_bench_test',
      },
    ]);
    const [custom, generic] = plan.split(
      '-- its generic plan (plan_cache_mode = force_generic_plan):',
    );
    expect(custom).toMatch(/Execution Time/);
    expect(generic).toMatch(/Limit[\s\S]*Execution Time/);
    // the plan is the generic one: the values are not in it
    expect(generic).toMatch(/\$1/);
    // the connection is left as it was: its next statement plans as usual
    expect((await replay({ text: 'show plan_cache_mode', params: [] }))[0]).toEqual({
      plan_cache_mode: 'auto',
    });
  });

  it("shows the planner's estimate the app asks for, without running it again", async () => {
    const [shown] = await explainStatements(client, [
      {
        text: 'explain (format json) select 1 from applications where app_status = $1',
        params: ['approved'],
      },
    ]);
    expect(shown).toMatch(/^\(planned, not run: the planner estimates \d+ rows; [\d.]+ ms/);
  });
});
