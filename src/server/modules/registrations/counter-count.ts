/**
 * The applications list's count from the counter table `application_stats` (migration 0009,
 * kept exact by triggers; issue 18 §2), for queries.ts: a staff list filtered by the counters'
 * keys alone is counted there, as one prepared statement, instead of up to 10,001 index entries.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { applicationStats } from '../../db/schema.js';
import { preparedQuery } from '../../lib/list-prepared.js';
import type { Actor } from '../../lib/scope.js';

/**
 * The filters the counters `application_stats` (migration 0009, kept exact by triggers) are
 * keyed by, and their columns there: a staff list filtered by these alone is counted from the
 * counters instead of up to 10,001 index entries (issue 18 §2).
 */
const COUNTER_COLUMNS: Record<string, SQL> = {
  status: sql`app_status`,
  wardId: sql`ward_id`,
  businessTypeId: sql`business_type_id`,
  fiscalYearId: sql`fiscal_year_id`,
};

/**
 * The prepared count of the applications list from the counters, or null when the list is
 * not one they can count: an applicant's own list (by user, which the counters do not key) or
 * a filter other than COUNTER_COLUMNS'. Live applications only, like the list; the scope's
 * ward is the `scope` placeholder and each filter its `f_<key>` one (lib/scope.ts, lib/list.ts).
 */
export function counterCount(
  db: Db,
  actor: Actor,
  plan: { countKey: string; filterValues: Record<string, unknown> },
) {
  const ward = actor.userType === 'wardadmin';
  if (actor.userType !== 'systemadmin' && !(ward && actor.wardId)) return null;
  const keys = Object.keys(plan.filterValues);
  if (!keys.every((k) => Object.hasOwn(COUNTER_COLUMNS, k))) return null;
  return preparedQuery<{ n: number }>(db, `counters|${plan.countKey}`, () =>
    db
      .select({ n: sql<number>`coalesce(sum(${applicationStats.n}), 0)::int` })
      .from(applicationStats)
      .where(
        and(
          ward ? sql`${applicationStats.wardId} = ${sql.placeholder('scope')}` : undefined,
          ...keys.map((k) => sql`${COUNTER_COLUMNS[k]} = ${sql.placeholder(`f_${k}`)}`),
        ),
      ),
  );
}
