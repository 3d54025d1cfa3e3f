/**
 * Payment views and forms shared by server and client: the receipt (issue 6 §8) and the
 * refund of money that could not be credited to a bill (issue 15 §1, docs/payments.md).
 */
import { z } from 'zod';
import { adDate, choiceError, MSG, optText, reqText, rupeesToPaisa } from './fields.js';
import { officeSchema } from './settings.js';

const bi = z.object({ en: z.string(), ne: z.string() });

/**
 * Manual (counter or bank) payment (SPEC §3 Payment; issue 6 §2): the amount must equal the
 * bill; the receipt scan is a file field checked by the route. Kept here, not with the
 * application's schemas: the application detail's payment dialog would otherwise build all of
 * the application form's schemas when it loads (~100 ms of a phone's page load, issue 18 §5).
 */
export const manualPaymentSchema = z.object({
  /** rupees, as on the receipt; must equal the bill (issue 6 §2) */
  amount: rupeesToPaisa(),
  receiptNo: reqText(40).pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9/_-]+$/, MSG.choice)
      // ES-… and KH-… are the numbers the server gives online receipts (issue 15 §4)
      .refine((v) => !/^(ES|KH)-/i.test(v), 'errors.receiptReserved'),
  ),
  paidDate: adDate(),
  channel: z.enum(['counter', 'bank'], { error: choiceError }),
  remarks: optText(1000),
});

export const paymentChannelSchema = z.enum(['counter', 'bank', 'esewa', 'khalti']);

/** What a receipt shows (GET /api/payments/{id}/receipt). Amounts in paisa, dates AD. */
export const receiptViewSchema = z.object({
  receiptNo: z.string(),
  paidDate: z.string(),
  channel: paymentChannelSchema,
  gatewayTxnId: z.string().nullable(),
  palika: bi,
  /** the palika office's address and contact (settings, issue 17 §6) */
  office: officeSchema,
  ward: z.object({ number: z.number(), en: z.string(), ne: z.string() }),
  submissionNo: z.string(),
  registrationNo: z.string().nullable(),
  businessName: z.string(),
  ownerName: z.string(),
  lines: z.object({
    businessTax: z.number(),
    fine: z.number(),
    rentTax: z.number(),
    adminCost: z.number(),
    serviceFee: z.number(),
    discount: z.number(),
  }),
  total: z.number(),
  fiscalYear: bi,
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

/** How a refund was paid back to the applicant. */
export const refundMethodSchema = z.enum(['cash', 'bank', 'esewa', 'khalti'], {
  error: choiceError,
});

/**
 * Recording the refund of a refund-due payment (POST /api/payments/{id}/refund): the date it
 * was paid back (AD, not in the future, not before the money was received), how, a reference
 * (cheque, voucher or gateway transaction) and remarks.
 */
export const refundSchema = z.object({
  refundedOn: adDate(),
  method: refundMethodSchema,
  reference: optText(100),
  remarks: optText(500),
});
export type RefundInput = z.output<typeof refundSchema>;
