/**
 * db/row-mapper.ts: a flat prepared select answers exactly what Drizzle's own mapping answers
 * (timestamps as Date, dates as text, booleans, JSON, numbers from SQL with and without
 * `mapWith`, nulls from a left join), on the database the tests run on; a nested selection is
 * left to Drizzle.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/server/helper.js';
import { newApplicant, submit } from '../../../test/server/fixtures.js';
import { applications, businessTypes, users, wards } from './schema.js';
import type { Database } from './client.js';
import { flatRowMapper, withFlatRows } from './row-mapper.js';

let t: TestContext;
let database: Database;
let ids: number[];

beforeAll(async () => {
  t = await buildTestApp();
  database = t.database;
  const a = await newApplicant(t.app, 'Mapper Owner');
  ids = [await submit(t.app, a.token, 1), await submit(t.app, a.token, 1)];
  // the first with every optional value set; the second leaves them null
  await database.db
    .update(applications)
    .set({
      registrationDate: '2025-07-17',
      expiryDate: '2026-07-16',
      isRenewal: true,
      serviceData: { reason: 'x', n: 2 },
    })
    .where(eq(applications.id, ids[0]));
});
afterAll(async () => t.close());

/** A flat select of many kinds of field, as the lists select. */
const flatSelect = () =>
  database.db
    .select({
      id: applications.id,
      submissionNo: applications.submissionNo,
      businessName: applications.businessName,
      createdAt: applications.createdAt,
      registrationDate: applications.registrationDate,
      expiryDate: applications.expiryDate,
      isRenewal: applications.isRenewal,
      serviceData: applications.serviceData,
      capital: applications.capitalCurrent,
      wardNumber: wards.number,
      typeName: businessTypes.nameEn,
      days: sql<number>`(${applications.expiryDate} - date '2025-07-17')`,
      asNumber: sql`(${applications.capitalCurrent} / 100)::text`.mapWith(Number),
      createdText: sql<string>`${applications.createdAt}::text`,
      approverName: sql<string | null>`${users.name}`.as('approver_name'),
    })
    .from(applications)
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
    .leftJoin(users, sql`${users.id} = ${applications.userId} and ${applications.isRenewal}`)
    .where(inArray(applications.id, ids))
    .orderBy(applications.id);

describe('flat rows mapped once per query', () => {
  it('answers what Drizzle answers, values and types', async () => {
    const drizzles = await flatSelect().prepare('rm_drizzle').execute();
    const prepared = withFlatRows(flatSelect().prepare('rm_flat'));
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBeTypeOf(
      'function',
    );
    // Drizzle calls the hook instead of its own mapping: count the calls
    const hook = prepared as unknown as { customResultMapper: (rows: unknown[][]) => unknown };
    const mapper = hook.customResultMapper;
    let calls = 0;
    hook.customResultMapper = (rows) => {
      calls += 1;
      return mapper(rows);
    };
    const ours = await prepared.execute();
    expect(calls).toBe(1);
    expect(ours).toHaveLength(2);
    expect(ours).toStrictEqual(drizzles);
    const [one, two] = ours;
    expect(one.createdAt).toBeInstanceOf(Date);
    expect(one.registrationDate).toBe('2025-07-17');
    expect(one.serviceData).toEqual({ reason: 'x', n: 2 });
    expect(one.asNumber).toBe(Math.trunc(Number(one.capital) / 100));
    expect(one.approverName).toBeTypeOf('string');
    expect(two.registrationDate).toBeNull();
    expect(two.approverName).toBeNull();
    expect(Object.keys(one)).toEqual(Object.keys(drizzles[0]));
  });

  it('leaves a nested selection, and raw SQL, to Drizzle', async () => {
    const nested = database.db
      .select({ app: applications, ward: { number: wards.number } })
      .from(applications)
      .innerJoin(wards, eq(wards.id, applications.wardId))
      .where(eq(applications.id, ids[0]));
    const prepared = withFlatRows(nested.prepare('rm_nested'));
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBe(
      undefined,
    );
    const [row] = await prepared.execute();
    expect(row.app.id).toBe(ids[0]);
    expect(row.ward.number).toBeTypeOf('number');
    expect(flatRowMapper([])).toBeNull();
    expect(flatRowMapper([{ path: ['a', 'b'], field: applications.id }])).toBeNull();
  });
});
