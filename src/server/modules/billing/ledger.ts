/**
 * The ledger of an application's money (issue 15 §1, docs/payments.md).
 *
 * - A bill is one assessment, versioned per application. Verification (and an edit that changes
 *   a verified application's bill) opens the next version and supersedes the open one;
 *   rejection or cancellation of a verified application supersedes it; the credit that brings
 *   its balance to zero settles it. At most one bill is open (partial unique index).
 * - The balance of the open bill is its total minus the payments credited to it (`completed`
 *   payments with its id). The application becomes `paid` exactly when that reaches zero.
 * - Money received that cannot be credited is `refund_due` (settlement.ts decides), never a
 *   completed payment; staff record its refund (refunds.ts).
 *
 * Callers hold the application row lock (`lockApplication`) before reading a balance, so a
 * counter payment and an online settlement of the same bill are serialised.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Bill } from '../../../shared/fees.js';
import type { AppAction, AppStatus } from '../../../shared/lifecycle.js';
import type { Db, Tx } from '../../db/client.js';
import { applications, bills } from '../../db/schema.js';

/** The open bill of an application with what is credited to it and what remains (paisa). */
export interface OpenBill {
  id: number;
  version: number;
  total: number;
  credited: number;
  balance: number;
}

/** Locks application `id` for the rest of the transaction and answers its row (or undefined). */
export async function lockApplication(tx: Tx, id: number) {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
  return row;
}

/** The open bill of application `applicationId` with its balance, or null when none is open. */
export async function openBillOf(tx: Db | Tx, applicationId: number): Promise<OpenBill | null> {
  const [row] = await tx
    .select({
      id: bills.id,
      version: bills.version,
      total: bills.total,
      // "bills"."id" spelled out: in a one-table select Drizzle leaves columns unqualified,
      // and a bare "id" inside the subquery would be the payment's
      credited: sql<string>`coalesce((select sum(p.total) from payments p
        where p.bill_id = "bills"."id" and p.pay_status = 'completed'), 0)::text`,
    })
    .from(bills)
    .where(and(eq(bills.applicationId, applicationId), eq(bills.billStatus, 'open')));
  if (!row) return null;
  const credited = Number(row.credited);
  return {
    id: row.id,
    version: row.version,
    total: row.total,
    credited,
    balance: row.total - credited,
  };
}

/** Supersedes the open bill of application `applicationId`, if any. */
export async function supersedeOpenBill(tx: Tx, applicationId: number) {
  await tx
    .update(bills)
    .set({ billStatus: 'superseded', closedAt: new Date() })
    .where(and(eq(bills.applicationId, applicationId), eq(bills.billStatus, 'open')));
}

/** Opens the next version of application `applicationId`'s bill (superseding the open one). */
export async function openBill(tx: Tx, applicationId: number, bill: Bill): Promise<number> {
  await supersedeOpenBill(tx, applicationId);
  const [last] = await tx
    .select({ version: bills.version })
    .from(bills)
    .where(eq(bills.applicationId, applicationId))
    .orderBy(desc(bills.version))
    .limit(1);
  const [row] = await tx
    .insert(bills)
    .values({
      applicationId,
      version: (last?.version ?? 0) + 1,
      detail: bill,
      total: bill.total,
      billStatus: 'open',
    })
    .returning({ id: bills.id });
  return row.id;
}

/** Settles the open bill of application `applicationId` (its balance reached zero). */
export async function settleOpenBill(tx: Tx, applicationId: number) {
  await tx
    .update(bills)
    .set({ billStatus: 'settled', closedAt: new Date() })
    .where(and(eq(bills.applicationId, applicationId), eq(bills.billStatus, 'open')));
}

/**
 * Keeps the bills in step with a lifecycle transition, inside its transaction: a new bill
 * (`bill` set by verification or re-assessment) opens a version; leaving `verified` for
 * rejected, cancelled or pending supersedes the open bill; `pay` settles it.
 */
export async function billsOnTransition(
  tx: Tx,
  t: {
    applicationId: number;
    from: AppStatus;
    to: AppStatus;
    action: AppAction | 'edit';
    bill?: unknown;
  },
) {
  if (t.bill) {
    await openBill(tx, t.applicationId, t.bill as Bill);
    return;
  }
  if (t.action === 'pay') {
    await settleOpenBill(tx, t.applicationId);
    return;
  }
  if (t.from === 'verified' && t.to !== 'verified' && t.to !== 'paid')
    await supersedeOpenBill(tx, t.applicationId);
}
