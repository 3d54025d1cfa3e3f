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
import { and, eq, inArray } from 'drizzle-orm';
import type { Bill } from '../../../shared/fees.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';
import type { Actor } from '../../lib/scope.js';
import { GatewayError } from './gateways/common.js';
import { rupeesString } from './gateways/esewa.js';
import type { KhaltiGateway } from './gateways/khalti.js';
import {
  auditPayment,
  refuse,
  Settlement,
  type Gateways,
  type OnlineChannel,
  type Outcome,
  type PaymentApps,
  type PaymentRow,
} from './settlement.js';

/** An online payment link is honoured for 30 minutes (issue 6 §4). */
export const LINK_MINUTES = 30;

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
      const outcome = await this.settlement.recheckOne(p, actor.id, ip, true);
      if (outcome === 'completed') throw refuse('errors.alreadyPaid');
    }
    const bill = app.bill as Bill;
    const fyId = app.fiscalYearId ?? (await currentFiscalYear(this.db)).id;
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
  async confirmEsewa(actor: Actor, appId: number, data: string, ip: string): Promise<Outcome> {
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
    if (
      fields.total_amount !== rupeesString(p!.total) ||
      fields.product_code !== gw.config.productCode
    ) {
      await this.log('payment.refused', {
        id: p!.id,
        userId: actor.id,
        ip,
        data: { reason: 'amount' },
      });
      throw refuse('errors.paymentAmount', 422);
    }
    if (p!.payStatus === 'completed') return 'completed';
    return this.settlement.recheckOne(p!, actor.id, ip, false, fields.transaction_code ?? null);
  }

  /** The browser came back from Khalti with `pidx`; the lookup API decides. */
  async confirmKhalti(actor: Actor, appId: number, pidx: string, ip: string): Promise<Outcome> {
    if (!this.gateways.khalti) throw refuse('errors.channelUnavailable', 422);
    const [p] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.channel, 'khalti'), eq(payments.gatewayRef, pidx)));
    await this.checkCallback(actor, appId, p, ip);
    if (p!.payStatus === 'completed') return 'completed';
    return this.settlement.recheckOne(p!, actor.id, ip, false);
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
    if (p.payStatus === 'pending' && p.expiresAt && p.expiresAt <= this.now()) {
      await this.db
        .update(payments)
        .set({ payStatus: 'failed', gatewayStatus: 'expired', checkedAt: this.now() })
        .where(and(eq(payments.id, p.id), eq(payments.payStatus, 'pending')));
      await this.log('payment.refused', {
        id: p.id,
        userId: actor.id,
        ip,
        data: { reason: 'expired' },
      });
      throw refuse('errors.paymentExpired');
    }
    if (p.payStatus === 'failed') throw refuse('errors.paymentClosed');
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
