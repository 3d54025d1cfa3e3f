/**
 * The staff reports (issue 19 §7, docs/api.md "Reports"): the receipt register, the cancelled
 * and refunded receipts, the collection by ward, channel, business type or BS month, and the
 * applications by status and age — each as JSON for the Reports screen and as a CSV or XLSX
 * file (lib/export.ts: streamed, formula-safe cells, headers and values in the language asked).
 * Permission `view-payments` (as the payments report), scoped like the applications (a ward
 * admin sees their ward only). Periods are AD dates (the screen picks them in BS).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { todayAd } from '../../../shared/bs-date.js';
import {
  ageResponseSchema,
  collectionQuerySchema,
  collectionResponseSchema,
  RECEIPT_PAGE_SIZE,
  receiptReportQuerySchema,
  receiptReportResponseSchema,
  reportFileSchema,
  reportQuerySchema,
} from '../../../shared/schemas/reports.js';
import type { Db } from '../../db/client.js';
import { exportBatchSize, sendExport } from '../../lib/export.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { ageColumns, collectionColumns, receiptColumns, withTotal } from './columns.js';
import {
  checkPeriod,
  parseReceiptCursor,
  receiptBatches,
  receiptCursor,
  receiptPage,
  receiptTotals,
  type ReceiptKind,
} from './receipts.js';
import { applicationsByAge, collection } from './summaries.js';

const access = { access: { permissions: ['view-payments'] } };
const once = <R>(rows: R[]) =>
  (async function* () {
    yield rows;
  })();

/** The report routes. */
export default async function reportRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  receiptRoutes(app, db, 'all', 'receipts', 'The receipt register: every receipt');
  receiptRoutes(
    app,
    db,
    'uncredited',
    'refunds',
    'Cancelled and refunded receipts: money received that was not credited (refund due) or was paid back',
  );
  collectionRoutes(app, db);
  ageRoutes(app, db);
}

/** GET /reports/{path} (pages of 100, totals of the period) and /reports/{path}/export. */
function receiptRoutes(
  app: FastifyInstance,
  db: Db,
  kind: ReceiptKind,
  path: string,
  what: string,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `/reports/${path}`,
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary: `${what} received from..to (AD, inclusive), scoped by ward; ${RECEIPT_PAGE_SIZE} a page in date order (cursor), with the totals of the whole period (paisa)`,
        querystring: receiptReportQuerySchema,
        response: { 200: receiptReportResponseSchema },
      },
    },
    async (req) => {
      const { cursor, ...q } = req.query;
      checkPeriod(q);
      const actor = currentUser(req);
      const after = parseReceiptCursor(cursor);
      const [rows, totals] = await Promise.all([
        receiptPage(db, actor, kind, q, after, RECEIPT_PAGE_SIZE + 1),
        receiptTotals(db, actor, kind, q),
      ]);
      const data = rows.slice(0, RECEIPT_PAGE_SIZE);
      const more = rows.length > RECEIPT_PAGE_SIZE;
      return {
        data,
        meta: { ...totals, nextCursor: more ? receiptCursor(data[data.length - 1]) : null },
      };
    },
  );
  r.get(
    `/reports/${path}/export`,
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary: `${what}, as CSV or XLSX (streamed), headers and values in the language asked (lang); X-Total-Count gives the rows`,
        querystring: reportQuerySchema.merge(reportFileSchema),
      },
    },
    async (req, reply) => {
      const { format, lang, ...q } = req.query;
      checkPeriod(q);
      const actor = currentUser(req);
      const totals = await receiptTotals(db, actor, kind, q);
      return sendExport(reply, {
        format,
        name: `${path}-${q.from}-${q.to}`,
        lang: lang ?? requestLang(req),
        columns: receiptColumns(kind),
        batches: receiptBatches(db, actor, kind, q, exportBatchSize()),
        total: totals.count,
      });
    },
  );
}

/** GET /reports/collection and its export. */
function collectionRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/reports/collection',
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary:
          'Money credited (completed payments) received from..to (AD, inclusive), grouped by ward, channel, businessType or month (BS), with the totals; scoped by ward; paisa',
        querystring: collectionQuerySchema,
        response: { 200: collectionResponseSchema },
      },
    },
    async (req) => {
      const { by, ...q } = req.query;
      checkPeriod(q);
      return collection(db, currentUser(req), q, by);
    },
  );
  r.get(
    '/reports/collection/export',
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary:
          'The collection grouped as asked, with a total row, as CSV or XLSX in the language asked (lang)',
        querystring: collectionQuerySchema.merge(reportFileSchema),
      },
    },
    async (req, reply) => {
      const { format, lang, by, ...q } = req.query;
      checkPeriod(q);
      const report = await collection(db, currentUser(req), q, by);
      const rows = withTotal(report.data, { key: '', nameEn: '', nameNe: '', ...report.meta });
      return sendExport(reply, {
        format,
        name: `collection-${by}-${q.from}-${q.to}`,
        lang: lang ?? requestLang(req),
        columns: collectionColumns(by),
        batches: once(rows),
        total: rows.length,
      });
    },
  );
}

/** GET /reports/applications-age and its export. */
function ageRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/reports/applications-age',
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary:
          'Applications submitted from..to (AD, inclusive) per status, counted by days since submission (0–7, 8–30, 31–90, over 90); scoped by ward',
        querystring: reportQuerySchema,
        response: { 200: ageResponseSchema },
      },
    },
    async (req) => {
      checkPeriod(req.query);
      return applicationsByAge(db, currentUser(req), req.query, todayAd());
    },
  );
  r.get(
    '/reports/applications-age/export',
    {
      config: access,
      schema: {
        tags: ['reports'],
        summary:
          'Applications by status and age, with a total row, as CSV or XLSX in the language asked (lang)',
        querystring: reportQuerySchema.merge(reportFileSchema),
      },
    },
    async (req, reply) => {
      const { format, lang, ...q } = req.query;
      checkPeriod(q);
      const report = await applicationsByAge(db, currentUser(req), q, todayAd());
      const rows = withTotal(report.data, { status: '', ...report.meta });
      return sendExport(reply, {
        format,
        name: `applications-age-${q.from}-${q.to}`,
        lang: lang ?? requestLang(req),
        columns: ageColumns(),
        batches: once(rows),
        total: rows.length,
      });
    },
  );
}
