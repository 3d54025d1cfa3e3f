/**
 * Billing routes (issue 6, docs/api.md): online payment initiation and the two gateway
 * returns, the re-check, the counter payment (a lifecycle transition, verified → paid) and
 * receipts (JSON and A5 PDF). Lists and the reconciliation are report-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manualPaymentSchema } from '../../../shared/schemas/payments.js';
import { receiptViewSchema, refundSchema } from '../../../shared/schemas/payments.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { contentDisposition } from '../../lib/disposition.js';
import { isUploadedFile } from '../../lib/storage.js';
import { currentUser } from '../../plugins/auth.js';
import { renderReceiptHtml, type PdfRenderer } from '../certificates/index.js';
import { idParams, transitionRoute } from '../registrations/index.js';
import type { CounterPayments } from './counter.js';
import type { PaymentService } from './online.js';
import type { SettingsService } from '../settings/index.js';
import { receiptView } from './receipts.js';

/** Online payment, counter payment and receipt routes of the billing module. */
export default async function billingRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    payments: PaymentService;
    counter: CounterPayments;
    pdf: PdfRenderer;
    settings: SettingsService;
  },
) {
  const { db, pdf, counter, settings } = opts;
  const svc = opts.payments;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/payments/channels',
    {
      schema: {
        tags: ['payments'],
        summary: 'Online channels configured here (eSewa, Khalti)',
        response: { 200: z.object({ data: z.array(z.enum(['esewa', 'khalti'])) }) },
      },
    },
    async () => ({ data: svc.channels() }),
  );

  r.post(
    '/applications/:id/pay-online',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['payments'],
        summary:
          'Start paying the bill online (the applicant, while verified). Needs an Idempotency-Key header: the same key answers the same payment',
        params: idParams,
        headers: z.object({ 'idempotency-key': z.string().min(8).max(100) }).passthrough(),
        body: z.object({ channel: z.enum(['esewa', 'khalti']) }),
        response: {
          200: z.object({
            data: z.object({
              paymentId: z.number().int(),
              channel: z.enum(['esewa', 'khalti']),
              expiresAt: z.string(),
              form: z
                .object({ action: z.string(), fields: z.record(z.string(), z.string()) })
                .optional(),
              redirectUrl: z.string().optional(),
            }),
          }),
        },
      },
    },
    async (req) => ({
      data: await svc.initiate(
        currentUser(req),
        req.params.id,
        req.body.channel,
        req.headers['idempotency-key'],
        req.ip,
      ),
    }),
  );

  const outcomeSchema = z.object({
    data: z.object({
      outcome: z.enum(['completed', 'pending', 'failed', 'refund_due']),
      /** why received money is to be refunded (i18n payments.refundReason.<reason>) */
      reason: z.enum(['alreadyPaid', 'notPayable', 'billChanged', 'amountMismatch']).nullable(),
    }),
    message: z.string(),
  });
  const outcomeMessage = {
    completed: 'Success',
    pending: 'Pending',
    failed: 'Action failed',
    refund_due: 'Received; to be refunded',
  };

  r.post(
    '/payments/esewa/confirm',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['payments'],
        summary:
          "eSewa's success redirect: `data` (base64) is verified, then the status check API decides",
        body: z.object({
          applicationId: z.coerce.number().int().positive().max(2_147_483_647),
          data: z.string().min(1).max(4000),
        }),
        response: { 200: outcomeSchema },
      },
    },
    async (req) => {
      const confirmed = await svc.confirmEsewa(
        currentUser(req),
        req.body.applicationId,
        req.body.data,
        req.ip,
      );
      return { data: confirmed, message: outcomeMessage[confirmed.outcome] };
    },
  );

  r.post(
    '/payments/khalti/confirm',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['payments'],
        summary: "Khalti's return: the payment is looked up by pidx on the server",
        body: z.object({
          applicationId: z.coerce.number().int().positive().max(2_147_483_647),
          pidx: z.string().min(1).max(100),
        }),
        response: { 200: outcomeSchema },
      },
    },
    async (req) => {
      const confirmed = await svc.confirmKhalti(
        currentUser(req),
        req.body.applicationId,
        req.body.pidx,
        req.ip,
      );
      return { data: confirmed, message: outcomeMessage[confirmed.outcome] };
    },
  );

  r.post(
    '/payments/recheck',
    {
      config: { access: { permissions: ['edit-payments'] } },
      schema: {
        tags: ['payments'],
        summary:
          'Run the re-check of pending online payments now (it also runs every PAYMENT_RECHECK_MS)',
        response: {
          200: z.object({
            data: z.object({
              completed: z.number(),
              pending: z.number(),
              failed: z.number(),
              refund_due: z.number(),
              errors: z.number(),
            }),
            message: z.string(),
          }),
        },
      },
    },
    async () => ({ data: await svc.recheckPending(), message: 'Action was successful' }),
  );

  r.post(
    '/payments/:id/refund',
    {
      config: { access: { permissions: ['record-payments'] } },
      schema: {
        tags: ['payments'],
        summary:
          'Record the refund of money that could not be credited (refund due → refunded): date (AD), method, reference, remarks',
        params: idParams,
        body: refundSchema,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      await svc.recordRefund(currentUser(req), req.params.id, req.body, req.ip);
      return { message: 'Action was successful' };
    },
  );

  transitionRoute(app, db, {
    path: 'payments',
    action: 'pay',
    summary:
      'Record a manual (counter/bank) payment of the bill (verified → paid): amount (= the bill, rupees), receiptNo, paidDate, channel, receipt scan',
    body: manualPaymentSchema.extend({ receipt: z.unknown().optional() }),
    run: (x) => {
      const { receipt, ...input } = x.body;
      // the scan of the paper receipt is compulsory (issue 6 §2)
      if (!isUploadedFile(receipt))
        throw AppError.validation({
          receipt: [receipt == null ? 'validation.required' : 'validation.file'],
        });
      return counter.record(x.user, x.id, input, receipt, x.ip);
    },
  });

  r.get(
    '/payments/:id/receipt',
    {
      config: { access: { permissions: ['view-applications', 'view-payments'] } },
      schema: {
        tags: ['payments'],
        summary: 'What the receipt shows',
        params: idParams,
        response: { 200: z.object({ data: receiptViewSchema }) },
      },
    },
    async (req) => ({ data: await receiptView(db, currentUser(req), req.params.id) }),
  );

  r.get(
    '/payments/:id/receipt.pdf',
    {
      config: { access: { permissions: ['view-applications', 'view-payments'] } },
      schema: { tags: ['payments'], summary: 'Receipt as PDF (bilingual, A5)', params: idParams },
    },
    async (req, reply) => {
      const view = await receiptView(db, currentUser(req), req.params.id);
      const bytes = await pdf.render(renderReceiptHtml(view, await settings.emblemDataUri()));
      reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`receipt-${view.receiptNo}.pdf`))
        .header('cache-control', 'private, no-store');
      return reply.send(bytes);
    },
  );
}
