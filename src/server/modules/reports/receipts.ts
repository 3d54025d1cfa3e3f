/**
 * The receipt register and the cancelled and refunded receipts (issue 19 §7): every payment
 * that moved money in a period of received dates (AD, inclusive), scoped like the applications
 * they pay (lib/scope.ts: a ward admin sees their ward only), in order of date then id.
 *
 * - `all`: every receipt — credited (completed), refund due (received but not creditable: the
 *   receipt is cancelled, docs/payments.md) and refunded;
 * - `uncredited`: only the refund-due and refunded ones.
 *
 * Pages are keysets over (paid_date, id) (cursor `YYYY-MM-DD_id`), so page 1,000 costs what
 * page 1 costs; the totals are over the whole period, one aggregate. Money in paisa. Payments of
 * a soft-deleted application are still money received and stay in (as in the reconciliation).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReceiptRow, ReceiptTotals, ReportQuery } from '../../../shared/schemas/reports.js';
import type { Db } from '../../db/client.js';
import { applications, payments, wards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { scopeOf, type Actor } from '../../lib/scope.js';

export type ReceiptKind = 'all' | 'uncredited';

const STATUSES = {
  all: ['completed', 'refund_due', 'refunded'],
  uncredited: ['refund_due', 'refunded'],
} as const;

/** A position in the register: after the receipt of `paidDate` and `id`. */
export interface ReceiptCursor {
  paidDate: string;
  id: number;
}

/** `2025-08-01_42` → the cursor; anything else is 400 errors.badFilter. */
export function parseReceiptCursor(s: string | undefined): ReceiptCursor | null {
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})_(\d{1,10})$/.exec(s);
  const id = m ? Number(m[2]) : NaN;
  if (!m || id < 1 || id > 2_147_483_647) throw AppError.badRequest('errors.badFilter');
  return { paidDate: m[1], id };
}

/** The cursor text of a receipt row. */
export function receiptCursor(r: { paidDate: string | null; id: number }): string {
  return `${r.paidDate}_${r.id}`;
}

/** The period is 400 errors.badFilter when `from` is after `to`. */
export function checkPeriod(q: ReportQuery): void {
  if (q.from > q.to) throw AppError.badRequest('errors.badFilter', { key: 'from' });
}

/** The WHERE of a receipts report: kind, period, ward, the actor's scope. */
function receiptWhere(actor: Actor, kind: ReceiptKind, q: ReportQuery): SQL | undefined {
  return and(
    inArray(payments.payStatus, [...STATUSES[kind]]),
    sql`${payments.paidDate} between ${q.from} and ${q.to}`,
    q.wardId ? eq(applications.wardId, q.wardId) : undefined,
    scopeOf(actor),
  );
}

const COLUMNS = {
  id: payments.id,
  receiptNo: payments.receiptNo,
  paidDate: payments.paidDate,
  payer: applications.applicantName,
  businessName: applications.businessName,
  submissionNo: applications.submissionNo,
  registrationNo: applications.registrationNo,
  wardNumber: wards.number,
  channel: payments.channel,
  payStatus: payments.payStatus,
  total: payments.total,
  refundReason: payments.refundReason,
  refundedOn: payments.refundedOn,
  refundMethod: payments.refundMethod,
  refundReference: payments.refundReference,
};

/** Up to `limit` receipts after `after` (null: from the start), in register order. */
export async function receiptPage(
  db: Db,
  actor: Actor,
  kind: ReceiptKind,
  q: ReportQuery,
  after: ReceiptCursor | null,
  limit: number,
): Promise<ReceiptRow[]> {
  const seek = after
    ? sql`(${payments.paidDate}, ${payments.id}) > (${after.paidDate}::date, ${after.id}::int)`
    : undefined;
  return db
    .select(COLUMNS)
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .where(and(receiptWhere(actor, kind, q), seek))
    .orderBy(asc(payments.paidDate), asc(payments.id))
    .limit(limit);
}

/** The receipts of the whole period in batches of `size`, for an export. */
export async function* receiptBatches(
  db: Db,
  actor: Actor,
  kind: ReceiptKind,
  q: ReportQuery,
  size: number,
): AsyncGenerator<ReceiptRow[]> {
  let after: ReceiptCursor | null = null;
  for (;;) {
    const rows = await receiptPage(db, actor, kind, q, after, size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = { paidDate: last.paidDate ?? q.from, id: last.id };
  }
}

/** The number and sums of the period's receipts: all, credited, refund due, refunded. */
export async function receiptTotals(
  db: Db,
  actor: Actor,
  kind: ReceiptKind,
  q: ReportQuery,
): Promise<ReceiptTotals> {
  const sum = (status?: string) =>
    status
      ? sql<string>`coalesce(sum(${payments.total}) filter (where ${payments.payStatus} = ${status}), 0)::text`
      : sql<string>`coalesce(sum(${payments.total}), 0)::text`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sum(),
      credited: sum('completed'),
      refundDue: sum('refund_due'),
      refunded: sum('refunded'),
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(receiptWhere(actor, kind, q));
  return {
    count: row.count,
    total: Number(row.total),
    credited: Number(row.credited),
    refundDue: Number(row.refundDue),
    refunded: Number(row.refunded),
  };
}
