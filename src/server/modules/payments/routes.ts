/**
 * Payment routes (issue 6, docs/api.md): online payment initiation and the two gateway
 * returns, the payments list, the daily reconciliation (JSON or CSV) and receipts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listMetaSchema, listQuerySchema } from '../../../shared/schemas/list.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { applications, cities, fiscalYears, payments, settings, wards } from '../../db/schema.js';
import { toCsv } from '../../lib/csv.js';
import { exportQuerySchema, listBatches, sendExport, type ExportColumn } from '../../lib/export.js';
import {
  boundedTotal,
  enumValue,
  f,
  filterTerms,
  listPlan,
  type ListSpec,
} from '../../lib/list.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { translate } from '../../../shared/i18n/index.js';
import { formatAdAsBs, toNepaliDigits } from '../../../shared/format.js';
import { todayAd } from '../../../shared/bs-date.js';
import { scopeOf, type ApplicationService } from '../applications/service.js';
import type { PdfRenderer } from '../certificates/render.js';
import { receiptViewSchema, type ReceiptView } from '../../../shared/schemas/payments.js';
import { renderReceiptHtml } from './receipt.js';
import type { PaymentService } from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const PAYMENT_LIST: ListSpec = {
  sortable: {
    id: payments.id,
    paidDate: payments.paidDate,
    total: payments.total,
    createdAt: payments.createdAt,
  },
  filters: {
    channel: f.eq(payments.channel, enumValue(['counter', 'bank', 'esewa', 'khalti'] as const)),
    status: f.eq(
      payments.payStatus,
      enumValue(['pending', 'completed', 'failed', 'refunded'] as const),
    ),
    wardId: f.eq(applications.wardId),
    applicationId: f.eq(payments.applicationId),
    q: f.search(payments.receiptNo, applications.businessName, applications.submissionNo),
    ...f.range('paid', payments.paidDate),
  },
  tiebreak: payments.id,
};

/** A header in both languages from a translation key. */
const h = (key: string) => ({ en: translate('en-US', key), ne: translate('ne', key) });

/** The payments list's row (list and export). */
const PAYMENT_COLUMNS = {
  id: payments.id,
  applicationId: payments.applicationId,
  submissionNo: applications.submissionNo,
  businessName: applications.businessName,
  wardNumber: wards.number,
  channel: payments.channel,
  payStatus: payments.payStatus,
  total: payments.total,
  paidDate: payments.paidDate,
  receiptNo: payments.receiptNo,
  gatewayTxnId: payments.gatewayTxnId,
  createdAt: payments.createdAt,
};

/** The reconciliation query (JSON and every file format). */
const reconciliationQuery = z.object({
  from: DATE,
  to: DATE,
  wardId: z.coerce.number().int().positive().optional(),
});

export default async function paymentRoutes(
  app: FastifyInstance,
  opts: { db: Db; payments: PaymentService; apps: ApplicationService; pdf: PdfRenderer },
) {
  const { db, pdf } = opts;
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
    data: z.object({ outcome: z.enum(['completed', 'pending', 'failed']) }),
    message: z.string(),
  });
  const outcomeMessage = { completed: 'Success', pending: 'Pending', failed: 'Action failed' };

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
      const outcome = await svc.confirmEsewa(
        currentUser(req),
        req.body.applicationId,
        req.body.data,
        req.ip,
      );
      return { data: { outcome }, message: outcomeMessage[outcome] };
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
      const outcome = await svc.confirmKhalti(
        currentUser(req),
        req.body.applicationId,
        req.body.pidx,
        req.ip,
      );
      return { data: { outcome }, message: outcomeMessage[outcome] };
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
            data: z.object({ completed: z.number(), pending: z.number(), failed: z.number() }),
            message: z.string(),
          }),
        },
      },
    },
    async () => ({ data: await svc.recheckPending(), message: 'Action was successful' }),
  );

  r.get(
    '/payments',
    {
      config: { access: { permissions: ['view-payments'] } },
      schema: {
        tags: ['payments'],
        summary:
          'Payments list, scoped by ward; filters channel, status, paidFrom/paidTo (AD), wardId, applicationId, q',
        querystring: listQuerySchema,
        response: {
          200: z.object({ data: z.array(z.record(z.string(), z.unknown())), meta: listMetaSchema }),
        },
      },
    },
    async (req) => {
      const plan = listPlan(PAYMENT_LIST, req.query, [
        isNull(applications.deletedOn),
        scopeOf(currentUser(req)),
      ]);
      const rows = await plan.fetch((where, limit, offset) =>
        db
          .select({ ...PAYMENT_COLUMNS, ...plan.select })
          .from(payments)
          .innerJoin(applications, eq(applications.id, payments.applicationId))
          .innerJoin(wards, eq(wards.id, applications.wardId))
          .where(where)
          .orderBy(...plan.orderBy)
          .limit(limit)
          .offset(offset),
      );
      const page = plan.pageOf(rows);
      const counted = await boundedTotal(
        db,
        db
          .select({ one: sql`1` })
          .from(payments)
          .innerJoin(applications, eq(applications.id, payments.applicationId))
          .where(plan.where)
          .$dynamic(),
      );
      return {
        data: page.rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
        meta: { ...counted, nextCursor: page.nextCursor },
      };
    },
  );

  r.get(
    '/payments/export',
    {
      config: { access: { permissions: ['view-payments'] } },
      schema: {
        tags: ['payments'],
        summary:
          'The payments list (same filters, sort and ward scope) as CSV or XLSX, streamed, in the language asked (lang); X-Total-Count gives the rows',
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const where = and(
        isNull(applications.deletedOn),
        scopeOf(currentUser(req)),
        ...filterTerms(PAYMENT_LIST, req.query.filters ?? {}),
      );
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(payments)
        .innerJoin(applications, eq(applications.id, payments.applicationId))
        .where(where);
      const batches = listBatches(PAYMENT_LIST, req.query, (seek, orderBy, limit, select) =>
        db
          .select({ ...PAYMENT_COLUMNS, ...select })
          .from(payments)
          .innerJoin(applications, eq(applications.id, payments.applicationId))
          .innerJoin(wards, eq(wards.id, applications.wardId))
          .where(and(where, seek))
          .orderBy(...orderBy)
          .limit(limit),
      );
      type Row = typeof batches extends AsyncIterable<(infer R)[]> ? R : never;
      const digits = (v: string | null, l: string) =>
        v == null ? null : l === 'ne' ? toNepaliDigits(v) : v;
      const columns: ExportColumn<Row>[] = [
        { header: h('payments.paidDate'), value: (p, l) => formatAdAsBs(p.paidDate, l) },
        { header: h('payments.receiptNo'), value: (p, l) => digits(p.receiptNo, l) },
        { header: h('applications.submissionNo'), value: (p) => p.submissionNo, width: 16 },
        { header: h('payments.business'), value: (p) => p.businessName, width: 30 },
        { header: h('payments.ward'), value: (p) => p.wardNumber, width: 8 },
        {
          header: h('payments.channelLabel'),
          value: (p, l) => translate(l, `payments.channel.${p.channel}`),
        },
        {
          header: h('payments.status'),
          value: (p, l) => translate(l, `payments.payStatus.${p.payStatus}`),
        },
        { header: h('export.totalRupees'), value: (p) => p.total / 100 },
        { header: h('export.gatewayTxnId'), value: (p) => p.gatewayTxnId, width: 24 },
      ];
      return sendExport(reply, {
        format: req.query.format,
        name: `payments-${todayAd()}`,
        lang: req.query.lang ?? requestLang(req),
        columns,
        batches,
        total,
      });
    },
  );

  /** Completed payments per day and channel (one small aggregate: a row per day and channel). */
  async function reconciliation(
    actor: ReturnType<typeof currentUser>,
    q: z.output<typeof reconciliationQuery>,
  ) {
    if (q.from > q.to) throw AppError.badRequest('errors.badFilter', { key: 'from' });
    const rows = await db
      .select({
        day: payments.paidDate,
        channel: payments.channel,
        count: sql<number>`count(*)::int`,
        total: sql<number>`sum(${payments.total})::bigint`,
      })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .where(
        and(
          eq(payments.payStatus, 'completed'),
          sql`${payments.paidDate} between ${q.from} and ${q.to}`,
          q.wardId ? eq(applications.wardId, q.wardId) : undefined,
          scopeOf(actor),
        ),
      )
      .groupBy(payments.paidDate, payments.channel)
      .orderBy(asc(payments.paidDate), asc(payments.channel));
    return rows.map((r) => ({ ...r, total: Number(r.total) }));
  }

  r.get(
    '/payments/reconciliation/export',
    {
      config: { access: { permissions: ['view-payments'] } },
      schema: {
        tags: ['payments'],
        summary:
          'The daily reconciliation as CSV or XLSX with headers and values in the language asked (lang); X-Total-Count gives the rows',
        querystring: reconciliationQuery.extend({
          format: z.enum(['csv', 'xlsx']).default('csv'),
          lang: z.enum(['en-US', 'ne']).optional(),
        }),
      },
    },
    async (req, reply) => {
      const { format, lang, ...q } = req.query;
      const data = await reconciliation(currentUser(req), q);
      type Row = (typeof data)[number];
      const columns: ExportColumn<Row>[] = [
        { header: h('reconciliation.day'), value: (d, l) => formatAdAsBs(d.day, l) },
        {
          header: h('payments.channelLabel'),
          value: (d, l) => translate(l, `payments.channel.${d.channel}`),
        },
        { header: h('reconciliation.count'), value: (d) => d.count, width: 10 },
        { header: h('export.totalRupees'), value: (d) => d.total / 100 },
      ];
      return sendExport(reply, {
        format,
        name: `reconciliation-${q.from}-${q.to}`,
        lang: lang ?? requestLang(req),
        columns,
        // one aggregate row per day and channel: small whatever the number of payments
        batches: (async function* () {
          yield data;
        })(),
        total: data.length,
      });
    },
  );

  r.get(
    '/payments/reconciliation',
    {
      config: { access: { permissions: ['view-payments'] } },
      schema: {
        tags: ['payments'],
        summary:
          'Daily reconciliation: completed payments per day and channel between from and to (AD, inclusive); format=csv for a spreadsheet',
        querystring: reconciliationQuery.extend({
          format: z.enum(['json', 'csv']).default('json'),
        }),
        // JSON only; format=csv sends text/csv as a string, which is not serialized
        response: {
          200: z.object({
            data: z.array(
              z.object({
                day: z.string().nullable(),
                channel: z.string(),
                count: z.number().int(),
                total: z.number().int(),
              }),
            ),
            meta: z.object({ count: z.number().int(), total: z.number().int() }),
          }),
        },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const data = await reconciliation(currentUser(req), q);
      if (q.format === 'csv') {
        const csv = toCsv(
          ['date', 'channel', 'payments', 'total (NPR)'],
          data.map((d) => [d.day, d.channel, d.count, (d.total / 100).toFixed(2)]),
        );
        // The declared 200 schema is the JSON answer's; a string payload with its own content
        // type is sent as is (Fastify serializes only objects), so the typed reply is widened.
        return (reply as FastifyReply)
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="reconciliation-${q.from}-${q.to}.csv"`,
          )
          .send(csv);
      }
      const totals = { count: 0, total: 0 };
      for (const d of data) {
        totals.count += d.count;
        totals.total += d.total;
      }
      return { data, meta: totals };
    },
  );

  /** What the receipt shows; 404 unless completed and visible to the actor. */
  async function receiptView(
    actor: ReturnType<typeof currentUser>,
    id: number,
  ): Promise<ReceiptView> {
    const [row] = await db
      .select({ p: payments, a: applications, w: wards, fy: fiscalYears })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .innerJoin(wards, eq(wards.id, applications.wardId))
      .innerJoin(fiscalYears, eq(fiscalYears.id, payments.fiscalYearId))
      .where(and(eq(payments.id, id), eq(payments.payStatus, 'completed'), scopeOf(actor)));
    if (!row || !row.p.receiptNo || !row.p.paidDate) throw AppError.notFound();
    const [palika] = await db.select().from(settings).where(eq(settings.key, 'palika'));
    const cityId = (palika?.value as { cityId?: number } | undefined)?.cityId ?? row.w.cityId;
    const [city] = await db.select().from(cities).where(eq(cities.id, cityId));
    return {
      receiptNo: row.p.receiptNo,
      paidDate: row.p.paidDate,
      channel: row.p.channel,
      gatewayTxnId: row.p.gatewayTxnId,
      palika: {
        en: `${city?.nameEn ?? ''} ${city?.categoryEn ?? ''}`.trim(),
        ne: `${city?.nameNe ?? ''} ${city?.categoryNe ?? ''}`.trim(),
      },
      ward: { number: row.w.number, en: row.w.nameEn, ne: row.w.nameNe },
      submissionNo: row.a.submissionNo,
      registrationNo: row.a.registrationNo,
      businessName: row.a.businessName,
      ownerName: row.a.ownerName,
      lines: {
        businessTax: row.p.businessTax,
        fine: row.p.fine,
        rentTax: row.p.rentTax,
        adminCost: row.p.adminCost,
        discount: row.p.discount,
      },
      total: row.p.total,
      fiscalYear: { en: row.fy.code, ne: row.fy.nameNe },
    };
  }

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
    async (req) => ({ data: await receiptView(currentUser(req), req.params.id) }),
  );

  r.get(
    '/payments/:id/receipt.pdf',
    {
      config: { access: { permissions: ['view-applications', 'view-payments'] } },
      schema: { tags: ['payments'], summary: 'Receipt as PDF (bilingual, A5)', params: idParams },
    },
    async (req, reply) => {
      const view = await receiptView(currentUser(req), req.params.id);
      const bytes = await pdf.render(renderReceiptHtml(view));
      reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="receipt-${view.receiptNo.replace(/[^\w-]/g, '-')}.pdf"`,
        )
        .header('cache-control', 'private, no-store');
      return reply.send(bytes);
    },
  );
}
