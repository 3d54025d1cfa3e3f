/**
 * Online payments, exactly once (issue 6): eSewa and Khalti through gateways.ts, each rupee
 * counted once however often a callback is replayed, and payments the user abandoned settled
 * by the re-check job.
 *
 * - Initiation takes an Idempotency-Key: the same key answers the same payment.
 * - A payment row is `pending` until its gateway confirms it, then `completed` by one
 *   compare-and-set on `pay_status` (pending → completed). Ten replays of one callback race
 *   for that update; one wins, the rest see it done and answer the same result, so there is
 *   one payment and one status change.
 * - Refused, audited and unpaid: a tampered signature or amount, a callback for another
 *   application, one after the link expired (30 minutes), or a gateway transaction id
 *   already used by another payment.
 * - A gateway that is down leaves the payment pending with a clear message; the re-check job
 *   asks the gateway again later (no webhooks to rely on).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import type { Bill } from '../../../shared/fees.js';
import { AppError } from '../../errors.js';
import type { Db, Tx } from '../../db/client.js';
import { fiscalYears, payments } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { startPeriodicJob } from '../../lib/jobs.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ApplicationService } from '../applications/service.js';
import { GatewayError, rupeesString, type EsewaGateway, type KhaltiGateway } from './gateways.js';

type Actor = Pick<AuthUser, 'id' | 'userType' | 'wardId' | 'permissions'>;
type PaymentRow = typeof payments.$inferSelect;
export type OnlineChannel = 'esewa' | 'khalti';

/** An online payment link is honoured for 30 minutes (issue 6 §4). */
export const LINK_MINUTES = 30;
/** Pending online payments older than this are asked about by the re-check job. */
export const RECHECK_AFTER_MS = 3 * 60_000;

/** What the browser does next after initiation, or the outcome of a confirmation. */
export interface Initiation {
  paymentId: number;
  channel: OnlineChannel;
  expiresAt: string;
  /** eSewa: post these fields to `action` */
  form?: { action: string; fields: Record<string, string> };
  /** Khalti: go here */
  redirectUrl?: string;
}

export type Outcome = 'completed' | 'pending' | 'failed';

export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly apps: ApplicationService,
    private readonly gateways: { esewa: EsewaGateway | null; khalti: KhaltiGateway | null },
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The online channels configured here. */
  channels(): OnlineChannel[] {
    return (['esewa', 'khalti'] as const).filter((c) => this.gateways[c] !== null);
  }

  private refuse(key: string, status = 409) {
    return new AppError(status, 'PAYMENT_REFUSED', key);
  }

  private async audit(
    action: string,
    p: { id: number | null; userId: number | null; ip: string | null; data?: unknown },
  ) {
    await audit(this.db, {
      userId: p.userId,
      action,
      entity: 'payments',
      entityId: p.id,
      data: p.data ?? null,
      ip: p.ip,
    });
  }

  /**
   * Starts paying the bill of application `appId` online. Only its applicant pays, only while
   * it is verified. The same `idempotencyKey` answers the same payment; a new key first asks
   * the gateway about the application's earlier pending payment (settling it if it was paid).
   */
  async initiate(
    actor: Actor,
    appId: number,
    channel: OnlineChannel,
    idempotencyKey: string,
    ip: string,
  ): Promise<Initiation> {
    const gw = this.gateways[channel];
    if (!gw) throw this.refuse('errors.channelUnavailable', 422);
    const app = await this.apps.visibleApplication(actor, appId);
    // staff take payments at the counter; online payment is the applicant's own
    if (app.userId !== actor.id) throw this.refuse('errors.onlyApplicantPays');
    const [same] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, idempotencyKey));
    if (same) {
      if (same.applicationId !== appId || same.channel !== channel)
        throw this.refuse('errors.idempotencyReused', 422);
      if (same.payStatus === 'pending' && same.expiresAt && same.expiresAt > this.now())
        return this.describe(same, app.businessName);
      throw this.refuse('errors.paymentClosed');
    }
    if (app.appStatus !== 'verified' || !app.bill) throw this.refuse('errors.notPayable');
    // An earlier attempt may have been paid in another tab: settle it before a second one.
    const earlier = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.applicationId, appId),
          eq(payments.payStatus, 'pending'),
          inArray(payments.channel, ['esewa', 'khalti']),
        ),
      );
    for (const p of earlier) {
      const outcome = await this.recheckOne(p, actor.id, ip, true);
      if (outcome === 'completed') throw this.refuse('errors.alreadyPaid');
    }
    const bill = app.bill as Bill;
    const fyId = app.fiscalYearId ?? (await this.currentFyId());
    const expiresAt = new Date(this.now().getTime() + LINK_MINUTES * 60_000);
    const ref = channel === 'esewa' ? `DARTA-${appId}-${randomUUID()}` : null;
    const [row] = await this.db
      .insert(payments)
      .values({
        applicationId: appId,
        fiscalYearId: fyId,
        businessTax: bill.businessTax,
        fine: bill.fine,
        rentTax: bill.rentTax,
        adminCost: bill.adminCost,
        discount: bill.discount,
        total: bill.total,
        channel,
        payStatus: 'pending',
        recordedBy: actor.id,
        gatewayRef: ref,
        idempotencyKey,
        expiresAt,
      })
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning();
    if (!row) return this.initiate(actor, appId, channel, idempotencyKey, ip);
    await this.audit('payment.initiate', {
      id: row.id,
      userId: actor.id,
      ip,
      data: { channel, total: row.total },
    });
    if (channel === 'khalti') {
      try {
        const k = await (gw as KhaltiGateway).initiate({
          amountPaisa: row.total,
          returnUrl: `${this.publicUrl}/payment/khalti/return?application=${appId}`,
          websiteUrl: this.publicUrl,
          orderId: `DARTA-${row.id}`,
          orderName: app.businessName.slice(0, 100),
        });
        const [saved] = await this.db
          .update(payments)
          .set({ gatewayRef: k.pidx, gatewayUrl: k.paymentUrl, gatewayStatus: 'Initiated' })
          .where(eq(payments.id, row.id))
          .returning();
        return this.describe(saved, app.businessName);
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e;
        await this.db
          .update(payments)
          .set({ payStatus: 'failed', gatewayStatus: 'initiate-failed' })
          .where(eq(payments.id, row.id));
        throw this.refuse('errors.gatewayDown', 503);
      }
    }
    return this.describe(row, app.businessName);
  }

  private describe(p: PaymentRow, _business: string): Initiation {
    const base = {
      paymentId: p.id,
      channel: p.channel as OnlineChannel,
      expiresAt: (p.expiresAt ?? this.now()).toISOString(),
    };
    if (p.channel === 'khalti') return { ...base, redirectUrl: p.gatewayUrl ?? undefined };
    const ret = `${this.publicUrl}/payment/esewa/return?application=${p.applicationId}`;
    return {
      ...base,
      form: this.gateways.esewa!.checkoutForm({
        transactionUuid: p.gatewayRef!,
        totalPaisa: p.total,
        successUrl: ret,
        failureUrl: `${ret}&failed=1`,
      }),
    };
  }

  private async currentFyId() {
    const [fy] = await this.db
      .select({ id: fiscalYears.id })
      .from(fiscalYears)
      .where(and(eq(fiscalYears.isCurrent, true), isNull(fiscalYears.deletedOn)));
    if (!fy) throw new AppError(409, 'NO_FISCAL_YEAR', 'errors.noFiscalYear');
    return fy.id;
  }

  /**
   * The browser came back from eSewa with `data` for application `appId`. Checks the
   * signature, the payment, the application, the expiry and the amount, then asks the
   * status API; only COMPLETE with the exact amount completes the payment.
   */
  async confirmEsewa(actor: Actor, appId: number, data: string, ip: string): Promise<Outcome> {
    const gw = this.gateways.esewa;
    if (!gw) throw this.refuse('errors.channelUnavailable', 422);
    const fields = gw.verifyCallback(data);
    if (!fields) {
      await this.audit('payment.refused', {
        id: null,
        userId: actor.id,
        ip,
        data: { reason: 'signature', appId },
      });
      throw this.refuse('errors.paymentTampered', 422);
    }
    const [p] = await this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.channel, 'esewa'), eq(payments.gatewayRef, fields.transaction_uuid ?? '')),
      );
    await this.checkCallback(actor, appId, p, ip);
    if (
      fields.total_amount !== rupeesString(p!.total) ||
      fields.product_code !== gw.config.productCode
    ) {
      await this.audit('payment.refused', {
        id: p!.id,
        userId: actor.id,
        ip,
        data: { reason: 'amount' },
      });
      throw this.refuse('errors.paymentAmount', 422);
    }
    if (p!.payStatus === 'completed') return 'completed';
    return this.recheckOne(p!, actor.id, ip, false, fields.transaction_code ?? null);
  }

  /** The browser came back from Khalti with `pidx`; the lookup API decides. */
  async confirmKhalti(actor: Actor, appId: number, pidx: string, ip: string): Promise<Outcome> {
    if (!this.gateways.khalti) throw this.refuse('errors.channelUnavailable', 422);
    const [p] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.channel, 'khalti'), eq(payments.gatewayRef, pidx)));
    await this.checkCallback(actor, appId, p, ip);
    if (p!.payStatus === 'completed') return 'completed';
    return this.recheckOne(p!, actor.id, ip, false);
  }

  /** A callback must name a payment of this application that the actor sees, not expired. */
  private async checkCallback(actor: Actor, appId: number, p: PaymentRow | undefined, ip: string) {
    if (!p) {
      await this.audit('payment.refused', {
        id: null,
        userId: actor.id,
        ip,
        data: { reason: 'unknown', appId },
      });
      throw AppError.notFound();
    }
    await this.apps.visibleApplication(actor, p.applicationId);
    if (p.applicationId !== appId) {
      await this.audit('payment.refused', {
        id: p.id,
        userId: actor.id,
        ip,
        data: { reason: 'other-application', appId },
      });
      throw this.refuse('errors.paymentOtherApplication');
    }
    if (p.payStatus === 'pending' && p.expiresAt && p.expiresAt <= this.now()) {
      await this.db
        .update(payments)
        .set({ payStatus: 'failed', gatewayStatus: 'expired', checkedAt: this.now() })
        .where(and(eq(payments.id, p.id), eq(payments.payStatus, 'pending')));
      await this.audit('payment.refused', {
        id: p.id,
        userId: actor.id,
        ip,
        data: { reason: 'expired' },
      });
      throw this.refuse('errors.paymentExpired');
    }
    if (p.payStatus === 'failed') throw this.refuse('errors.paymentClosed');
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
      throw this.refuse('errors.gatewayDown', 503);
    }
    const done = status === 'COMPLETE' || status === 'Completed';
    if (done && amount === p.total) return this.settle(p, txn, byUserId, ip);
    if (done) {
      await this.audit('payment.refused', {
        id: p.id,
        userId: byUserId,
        ip,
        data: { reason: 'amount', amount },
      });
      await this.fail(p, `amount ${amount}`);
      if (quiet) return 'failed';
      throw this.refuse('errors.paymentAmount', 422);
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
        await this.audit('payment.refused', {
          id: p.id,
          userId: byUserId,
          ip,
          data: { reason: 'reused-transaction' },
        });
        await this.fail(p, 'reused-transaction');
        throw this.refuse('errors.paymentReused');
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
