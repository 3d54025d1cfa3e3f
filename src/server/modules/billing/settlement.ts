/**
 * Settling online payments (issue 15, docs/payments.md): asking a gateway about an attempt,
 * crediting money received to the open bill exactly once — or recording it as refund due when
 * it cannot be credited — and the re-check job that keeps asking about attempts until the
 * gateway gives a final answer.
 *
 * - Only the gateway's word closes an attempt: COMPLETE/Completed credits it (or makes it
 *   refund due), a final no (eSewa CANCELED, FULL_REFUND, PARTIAL_REFUND; Khalti Expired,
 *   User canceled, Refunded, Partially Refunded) fails it, and 48 hours of "not found" fails
 *   it. The link's local expiry (30 minutes) is not a failure: a late COMPLETE still counts.
 * - Crediting takes the payment row and then the application row FOR UPDATE, so a replayed
 *   callback, the re-check job and a counter payment of the same bill are serialised; the money
 *   is credited only while the application is verified and the amount is the open bill's
 *   balance, else it is refund due with the reason.
 * - The re-check job takes the attempts whose next check is due, in that order, each in its
 *   own try/catch: one bad payment never stops the others.
 */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import type { Db, Tx } from '../../db/client.js';
import { fiscalYears, payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { startPeriodicJob } from '../../lib/jobs.js';
import type { Lifecycle } from '../registrations/index.js';
import { GatewayError } from './gateways/common.js';
import type { EsewaGateway } from './gateways/esewa.js';
import type { KhaltiGateway } from './gateways/khalti.js';
import { lockApplication, openBillOf, type OpenBill } from './ledger.js';

export type PaymentRow = typeof payments.$inferSelect;
export type OnlineChannel = 'esewa' | 'khalti';
/** What became of an attempt: credited, still open, closed unpaid, or received but not creditable. */
export type Outcome = 'completed' | 'pending' | 'failed' | 'refund_due';
/** Why received money could not be credited (i18n `payments.refundReason.<reason>`). */
export type RefundReason = 'alreadyPaid' | 'notPayable' | 'billChanged' | 'amountMismatch';

/** The configured gateways; null where a channel is not set up. */
export interface Gateways {
  esewa: EsewaGateway | null;
  khalti: KhaltiGateway | null;
}

/** What billing needs of the registrations module (its Lifecycle), injected by app.ts. */
export type PaymentApps = Pick<
  Lifecycle,
  'visibleApplication' | 'markPaidOnline' | 'tellApplicant'
>;

/** Minutes after an attempt starts at which it is asked about (then every hour). */
export const RECHECK_SCHEDULE_MIN = [1, 5, 15, 60] as const;
/** After this long, a gateway that still has no trace of the attempt closes it as failed. */
export const GIVE_UP_AFTER_MS = 48 * 3_600_000;
/** Kept for the docs and tests: the first re-check comes this long after the start. */
export const RECHECK_AFTER_MS = RECHECK_SCHEDULE_MIN[0] * 60_000;

/** eSewa's and Khalti's status words, by what they mean for an attempt. */
const PAID = new Set(['COMPLETE', 'Completed']);
const FINAL_NO = new Set([
  'CANCELED',
  'FULL_REFUND',
  'PARTIAL_REFUND',
  'Expired',
  'User canceled',
  'Refunded',
  'Partially Refunded',
]);
const NOT_FOUND = 'NOT_FOUND';

/**
 * When attempt `createdAt` is asked about next, after `now`: 1, 5, 15 and 60 minutes after
 * its start, then on every whole hour of its age.
 */
export function nextCheckAt(createdAt: Date, now: Date): Date {
  const ageMin = (now.getTime() - createdAt.getTime()) / 60_000;
  const next = RECHECK_SCHEDULE_MIN.find((m) => m > ageMin) ?? (Math.floor(ageMin / 60) + 1) * 60;
  return new Date(createdAt.getTime() + next * 60_000);
}

/** The outcome a settled payment row stands for. */
function outcomeOf(status: PaymentRow['payStatus']): Outcome {
  if (status === 'completed') return 'completed';
  if (status === 'refund_due' || status === 'refunded') return 'refund_due';
  return status === 'pending' ? 'pending' : 'failed';
}

/** A refusal of a payment step: AppError `status` PAYMENT_REFUSED with message `key`. */
export function refuse(key: string, status = 409) {
  return new AppError(status, 'PAYMENT_REFUSED', key);
}

/** An audit row about payment `p.id` (null: no payment found), outside any transaction. */
export async function auditPayment(
  db: Db,
  action: string,
  p: { id: number | null; userId: number | null; ip: string | null; data?: unknown },
) {
  await audit(db, {
    userId: p.userId,
    action,
    entity: 'payments',
    entityId: p.id,
    data: p.data ?? null,
    ip: p.ip,
  });
}

/** Why money for `row` cannot be credited to `app`'s open bill, or null when it can. */
function refundReasonOf(
  app: { appStatus: string },
  open: OpenBill | null,
  row: PaymentRow,
  amount: number,
): RefundReason | null {
  if (app.appStatus !== 'verified' || !open)
    return app.appStatus === 'paid' || app.appStatus === 'approved' ? 'alreadyPaid' : 'notPayable';
  if (amount === open.balance && open.balance > 0) return null;
  if (row.billId !== null && row.billId !== open.id) return 'billChanged';
  return amount !== row.total ? 'amountMismatch' : 'alreadyPaid';
}

export class Settlement {
  constructor(
    private readonly db: Db,
    private readonly apps: PaymentApps,
    private readonly gateways: Gateways,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private log(action: string, p: Parameters<typeof auditPayment>[2]) {
    return auditPayment(this.db, action, p);
  }

  /** The gateway's answer about `p`: its status word, the amount (paisa) and its transaction id. */
  private async ask(p: PaymentRow, callbackTxn: string | null) {
    if (p.channel === 'esewa') {
      const s = await this.gateways.esewa!.status(p.gatewayRef!, p.total);
      return { status: s.status as string, amount: s.totalPaisa, txn: s.refId ?? callbackTxn };
    }
    const s = await this.gateways.khalti!.lookup(p.gatewayRef!);
    return { status: s.status as string, amount: s.totalPaisa, txn: s.transactionId ?? null };
  }

  /**
   * Records that `p` was asked about and is still open; a check of the job (`scheduled`) also
   * sets when the job asks next. A user's return or a new attempt asks outside the schedule.
   */
  private async keepOpen(p: PaymentRow, gatewayStatus: string | null, scheduled: boolean) {
    const now = this.now();
    await this.db
      .update(payments)
      .set({
        ...(gatewayStatus ? { gatewayStatus } : {}),
        checkedAt: now,
        ...(scheduled
          ? {
              checkCount: sql`${payments.checkCount} + 1`,
              nextCheckAt: nextCheckAt(p.createdAt, now),
            }
          : {}),
      })
      .where(and(eq(payments.id, p.id), eq(payments.payStatus, 'pending')));
  }

  /**
   * Asks the gateway about pending attempt `p` and records the answer (see the module comment).
   * A gateway that is down leaves it pending; with `quiet` false that is a 503 for the caller.
   * `scheduled`: the re-check job's own check, which moves the attempt's next check on.
   * Throws AppError 409 when the gateway names a transaction already used by another payment.
   */
  async recheckOne(
    p: PaymentRow,
    byUserId: number | null,
    ip: string | null,
    quiet: boolean,
    callbackTxn: string | null = null,
    scheduled = false,
  ): Promise<Outcome> {
    if (!p.gatewayRef) {
      await this.fail(p, 'initiate-failed');
      return 'failed';
    }
    let answer: Awaited<ReturnType<Settlement['ask']>>;
    try {
      answer = await this.ask(p, callbackTxn);
    } catch (e) {
      if (!(e instanceof GatewayError)) throw e;
      await this.keepOpen(p, null, scheduled);
      if (quiet) return 'pending';
      throw refuse('errors.gatewayDown', 503);
    }
    if (PAID.has(answer.status)) return this.settle(p, answer.amount, answer.txn, byUserId, ip);
    const tooOld = this.now().getTime() - p.createdAt.getTime() >= GIVE_UP_AFTER_MS;
    if (FINAL_NO.has(answer.status) || (answer.status === NOT_FOUND && tooOld)) {
      await this.fail(p, answer.status);
      return 'failed';
    }
    await this.keepOpen(p, answer.status, scheduled);
    return 'pending';
  }

  /** Closes pending attempt `p` as failed with the gateway's status word. */
  private async fail(p: PaymentRow, gatewayStatus: string) {
    await this.db
      .update(payments)
      .set({ payStatus: 'failed', gatewayStatus, checkedAt: this.now(), nextCheckAt: null })
      .where(and(eq(payments.id, p.id), eq(payments.payStatus, 'pending')));
  }

  /** 409 (audited, attempt failed) when gateway transaction `txn` is another payment's. */
  private async refuseReusedTxn(
    p: PaymentRow,
    txn: string | null,
    byUserId: number | null,
    ip: string | null,
  ) {
    if (!txn) return;
    const [reused] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.channel, p.channel), eq(payments.gatewayTxnId, txn), ne(payments.id, p.id)),
      );
    if (!reused) return;
    await this.log('payment.refused', {
      id: p.id,
      userId: byUserId,
      ip,
      data: { reason: 'reused-transaction' },
    });
    await this.fail(p, 'reused-transaction');
    throw refuse('errors.paymentReused');
  }

  /**
   * Money for attempt `p` was received (`amount` paisa, gateway transaction `txn`): credits it
   * to the open bill — receipt number, application to paid — or records it as refund due and
   * tells the applicant why; exactly once, whoever calls (see the module comment).
   */
  private async settle(
    p: PaymentRow,
    amount: number,
    txn: string | null,
    byUserId: number | null,
    ip: string | null,
  ): Promise<Outcome> {
    await this.refuseReusedTxn(p, txn, byUserId, ip);
    const [fy] = await this.db.select().from(fiscalYears).where(eq(fiscalYears.id, p.fiscalYearId));
    return this.db.transaction(async (tx: Tx) => {
      const [row] = await tx.select().from(payments).where(eq(payments.id, p.id)).for('update');
      // a failed attempt the gateway now says is paid (a form paid after we gave up on it, the
      // browser coming back) is money received too: it is credited or refund due like any other
      if (!row || (row.payStatus !== 'pending' && row.payStatus !== 'failed'))
        return outcomeOf(row?.payStatus ?? 'failed');
      const app = await lockApplication(tx, row.applicationId);
      const open = await openBillOf(tx, row.applicationId);
      const reason = refundReasonOf(app ?? { appStatus: 'cancelled' }, open, row, amount);
      const received = {
        total: amount,
        paidDate: todayAd(this.now()),
        gatewayTxnId: txn,
        checkedAt: this.now(),
        nextCheckAt: null,
        updatedAt: this.now(),
      };
      if (reason === null) {
        const prefix = row.channel === 'esewa' ? 'ES' : 'KH';
        await tx
          .update(payments)
          .set({
            ...received,
            payStatus: 'completed',
            billId: open!.id,
            receiptNo: `${prefix}-${fy?.slug ?? row.fiscalYearId}-${row.id}`,
            gatewayStatus: 'completed',
          })
          .where(eq(payments.id, row.id));
        await this.apps.markPaidOnline(tx, row.applicationId, byUserId, ip);
        await this.record(tx, 'payment.complete', row, { txn, amount }, byUserId, ip);
        return 'completed';
      }
      await tx
        .update(payments)
        .set({
          ...received,
          payStatus: 'refund_due',
          refundReason: reason,
          gatewayStatus: 'completed',
        })
        .where(eq(payments.id, row.id));
      await this.record(tx, 'payment.refund_due', row, { txn, amount, reason }, byUserId, ip);
      await this.apps.tellApplicant(tx, row.applicationId, 'refundDue', {
        amount,
        remarks: reason,
      });
      return 'refund_due';
    });
  }

  /** The audit row of a settlement, inside its transaction. */
  private async record(
    tx: Tx,
    action: string,
    row: PaymentRow,
    data: Record<string, unknown>,
    byUserId: number | null,
    ip: string | null,
  ) {
    await audit(tx, {
      userId: byUserId,
      action,
      entity: 'payments',
      entityId: row.id,
      data: { channel: row.channel, ...data },
      ip,
    });
  }

  /**
   * The re-check job (issue 15 §2): pending online attempts whose next check is due (a fresh
   * one a minute after it started), oldest due first, 50 a round; each in its own try/catch.
   * Answers the count of each outcome, and of attempts whose check threw (logged by the job).
   */
  async recheckPending(): Promise<Record<Outcome | 'errors', number>> {
    const now = this.now();
    const dueAt = sql`coalesce(${payments.nextCheckAt}, ${payments.createdAt} + interval '1 minute')`;
    const due = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.payStatus, 'pending'),
          inArray(payments.channel, ['esewa', 'khalti']),
          sql`${dueAt} <= ${now}`,
        ),
      )
      .orderBy(asc(dueAt), asc(payments.id))
      .limit(50);
    const out = { completed: 0, pending: 0, failed: 0, refund_due: 0, errors: 0 };
    for (const p of due) {
      if (!this.gateways[p.channel as OnlineChannel]) continue;
      try {
        out[await this.recheckOne(p, null, null, true, null, true)]++;
      } catch (e) {
        out.errors++;
        // the next round asks again later rather than at once
        await this.keepOpen(p, null, true).catch(() => undefined);
        if (!(e instanceof AppError)) console.error('payment re-check failed', p.id, e);
      }
    }
    return out;
  }

  /**
   * Starts the re-check job every `intervalMs`; returns a stop function. With several app
   * instances on one database it runs once per interval across all of them (lib/jobs.ts), so
   * a gateway is not asked the same question by every instance.
   */
  startRecheck(intervalMs: number, log: (obj: unknown, msg: string) => void): () => Promise<void> {
    return startPeriodicJob(this.db, {
      name: 'payment-recheck',
      intervalMs,
      run: () => this.recheckPending(),
      log,
    });
  }
}
