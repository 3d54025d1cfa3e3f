/**
 * Refunds (issue 15 §1, docs/payments.md): money received that could not be credited to a bill
 * is `refund_due`; staff with record-payments pay it back and record how. The refund is audited
 * and the applicant is told.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import type { RefundInput } from '../../../shared/schemas/payments.js';
import type { Db } from '../../db/client.js';
import { applications, payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { scopeOf, type Actor } from '../../lib/scope.js';
import type { PaymentApps } from './settlement.js';

/**
 * Records the refund of payment `id`. 404 when its application is not visible to the actor;
 * 409 when it is not refund due (already refunded, or never was); 422 on a refund date in the
 * future or before the money was received. One transaction with a compare-and-set on the
 * status, so two staff recording the same refund at once get one refund and one 409.
 */
export async function recordRefund(
  db: Db,
  apps: Pick<PaymentApps, 'tellApplicant'>,
  actor: Actor,
  req: { id: number; input: RefundInput; ip: string },
) {
  const { id, input } = req;
  const [row] = await db
    .select({ p: payments })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .where(and(eq(payments.id, id), isNull(applications.deletedOn), scopeOf(actor)));
  if (!row) throw AppError.notFound();
  const p = row.p;
  if (p.payStatus !== 'refund_due') throw AppError.conflict('errors.notRefundDue');
  if (input.refundedOn > todayAd())
    throw AppError.validation({ refundedOn: ['validation.futureDate'] });
  if (p.paidDate && input.refundedOn < p.paidDate)
    throw AppError.validation({ refundedOn: ['validation.refundBeforeReceived'] });
  await db.transaction(async (tx) => {
    const done = await tx
      .update(payments)
      .set({
        payStatus: 'refunded',
        refundedOn: input.refundedOn,
        refundMethod: input.method,
        refundReference: input.reference,
        refundRemarks: input.remarks,
        refundedBy: actor.id,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, id), eq(payments.payStatus, 'refund_due')))
      .returning({ id: payments.id });
    if (!done.length) throw AppError.conflict('errors.notRefundDue');
    await audit(tx, {
      userId: actor.id,
      action: 'payment.refund',
      entity: 'payments',
      entityId: id,
      data: { total: p.total, ...input },
      ip: req.ip,
    });
    await apps.tellApplicant(tx, p.applicationId, 'refunded', {
      amount: p.total,
      remarks: [input.method, input.reference].filter(Boolean).join(' '),
    });
  });
}
