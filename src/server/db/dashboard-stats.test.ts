/**
 * The dashboard counters of migration 0009 (application_stats, payment_stats) stay equal to
 * the aggregates they replace through inserts, status changes, ward and fiscal-year moves, soft
 * deletes and undeletes, payment changes and hard deletes, on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplications } from '../../../scripts/bench/seed-apps.js';
import type { Database } from './client.js';
import { testDatabase } from '../../../test/server/helper.js';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await testDatabase());
  await seedApplications(database.db, 400, 'test-key');
});
afterAll(async () => drop());

const rows = async (q: string) =>
  ((await database.db.execute(sql.raw(q))) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Counters (non-zero) and the live aggregates, both as sorted JSON lines. */
async function both() {
  const stats = await rows(`
    select ward_id, fiscal_year_id, business_type_id, app_status, registered, sum(n)::int as n
    from application_stats group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`);
  const live = await rows(`
    select ward_id, coalesce(fiscal_year_id, 0) as fiscal_year_id, business_type_id, app_status,
      (not is_renewal and app_status in ('approved', 'cancelled') and registration_no is not null) as registered,
      count(*)::int as n
    from applications where deleted_on is null group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`);
  const payStats = await rows(`
    select ward_id, app_fiscal_year_id, fiscal_year_id, paid_date::text, sum(total)::text as total,
      sum(n)::int as n
    from payment_stats group by 1, 2, 3, 4 having sum(n) <> 0 or sum(total) <> 0
    order by 1, 2, 3, 4`);
  const payLive = await rows(`
    select a.ward_id, coalesce(a.fiscal_year_id, 0) as app_fiscal_year_id, p.fiscal_year_id,
      coalesce(p.paid_date, 'infinity'::date)::text as paid_date, sum(p.total)::text as total,
      count(*)::int as n
    from payments p join applications a on a.id = p.application_id
    where p.pay_status = 'completed' and a.deleted_on is null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return { stats, live, payStats, payLive };
}

async function expectExact() {
  const r = await both();
  expect(r.live.length).toBeGreaterThan(0);
  expect(r.payLive.length).toBeGreaterThan(0);
  expect(r.stats).toEqual(r.live);
  expect(r.payStats).toEqual(r.payLive);
}

describe('dashboard counters (migration 0009 triggers)', () => {
  it('match after a bulk insert', async () => {
    await expectExact();
  });

  it('follow status changes, registrations and ward / fiscal-year moves', async () => {
    await database.db.execute(sql`
      update applications set app_status = 'approved', registration_no = 'T-' || id
      where app_status = 'paid'`);
    await database.db.execute(sql`
      update applications set ward_id = (select min(id) from wards) where id % 7 = 0`);
    await database.db.execute(sql`
      update applications set fiscal_year_id = null where id % 9 = 0`);
    await database.db.execute(sql`update applications set updated_at = now()`); // no key change
    await expectExact();
  });

  it('follow soft deletes and undeletes', async () => {
    await database.db.execute(sql`update applications set deleted_on = now() where id % 11 = 0`);
    await database.db.execute(sql`update applications set deleted_on = null where id % 22 = 0`);
    await expectExact();
  });

  it('follow payment inserts, changes and deletes', async () => {
    await database.db.execute(sql`update payments set pay_status = 'refunded' where id % 5 = 0`);
    await database.db.execute(sql`update payments set total = total + 100 where id % 3 = 0`);
    await database.db.execute(sql`update payments set paid_date = null where id % 17 = 0`);
    await database.db.execute(sql`delete from payments where id % 13 = 0`);
    await database.db.execute(sql`
      insert into payments (application_id, fiscal_year_id, business_tax, fine, rent_tax,
        admin_cost, discount, total, paid_date, channel, pay_status)
      select id, fiscal_year_id, 1, 0, 0, 0, 0, 1, current_date, 'counter', 'completed'
      from applications where fiscal_year_id is not null and id % 19 = 0`);
    await expectExact();
  });

  it('follow hard deletes of applications', async () => {
    await database.db.execute(sql`
      delete from applications a where a.app_status = 'pending' and a.id % 2 = 0
        and not exists (select 1 from payments p where p.application_id = a.id)
        and not exists (select 1 from certificates c where c.application_id = a.id)`);
    await expectExact();
  });
});
