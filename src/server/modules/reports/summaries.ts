/**
 * The staff summaries (issue 19 §7): money collected in a period grouped by ward, channel,
 * business type or BS month, and the applications by status and age. Scoped by lib/scope.ts
 * (a ward admin sees their ward only); periods are AD dates, inclusive.
 *
 * Collection counts credited money only (completed payments, received in the period), as the
 * dashboard's revenue does (docs/payments.md "Reconciliation"); money due for refund or
 * refunded is in the receipt register. Paisa. A BS month cannot be computed in SQL (the BS
 * calendar is data in src/shared/bs-date.ts), so `month` sums per day in SQL — at most one row
 * per day of the period — and folds the days into BS months here.
 */
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { adToBs, bsMonthName } from '../../../shared/bs-date.js';
import { toNepaliDigits } from '../../../shared/format.js';
import { translate } from '../../../shared/i18n/index.js';
import {
  AGE_BUCKETS,
  type AgeReport,
  type AgeRow,
  type CollectionGroup,
  type CollectionReport,
  type CollectionRow,
  type ReportQuery,
} from '../../../shared/schemas/reports.js';
import type { Db } from '../../db/client.js';
import {
  APPLICATION_STATUSES,
  applications,
  businessTypes,
  payments,
  wards,
} from '../../db/schema.js';
import { scopeOf, type Actor } from '../../lib/scope.js';

/** A group's key and names as SQL, and how its rows are ordered. */
interface Grouping {
  key: SQL;
  nameEn: SQL;
  nameNe: SQL;
  order: SQL;
}

const GROUPINGS: Record<Exclude<CollectionGroup, 'month'>, Grouping> = {
  ward: {
    key: sql`${wards.number}::text`,
    nameEn: sql`${wards.nameEn}`,
    nameNe: sql`${wards.nameNe}`,
    order: sql`${wards.number}`,
  },
  channel: {
    key: sql`${payments.channel}`,
    nameEn: sql`${payments.channel}`,
    nameNe: sql`${payments.channel}`,
    order: sql`${payments.channel}`,
  },
  businessType: {
    key: sql`${businessTypes.id}::text`,
    nameEn: sql`${businessTypes.nameEn}`,
    nameNe: sql`${businessTypes.nameNe}`,
    order: sql`${businessTypes.nameEn}`,
  },
};

/** Credited payments received in the period, in the actor's scope and the ward asked. */
function collectedWhere(actor: Actor, q: ReportQuery) {
  return and(
    eq(payments.payStatus, 'completed'),
    sql`${payments.paidDate} between ${q.from} and ${q.to}`,
    q.wardId ? eq(applications.wardId, q.wardId) : undefined,
    scopeOf(actor),
  );
}

/** The collection of the period grouped `by`, with its totals. */
export async function collection(
  db: Db,
  actor: Actor,
  q: ReportQuery,
  by: CollectionGroup,
): Promise<CollectionReport> {
  const data = by === 'month' ? await byMonth(db, actor, q) : await grouped(db, actor, q, by);
  const meta = { count: 0, total: 0 };
  for (const r of data) {
    meta.count += r.count;
    meta.total += r.total;
  }
  return { data, meta };
}

async function grouped(
  db: Db,
  actor: Actor,
  q: ReportQuery,
  by: Exclude<CollectionGroup, 'month'>,
): Promise<CollectionRow[]> {
  const g = GROUPINGS[by];
  const rows = await db
    .select({
      key: sql<string>`${g.key}`,
      nameEn: sql<string>`${g.nameEn}`,
      nameNe: sql<string>`${g.nameNe}`,
      count: sql<number>`count(*)::int`,
      total: sql<string>`sum(${payments.total})::text`,
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
    .where(collectedWhere(actor, q))
    .groupBy(g.key, g.nameEn, g.nameNe, g.order)
    .orderBy(g.order);
  return rows.map((r) => ({
    ...r,
    // a channel's name is a catalogue text, not data
    ...(by === 'channel'
      ? {
          nameEn: translate('en-US', `payments.channel.${r.key}`),
          nameNe: translate('ne', `payments.channel.${r.key}`),
        }
      : {}),
    total: Number(r.total),
  }));
}

/** Sums per day in SQL, folded into BS months ('2082-05' keys, oldest first). */
async function byMonth(db: Db, actor: Actor, q: ReportQuery): Promise<CollectionRow[]> {
  const days = await db
    .select({
      day: payments.paidDate,
      count: sql<number>`count(*)::int`,
      total: sql<string>`sum(${payments.total})::text`,
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(collectedWhere(actor, q))
    .groupBy(payments.paidDate)
    .orderBy(asc(payments.paidDate));
  const months = new Map<string, CollectionRow>();
  for (const d of days) {
    if (!d.day) continue;
    const bs = adToBs(d.day);
    const key = `${bs.year}-${String(bs.month).padStart(2, '0')}`;
    const row = months.get(key) ?? {
      key,
      nameEn: `${bsMonthName(bs.month, 'en-US')} ${bs.year}`,
      nameNe: `${bsMonthName(bs.month, 'ne')} ${toNepaliDigits(bs.year)}`,
      count: 0,
      total: 0,
    };
    row.count += d.count;
    row.total += Number(d.total);
    months.set(key, row);
  }
  return [...months.values()];
}

/**
 * Live applications submitted in the period, per status, counted by age: whole days from the
 * submission date to `today` (AD), in the buckets of AGE_BUCKETS. Statuses in lifecycle order;
 * a status this code does not know yet (a new kind's) is still counted, after the others.
 */
export async function applicationsByAge(
  db: Db,
  actor: Actor,
  q: ReportQuery,
  today: string,
): Promise<AgeReport> {
  const age = sql`(${today}::date - ${applications.submissionDate})`;
  const bucket = (min: number, max: number | null) =>
    sql<number>`(count(*) filter (where ${age} >= ${min}::int${
      max === null ? sql`` : sql` and ${age} <= ${max}::int`
    }))::int`;
  const rows = await db
    .select({
      status: sql<string>`${applications.appStatus}`,
      d0_7: bucket(AGE_BUCKETS[0].min, AGE_BUCKETS[0].max),
      d8_30: bucket(AGE_BUCKETS[1].min, AGE_BUCKETS[1].max),
      d31_90: bucket(AGE_BUCKETS[2].min, AGE_BUCKETS[2].max),
      d90plus: bucket(AGE_BUCKETS[3].min, AGE_BUCKETS[3].max),
      total: sql<number>`count(*)::int`,
    })
    .from(applications)
    .where(
      and(
        isNull(applications.deletedOn),
        sql`${applications.submissionDate} between ${q.from} and ${q.to}`,
        q.wardId ? eq(applications.wardId, q.wardId) : undefined,
        scopeOf(actor),
      ),
    )
    .groupBy(applications.appStatus);
  const order = (s: string) => {
    const i = (APPLICATION_STATUSES as readonly string[]).indexOf(s);
    return i < 0 ? APPLICATION_STATUSES.length : i;
  };
  const data: AgeRow[] = rows.sort(
    (a, b) => order(a.status) - order(b.status) || a.status.localeCompare(b.status),
  );
  const meta = { d0_7: 0, d8_30: 0, d31_90: 0, d90plus: 0, total: 0 };
  for (const r of data) for (const k of Object.keys(meta) as (keyof typeof meta)[]) meta[k] += r[k];
  return { data, meta };
}
