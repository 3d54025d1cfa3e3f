/**
 * Online payments by eSewa and Khalti (issue 6): starting a payment and the browser's return
 * from the gateway. Settling is settlement.ts: each rupee counted once however often a
 * callback is replayed.
 *
 * - Initiation takes an Idempotency-Key: the same key answers the same payment.
 * - Refused, audited and unpaid: a tampered signature or amount, a callback for another
 *   application, one after the link expired (30 minutes), or a gateway transaction id
 *   already used by another payment.
 * - A gateway that is down leaves the payment pending with a clear message; the re-check job
 *   asks the gateway again later (no webhooks to rely on).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Bill } from '../../../shared/fees.js';
import type { RefundInput } from '../../../shared/schemas/payments.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import type { Actor } from '../../lib/scope.js';
import { GatewayError } from './gateways/common.js';
import type { KhaltiGateway } from './gateways/khalti.js';
import { openBillOf, type OpenBill } from './ledger.js';
import { recordRefund } from './refunds.js';
import {
  auditPayment,
  refuse,
  Settlement,
  type Gateways,
  type OnlineChannel,
  type Outcome,
  type PaymentApps,
  type RefundReason,
  type PaymentRow,
} from './settlement.js';

/** An online payment link is honoured for 30 minutes (issue 6 §4). */
export const LINK_MINUTES = 30;

/** The outcome of a return from a gateway, with the refund reason when it is refund due. */
export interface Confirmed {
  outcome: Outcome;
  reason: RefundReason | null;
}

/** What the browser does next after initiation. */
export interface Initiation {
  paymentId: number;
  channel: OnlineChannel;
  expiresAt: string;
  /** eSewa: post these fields to `action` */
  form?: { action: string; fields: Record<string, string> };
  /** Khalti: go here */
  redirectUrl?: string;
}

export class PaymentService {
  readonly settlement: Settlement;

  constructor(
    private readonly db: Db,
    private readonly apps: PaymentApps,
    private readonly gateways: Gateways,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.settlement = new Settlement(db, apps, gateways, now);
  }

  /** The online channels configured here. */
  channels(): OnlineChannel[] {
    return (['esewa', 'khalti'] as const).filter((c) => this.gateways[c] !== null);
  }

  private log(action: string, p: Parameters<typeof auditPayment>[2]) {
    return auditPayment(this.db, action, p);
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
    if (!gw) throw refuse('errors.channelUnavailable', 422);
    const app = await this.apps.visibleApplication(actor, appId);
    // staff take payments at the counter; online payment is the applicant's own
    if (app.userId !== actor.id) throw refuse('errors.onlyApplicantPays');
    const [same] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.idempotencyKey, idempotencyKey));
    if (same) {
      if (same.applicationId !== appId || same.channel !== channel)
        throw refuse('errors.idempotencyReused', 422);
      if (same.payStatus === 'pending' && same.expiresAt && same.expiresAt > this.now())
        return this.describe(same, app.businessName);
      throw refuse('errors.paymentClosed');
    }
    if (app.appStatus !== 'verified' || !app.bill) throw refuse('errors.notPayable');
    const open = await openBillOf(this.db, appId);
    if (!open || open.balance <= 0) throw refuse('errors.notPayable');
    await this.settleEarlierAttempts(appId, actor.id, ip);
    const fyId = app.fiscalYearId ?? (await currentFiscalYear(this.db)).id;
    const row = await this.insertAttempt(app.bill as Bill, open, {
      appId,
      fyId,
      channel,
      actorId: actor.id,
      idempotencyKey,
    });
    if (!row) return this.initiate(actor, appId, channel, idempotencyKey, ip);
    await this.log('payment.initiate', {
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
        throw refuse('errors.gatewayDown', 503);
      }
    }
    return this.describe(row, app.businessName);
  }

  /**
   * Only one online attempt per bill is open at a time: each earlier open attempt is asked
   * about first. Paid (or paid meanwhile at the counter): 409 alreadyPaid. Still open at the
   * gateway: it is marked replaced and stays watched by the re-check job, so money that
   * arrives for it later is still credited or refunded.
   */
  private async settleEarlierAttempts(appId: number, actorId: number, ip: string) {
    const earlier = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.applicationId, appId),
          eq(payments.payStatus, 'pending'),
          isNull(payments.replacedAt),
          inArray(payments.channel, ['esewa', 'khalti']),
        ),
      );
    for (const p of earlier) {
      const outcome = await this.settlement.recheckOne(p, actorId, ip, true);
      if (outcome === 'completed') throw refuse('errors.alreadyPaid');
      if (outcome === 'pending')
        await this.db
          .update(payments)
          .set({ replacedAt: this.now() })
          .where(and(eq(payments.id, p.id), eq(payments.payStatus, 'pending')));
    }
  }

  /**
   * The new attempt's row, for the open bill's balance (paisa), or undefined when a concurrent
   * request with the same Idempotency-Key inserted it first. A concurrent attempt with another
   * key for the same bill is a 409 (the open-attempt unique index).
   */
  private async insertAttempt(
    bill: Bill,
    open: OpenBill,
    a: {
      appId: number;
      fyId: number;
      channel: OnlineChannel;
      actorId: number;
      idempotencyKey: string;
    },
  ): Promise<PaymentRow | undefined> {
    try {
      const [row] = await this.db
        .insert(payments)
        .values({
          applicationId: a.appId,
          billId: open.id,
          fiscalYearId: a.fyId,
          businessTax: bill.businessTax,
          fine: bill.fine,
          rentTax: bill.rentTax,
          adminCost: bill.adminCost,
          serviceFee: bill.serviceFee ?? 0,
          discount: bill.discount,
          total: open.balance,
          channel: a.channel,
          payStatus: 'pending',
          recordedBy: a.actorId,
          gatewayRef: a.channel === 'esewa' ? `DARTA-${a.appId}-${randomUUID()}` : null,
          idempotencyKey: a.idempotencyKey,
          expiresAt: new Date(this.now().getTime() + LINK_MINUTES * 60_000),
        })
        .onConflictDoNothing({ target: payments.idempotencyKey })
        .returning();
      return row;
    } catch (e) {
      if (isUniqueViolation(e)) throw refuse('errors.paymentInProgress');
      throw e;
    }
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

  /**
   * The browser came back from eSewa with `data` for application `appId`. Checks the
   * signature, the payment, the application, the expiry and the amount, then asks the
   * status API; only COMPLETE with the exact amount completes the payment.
   */
  async confirmEsewa(actor: Actor, appId: number, data: string, ip: string): Promise<Confirmed> {
    const gw = this.gateways.esewa;
    if (!gw) throw refuse('errors.channelUnavailable', 422);
    const fields = gw.verifyCallback(data);
    if (!fields) {
      await this.log('payment.refused', {
        id: null,
        userId: actor.id,
        ip,
        data: { reason: 'signature', appId },
      });
      throw refuse('errors.paymentTampered', 422);
    }
    const [p] = await this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.channel, 'esewa'), eq(payments.gatewayRef, fields.transaction_uuid ?? '')),
      );
    await this.checkCallback(actor, appId, p, ip);
    // eSewa's decoded example shows total_amount as a number (1000.0); compared in paisa
    const paidPaisa = Math.round(Number(String(fields.total_amount).replace(/,/g, '')) * 100);
    if (paidPaisa !== p!.total || fields.product_code !== gw.config.productCode) {
      await this.log('payment.refused', {
        id: p!.id,
        userId: actor.id,
        ip,
        data: { reason: 'amount' },
      });
      throw refuse('errors.paymentAmount', 422);
    }
    if (p!.payStatus !== 'pending' && p!.payStatus !== 'failed') return this.confirmed(p!.id);
    await this.settlement.recheckOne(p!, actor.id, ip, false, fields.transaction_code ?? null);
    return this.confirmed(p!.id);
  }

  /** The browser came back from Khalti with `pidx`; the lookup API decides. */
  async confirmKhalti(actor: Actor, appId: number, pidx: string, ip: string): Promise<Confirmed> {
    if (!this.gateways.khalti) throw refuse('errors.channelUnavailable', 422);
    const [p] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.channel, 'khalti'), eq(payments.gatewayRef, pidx)));
    await this.checkCallback(actor, appId, p, ip);
    if (p!.payStatus === 'pending' || p!.payStatus === 'failed')
      await this.settlement.recheckOne(p!, actor.id, ip, false);
    return this.confirmed(p!.id);
  }

  /** Where attempt `id` stands now, with the reason when its money is to be refunded. */
  private async confirmed(id: number): Promise<Confirmed> {
    const [p] = await this.db
      .select({ payStatus: payments.payStatus, refundReason: payments.refundReason })
      .from(payments)
      .where(eq(payments.id, id));
    const outcome: Outcome =
      p.payStatus === 'refunded'
        ? 'refund_due'
        : (p.payStatus as Exclude<typeof p.payStatus, 'refunded'>);
    return { outcome, reason: outcome === 'refund_due' ? (p.refundReason as RefundReason) : null };
  }

  /** A callback must name a payment of this application that the actor sees, not expired. */
  private async checkCallback(actor: Actor, appId: number, p: PaymentRow | undefined, ip: string) {
    if (!p) {
      await this.log('payment.refused', {
        id: null,
        userId: actor.id,
        ip,
        data: { reason: 'unknown', appId },
      });
      throw AppError.notFound();
    }
    await this.apps.visibleApplication(actor, p.applicationId);
    if (p.applicationId !== appId) {
      await this.log('payment.refused', {
        id: p.id,
        userId: actor.id,
        ip,
        data: { reason: 'other-application', appId },
      });
      throw refuse('errors.paymentOtherApplication');
    }
    // A return after the link's local expiry still counts: the gateway's answer decides.
    // A failed attempt is asked about again: the gateway may have taken the money after all.
  }

  /** Records the refund of refund-due payment `id` (refunds.ts). */
  recordRefund(actor: Actor, id: number, input: RefundInput, ip: string) {
    return recordRefund(this.db, this.apps, actor, { id, input, ip });
  }

  /** The re-check job's round (settlement.ts). */
  recheckPending() {
    return this.settlement.recheckPending();
  }

  /** Starts the re-check job (settlement.ts); returns a stop function. */
  startRecheck(intervalMs: number, log: (obj: unknown, msg: string) => void) {
    return this.settlement.startRecheck(intervalMs, log);
  }
}
