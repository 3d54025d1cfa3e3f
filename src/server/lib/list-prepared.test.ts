/**
 * preparedQuery (lib/list-prepared.ts): a shape is built once per database handle; a named
 * statement's name follows its SQL text, and a statement planned for each execution is sent
 * unnamed (so PostgreSQL never gives it a generic plan).
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { preparedQuery } from './list-prepared.js';

/** A stand-in for a Drizzle query: counts its builds and records the names it is prepared as. */
function fakeQuery(text: string) {
  const names: string[] = [];
  let builds = 0;
  const build = () => {
    builds++;
    return {
      toSQL: () => ({ sql: text }),
      prepare: (name: string) => {
        names.push(name);
        return { execute: async () => [{ name }] };
      },
    };
  };
  return { build, names, builds: () => builds };
}

describe('preparedQuery', () => {
  it('builds a shape once, and names it by its SQL text', async () => {
    const db = {} as Db;
    const q = fakeQuery('select 1 where x = $1');
    const first = preparedQuery(db, 'shape', q.build);
    const again = preparedQuery(db, 'shape', q.build);
    expect(again).toBe(first);
    expect(q.builds()).toBe(1);
    expect(q.names).toHaveLength(1);
    expect(q.names[0]).toMatch(/^q_[0-9a-f]{24}$/);
    // the same text under another key (or handle) gets the same name
    const other = fakeQuery('select 1 where x = $1');
    preparedQuery({} as Db, 'shape', other.build);
    expect(other.names).toEqual(q.names);
  });

  it('sends a statement planned for each execution unnamed, built once too', async () => {
    const db = {} as Db;
    const q = fakeQuery('select 1 order by id desc limit $1');
    const each = preparedQuery(db, 'page', q.build, true);
    expect(preparedQuery(db, 'page', q.build, true)).toBe(each);
    expect(q.builds()).toBe(1);
    expect(q.names).toEqual(['']);
    expect(await each.execute({})).toEqual([{ name: '' }]);
    // the same shape named is another statement
    preparedQuery(db, 'page', q.build);
    expect(q.builds()).toBe(2);
    expect(q.names[1]).toMatch(/^q_/);
  });
});
