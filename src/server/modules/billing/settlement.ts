/**
 * Settling online payments exactly once (issue 6): asking a gateway about a pending payment,
 * completing it by one compare-and-set on `pay_status` (pending → completed) together with the
 * application's move to paid, failing it, and the re-check job that asks about payments
 * their users abandoned (no reliable webhook; users close tabs).
 */
import { and, asc, eq, inArray, lt, ne } from 'drizzle-orm';
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

export type PaymentRow = typeof payments.$inferSelect;
export type OnlineChannel = 'esewa' | 'khalti';
export type Outcome = 'completed' | 'pending' | 'failed';
/** The configured gateways; null where a channel is not set up. */
export interface Gateways {
  esewa: EsewaGateway | null;
  khalti: KhaltiGateway | null;
}

/** What billing needs of the registrations module (its Lifecycle), injected by app.ts. */
export type PaymentApps = Pick<Lifecycle, 'visibleApplication' | 'markPaidOnline'>;

/** Pending online payments older than this are asked about by the re-check job. */
export const RECHECK_AFTER_MS = 3 * 60_000;

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

  /**
   * Asks the gateway about pending payment `p` and records the answer: completed (with the
   * application moved to paid), still pending, or failed. A gateway that is down leaves it
   * pending; with `quiet` false that is reported to the caller as a 503-style message.
   */
  async recheckOne(
    p: PaymentRow,
    byUserId: number | null,
    ip: string | null,
    quiet: boolean,
    callbackTxn: string | null = null,
  ): Promise<Outcome> {
    let status: string;
    let amount: number;
    let txn: string | null;
    try {
      if (p.channel === 'esewa') {
        const s = await this.gateways.esewa!.status(p.gatewayRef!, p.total);
        [status, amount, txn] = [s.status, s.totalPaisa, s.refId ?? callbackTxn];
      } else {
        if (!p.gatewayRef) return 'failed';
        const s = await this.gateways.khalti!.lookup(p.gatewayRef);
        [status, amount, txn] = [s.status, s.totalPaisa, s.transactionId];
      }
    } catch (e) {
      if (!(e instanceof GatewayError)) throw e;
      await this.db.update(payments).set({ checkedAt: this.now() }).where(eq(payments.id, p.id));
      if (quiet) return 'pending';
      throw refuse('errors.gatewayDown', 503);
    }
    const done = status === 'COMPLETE' || status === 'Completed';
    if (done && amount === p.total) return this.settle(p, txn, byUserId, ip);
    if (done) {
      await this.log('payment.refused', {
        id: p.id,
        userId: byUserId,
        ip,
        data: { reason: 'amount', amount },
      });
      await this.fail(p, `amount ${amount}`);
      if (quiet) return 'failed';
      throw refuse('errors.paymentAmount', 422);
    }
    const open = ['PENDING', 'AMBIGUOUS', 'Pending', 'Initiated'].includes(status);
    const expired = p.expiresAt !== null && p.expiresAt <= this.now();
    if (open && !expired) {
      await this.db
        .update(payments)
        .set({ gatewayStatus: status, checkedAt: this.now() })
        .where(eq(payments.id, p.id));
      return 'pending';
    }
    await this.fail(p, status);
    return 'failed';
  }

  private async fail(p: PaymentRow, gatewayStatus: string) {
    await this.db
      .update(payments)
      .set({ payStatus: 'failed', gatewayStatus, checkedAt: this.now() })
      .where(and(eq(payments.id, p.id), eq(payments.payStatus, 'pending')));
  }

  /**
   * Completes pending payment `p` once: the compare-and-set on pay_status lets exactly one
   * caller through; that caller numbers the receipt and moves the application to paid in the
   * same transaction. A gateway transaction id already used by another payment is refused.
   */
  private async settle(
    p: PaymentRow,
    txn: string | null,
    byUserId: number | null,
    ip: string | null,
  ): Promise<Outcome> {
    if (txn) {
      const [reused] = await this.db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.channel, p.channel),
            eq(payments.gatewayTxnId, txn),
            ne(payments.id, p.id),
          ),
        );
      if (reused) {
        await this.log('payment.refused', {
          id: p.id,
          userId: byUserId,
          ip,
          data: { reason: 'reused-transaction' },
        });
        await this.fail(p, 'reused-transaction');
        throw refuse('errors.paymentReused');
      }
    }
    const [fy] = await this.db.select().from(fiscalYears).where(eq(fiscalYears.id, p.fiscalYearId));
    await this.db.transaction(async (tx: Tx) => {
      const [won] = await tx
        .update(payments)
        .set({
          payStatus: 'completed',
          paidDate: todayAd(this.now()),
          receiptNo: `${p.channel === 'esewa' ? 'ES' : 'KH'}-${fy?.slug ?? p.fiscalYearId}-${p.id}`,
          gatewayTxnId: txn,
          gatewayStatus: 'completed',
          checkedAt: this.now(),
          updatedAt: this.now(),
        })
        .where(and(eq(payments.id, p.id), eq(payments.payStatus, 'pending')))
        .returning({ id: payments.id });
      if (!won) return;
      const moved = await this.apps.markPaidOnline(tx, p.applicationId, byUserId, ip);
      await audit(tx, {
        userId: byUserId,
        action: moved ? 'payment.complete' : 'payment.complete.duplicate',
        entity: 'payments',
        entityId: p.id,
        data: { channel: p.channel, total: p.total, txn },
        ip,
      });
    });
    return 'completed';
  }

  /**
   * The re-check job (issue 6 §7): pending online payments older than RECHECK_AFTER_MS are
   * asked about again; gateways like these have no reliable webhook and users close tabs.
   */
  async recheckPending(): Promise<{ completed: number; pending: number; failed: number }> {
    const due = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.payStatus, 'pending'),
          inArray(payments.channel, ['esewa', 'khalti']),
          lt(payments.createdAt, new Date(this.now().getTime() - RECHECK_AFTER_MS)),
        ),
      )
      .orderBy(asc(payments.id))
      .limit(50);
    const out = { completed: 0, pending: 0, failed: 0 };
    for (const p of due) {
      if (!this.gateways[p.channel as OnlineChannel]) continue;
      try {
        out[await this.recheckOne(p, null, null, true)]++;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        out.failed++;
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
