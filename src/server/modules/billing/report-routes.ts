/**
 * Billing reports (issue 6, docs/api.md): the payments list and its export, and the daily
 * reconciliation per channel (JSON, CSV or XLSX), scoped like the applications they pay.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listMetaSchema, listQuerySchema } from '../../../shared/schemas/list.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { applications, payments, wards } from '../../db/schema.js';
import { toCsv } from '../../lib/csv.js';
import { exportQuerySchema, listBatches, sendExport, type ExportColumn } from '../../lib/export.js';
import { enumValue, f, filterTerms, listPlan, type ListSpec } from '../../lib/list.js';
import { scopeOf } from '../../lib/scope.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { translate } from '../../../shared/i18n/index.js';
import { formatAdAsBs, toNepaliDigits } from '../../../shared/format.js';
import { todayAd } from '../../../shared/bs-date.js';

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
      enumValue(['pending', 'completed', 'failed', 'refund_due', 'refunded'] as const),
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
  refundReason: payments.refundReason,
  refundedOn: payments.refundedOn,
  refundMethod: payments.refundMethod,
  refundReference: payments.refundReference,
};

/** The reconciliation query (JSON and every file format). */
const reconciliationQuery = z.object({
  from: DATE,
  to: DATE,
  wardId: z.coerce.number().int().positive().optional(),
});
/** The payments list, its export and the reconciliation. */
export default async function billingReportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      const page = await plan.page(
        db,
        (where) =>
          db
            .select({ ...PAYMENT_COLUMNS, ...plan.select })
            .from(payments)
            .innerJoin(applications, eq(applications.id, payments.applicationId))
            .innerJoin(wards, eq(wards.id, applications.wardId))
            .where(where),
        db
          .select({ one: sql`1` })
          .from(payments)
          .innerJoin(applications, eq(applications.id, payments.applicationId))
          .where(plan.where)
          .$dynamic(),
      );
      return {
        data: page.rows.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
        meta: page.meta,
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

  /**
   * Money received per day and channel (one small aggregate: a row per day and channel), and
   * where it went: credited to bills (`count`, `total`: the completed payments), refund due,
   * refunded. received = credited + refundDue + refunded, by construction of the ledger: each
   * payment received is in exactly one of those states (docs/payments.md). Paisa.
   */
  async function reconciliation(
    actor: ReturnType<typeof currentUser>,
    q: z.output<typeof reconciliationQuery>,
  ) {
    if (q.from > q.to) throw AppError.badRequest('errors.badFilter', { key: 'from' });
    const rows = await db
      .select({
        day: payments.paidDate,
        channel: payments.channel,
        count: sql<number>`(count(*) filter (where ${payments.payStatus} = 'completed'))::int`,
        total: sql<string>`coalesce(sum(${payments.total}) filter (where ${payments.payStatus} = 'completed'), 0)::text`,
        received: sql<string>`sum(${payments.total})::text`,
        refundDue: sql<string>`coalesce(sum(${payments.total}) filter (where ${payments.payStatus} = 'refund_due'), 0)::text`,
        refunded: sql<string>`coalesce(sum(${payments.total}) filter (where ${payments.payStatus} = 'refunded'), 0)::text`,
      })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .where(
        and(
          inArray(payments.payStatus, ['completed', 'refund_due', 'refunded']),
          sql`${payments.paidDate} between ${q.from} and ${q.to}`,
          q.wardId ? eq(applications.wardId, q.wardId) : undefined,
          scopeOf(actor),
        ),
      )
      .groupBy(payments.paidDate, payments.channel)
      .orderBy(asc(payments.paidDate), asc(payments.channel));
    return rows.map((r) => ({
      ...r,
      total: Number(r.total),
      received: Number(r.received),
      credited: Number(r.total),
      refundDue: Number(r.refundDue),
      refunded: Number(r.refunded),
    }));
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
        { header: h('reconciliation.received'), value: (d) => d.received / 100 },
        { header: h('reconciliation.credited'), value: (d) => d.credited / 100 },
        { header: h('reconciliation.refundDue'), value: (d) => d.refundDue / 100 },
        { header: h('reconciliation.refunded'), value: (d) => d.refunded / 100 },
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
                received: z.number().int(),
                credited: z.number().int(),
                refundDue: z.number().int(),
                refunded: z.number().int(),
              }),
            ),
            meta: z.object({
              count: z.number().int(),
              total: z.number().int(),
              received: z.number().int(),
              credited: z.number().int(),
              refundDue: z.number().int(),
              refunded: z.number().int(),
            }),
          }),
        },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const data = await reconciliation(currentUser(req), q);
      if (q.format === 'csv') {
        const csv = toCsv(
          [
            'date',
            'channel',
            'payments',
            'total (NPR)',
            'received',
            'credited',
            'refund due',
            'refunded',
          ],
          data.map((d) => [
            d.day,
            d.channel,
            d.count,
            (d.total / 100).toFixed(2),
            (d.received / 100).toFixed(2),
            (d.credited / 100).toFixed(2),
            (d.refundDue / 100).toFixed(2),
            (d.refunded / 100).toFixed(2),
          ]),
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
      const totals = { count: 0, total: 0, received: 0, credited: 0, refundDue: 0, refunded: 0 };
      for (const d of data) {
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += d[k];
      }
      return { data, meta: totals };
    },
  );
}
