/**
 * What the bench needs from the application's own query code, taken from it rather than
 * written again: the exact SQL statements (text and bound parameters) that one list request
 * runs, captured through Drizzle's query logger while the real `listApplications` runs
 * on the bench database; and the keyset cursor of a row deep in that list.
 */
import { isNull, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { listPlan } from '../../src/server/lib/list.js';
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
}

/** The bench's list request as query-string values (the same object the HTTP client sends). */
export type ListParams = Record<string, string>;

/** A system admin, who sees every application (DESIGN.md §3), like the bench's login. */
const ADMIN = {
  id: 1,
  userType: 'systemadmin' as const,
  wardId: null,
  permissions: [...ALL_PERMISSIONS],
};

/**
 * Runs the real list service once on `client` and returns every statement it sent, in order.
 * The rows are discarded; only the SQL is wanted.
 */
export async function captureListSql(
  client: { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; pool: pg.Pool },
  params: ListParams,
): Promise<Statement[]> {
  const statements: Statement[] = [];
  const logger = { logQuery: (text: string, p: unknown[]) => statements.push({ text, params: p }) };
  const db = (client.kind === 'pglite'
    ? drizzlePglite(client.pglite, { schema, logger })
    : drizzlePg(client.pool, { schema, logger })) as unknown as Db;
  await listApplications(db, ADMIN, listSchemas.listQuerySchema.parse(params));
  return statements;
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
