/**
 * isCommonWord (word-stats.ts) on its own, on the seeded database (PGlite, or PostgreSQL with
 * DATABASE_URL): true only when the statistics and the planner both put the word at ten times
 * the cap or more; false without statistics, for a rare word, for a narrow search, and when
 * the statistics cannot be read (no such table, a name PostgreSQL refuses). The applications
 * list's use of it is tested through the API in modules/registrations/search.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { applications } from '../db/schema.js';
import { testDatabase } from '../../../test/server/helper.js';
import { forgetWordStatistics, isCommonWord } from './word-stats.js';

let database: Database;
let drop: () => Promise<void>;
const STATS = { table: 'applications', column: 'search_words' };

beforeAll(async () => {
  ({ database, drop } = await testDatabase());
  // 40 rows with the word 'dhunge', 2 of them also 'dharo'
  await database.db.execute(sql`
    insert into applications (user_id, app_status, submission_no, business_name, owner_name,
      father_or_husband_name, business_type_id, perm_state_id, perm_district_id, perm_city_id,
      perm_ward_no, ward_id, loc_address, loc_mobile, capital_max, capital_current,
      capital_paid_up, applicant_name, applicant_address, applicant_contact, submission_date)
    select (select min(id) from users), 'pending', 'WS-' || n,
      'Dhunge ' || case when n <= 2 then 'Dharo' else 'Pasal' end, 'Owner', 'Father',
      (select min(id) from business_types), (select min(id) from states),
      (select min(id) from districts), (select min(id) from cities), 1,
      (select min(id) from wards where number = 1), 'Address', '9800000000', 100000, 100000,
      100000, 'Applicant', 'Address', '9800000000', current_date
    from generate_series(1, 40) n`);
  await database.db.execute(sql`analyze applications`);
  forgetWordStatistics(database.db);
});
afterAll(() => drop());

/** The rows holding `word` (whole), as the list's count selects them. */
const having = (word: string, more = sql`true`) =>
  database.db
    .select({ one: sql`1` })
    .from(applications)
    .where(sql`${sql.raw('"applications"."search_words"')} @@ ${`'${word}'`}::tsquery and ${more}`)
    .$dynamic();

describe('isCommonWord', () => {
  it('is true when both estimates are at least ten times the cap', async () => {
    // 40 rows: ten times a cap of 4
    expect(await isCommonWord(database.db, STATS, 'dhunge', having('dhunge'), 4)).toBe(true);
  });

  it('is false under ten times the cap, for a rare word, and for a narrow search', async () => {
    expect(await isCommonWord(database.db, STATS, 'dhunge', having('dhunge'), 5)).toBe(false);
    expect(await isCommonWord(database.db, STATS, 'dharo', having('dharo'), 1)).toBe(false);
    const narrow = having('dhunge', sql`${applications.id} < 0`);
    expect(await isCommonWord(database.db, STATS, 'dhunge', narrow, 4)).toBe(false);
  });

  it('is false when the statistics cannot be read', async () => {
    const none = { table: 'no_such_table', column: 'search_words' };
    expect(await isCommonWord(database.db, none, 'dhunge', having('dhunge'), 4)).toBe(false);
    // PostgreSQL 15 refuses the name (an error, caught); PGlite (PostgreSQL 17) answers NULL
    const refused = { table: 'a"b c.d.e.f', column: 'search_words' };
    expect(await isCommonWord(database.db, refused, 'dhunge', having('dhunge'), 4)).toBe(false);
  });
});
