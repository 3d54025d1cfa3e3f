/**
 * Counter (cash or bank) payments recorded by staff (SPEC §3 Payment, issue 6 §2): the amount
 * must be the open bill's balance, the receipt number unique per fiscal year and not in the
 * online receipts' form, the receipt scan is
 * stored as a file; the payment row and the application's move to paid are one transaction
 * (the registrations module's `pay` transition).
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { todayAd } from '../../../shared/bs-date.js';
import type { Bill } from '../../../shared/fees.js';
import { formatPaisa } from '../../../shared/format.js';
import type { manualPaymentSchema } from '../../../shared/schemas/payments.js';
import type { Db, Tx } from '../../db/client.js';
import { files, payments } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';
import type { Actor } from '../../lib/scope.js';
import {
  checkUpload,
  type CheckedFile,
  type FileStore,
  type UploadedFile,
} from '../../lib/storage.js';
import type { Lifecycle } from '../registrations/index.js';
import { lockApplication, openBillOf } from './ledger.js';

/**
 * Receipt numbers the server gives online payments (`ES-<fiscal year>-<id>`, `KH-…`, see
 * settlement.ts): a counter receipt may not take that form, so the two can never collide.
 */
export const ONLINE_RECEIPT = /^(ES|KH)-/i;

type ManualPayment = z.output<typeof manualPaymentSchema>;

/** 422 on `amount` unless it is the bill's total (paisa), naming the total in both languages. */
function checkAmount(bill: Bill, amount: number) {
  if (amount === bill.total) return;
  const total = { en: formatPaisa(bill.total, 'en-US'), ne: formatPaisa(bill.total, 'ne') };
  throw AppError.validation({
    amount: [{ key: 'errors.amountMismatch', vars: { amount: total } }],
  });
}

/** The `files` row of the stored receipt scan. */
async function receiptFile(tx: Tx, ownerUserId: number, file: CheckedFile, storedName: string) {
  const [f] = await tx
    .insert(files)
    .values({
      ownerUserId,
      originalName: file.originalName,
      storedName,
      mime: file.mime,
      sizeBytes: file.data.length,
      sha256: file.sha256,
    })
    .returning({ id: files.id });
  return f.id;
}

export class CounterPayments {
  constructor(
    private readonly db: Db,
    private readonly store: FileStore,
    private readonly lifecycle: Pick<Lifecycle, 'transition'>,
  ) {}

  /**
   * Records a manual (counter or bank) payment of application `id`'s assessed bill with the
   * scan of its paper receipt (verified → paid). 404 when not visible, 403 without
   * record-payments, 409 when not verified (or no bill), 422 on a wrong amount, a future
   * paid date, a receipt number already used in the fiscal year or a bad scan. The scan is
   * deleted again when anything fails.
   */
  async record(actor: Actor, id: number, input: ManualPayment, receipt: UploadedFile, ip: string) {
    const checked = checkUpload('receipt', receipt);
    if (input.paidDate > todayAd())
      throw AppError.validation({ paidDate: ['validation.futureDate'] });
    const saved: string[] = [];
    try {
      const storedName = checked ? await this.store.save(checked) : null;
      if (storedName) saved.push(storedName);
      await this.lifecycle.transition(actor, id, 'pay', {
        remarks: input.remarks,
        ip,
        effect: async (tx, app) => {
          // the application row lock serialises this with an online settlement of the bill
          const locked = await lockApplication(tx, app.id);
          const open = await openBillOf(tx, app.id);
          const bill = app.bill as Bill | null;
          if (!bill || !open || locked?.appStatus !== 'verified') throw AppError.conflict();
          checkAmount({ ...bill, total: open.balance }, input.amount);
          const fyId = app.fiscalYearId ?? (await currentFiscalYear(tx)).id;
          const [dup] = await tx
            .select({ id: payments.id })
            .from(payments)
            .where(and(eq(payments.fiscalYearId, fyId), eq(payments.receiptNo, input.receiptNo)));
          if (dup) throw AppError.validation({ receiptNo: ['errors.receiptTaken'] });
          if (ONLINE_RECEIPT.test(input.receiptNo))
            throw AppError.validation({ receiptNo: ['errors.receiptReserved'] });
          const receiptFileId =
            checked && storedName ? await receiptFile(tx, actor.id, checked, storedName) : null;
          const [p] = await tx
            .insert(payments)
            .values({
              applicationId: app.id,
              billId: open.id,
              fiscalYearId: fyId,
              businessTax: bill.businessTax,
              fine: bill.fine,
              rentTax: bill.rentTax,
              adminCost: bill.adminCost,
              serviceFee: bill.serviceFee ?? 0,
              discount: bill.discount,
              total: bill.total,
              paidDate: input.paidDate,
              receiptNo: input.receiptNo,
              receiptFileId,
              channel: input.channel,
              payStatus: 'completed',
              recordedBy: actor.id,
            })
            .returning({ id: payments.id });
          await audit(tx, {
            userId: actor.id,
            action: 'payment.record',
            entity: 'payments',
            entityId: p.id,
            data: { total: bill.total, receiptNo: input.receiptNo },
            ip,
          });
          return {};
        },
      });
    } catch (err) {
      await this.store.discard(saved);
      throw err;
    }
  }
}
