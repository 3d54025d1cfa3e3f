/** Payment views shared by the server's receipt and the client's receipt page (issue 6 §8). */
import { z } from 'zod';

const bi = z.object({ en: z.string(), ne: z.string() });

export const paymentChannelSchema = z.enum(['counter', 'bank', 'esewa', 'khalti']);

/** What a receipt shows (GET /api/payments/{id}/receipt). Amounts in paisa, dates AD. */
export const receiptViewSchema = z.object({
  receiptNo: z.string(),
  paidDate: z.string(),
  channel: paymentChannelSchema,
  gatewayTxnId: z.string().nullable(),
  palika: bi,
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
    discount: z.number(),
  }),
  total: z.number(),
  fiscalYear: bi,
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;
