/**
 * Registration list routes (docs/api.md): the applications list and renewRegistrationList
 * (SPEC §2), each with its CSV/XLSX export in the language asked.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayAd } from '../../../shared/bs-date.js';
import { formatAdAsBs } from '../../../shared/format.js';
import { translate } from '../../../shared/i18n/index.js';
import { applicationListRowSchema } from '../../../shared/schemas/application-list.js';
import { listMetaSchema, listQuerySchema } from '../../../shared/schemas/list.js';
import type { Db } from '../../db/client.js';
import { exportQuerySchema, sendExport, type ExportColumn } from '../../lib/export.js';
import { compiledZodSerializer } from '../../lib/json-serializer.js';
import { confirmSession, currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import type { Registrations } from './index.js';
import {
  exportApplications,
  exportRenewals,
  listApplications,
  listApplicationsGuarded,
  listRenewals,
} from './queries.js';
import { anyObject } from './routes.js';

/** A header in both languages from a translation key. */
const h = (key: string) => ({ en: translate('en-US', key), ne: translate('ne', key) });

/** The row type of a service method's export batches. */
type BatchRow<F extends (...args: never[]) => Promise<{ batches: AsyncIterable<unknown[]> }>> =
  Awaited<ReturnType<F>> extends { batches: AsyncIterable<(infer R)[]> } ? R : never;

/** The cells the applications and renewals exports both show. */
interface RegistrationCells {
  registrationNo: string | null;
  businessName: string;
  ownerName: string;
  businessTypeNameEn: string | null;
  businessTypeNameNe: string | null;
  wardNumber: number;
}

/** Registration number, business, owner, business type and ward, in the export's language. */
function registrationColumns<R extends RegistrationCells>(): ExportColumn<R>[] {
  return [
    { header: h('applications.registrationNo'), value: (r) => r.registrationNo, width: 16 },
    { header: h('applications.businessName'), value: (r) => r.businessName, width: 30 },
    { header: h('applications.ownerName'), value: (r) => r.ownerName, width: 24 },
    {
      header: h('applications.businessType'),
      value: (r, l) => (l === 'ne' ? r.businessTypeNameNe : r.businessTypeNameEn),
      width: 24,
    },
    { header: h('applications.ward'), value: (r) => r.wardNumber, width: 8 },
  ];
}

/** The list and export routes of the registrations module. */
export default async function registrationListRoutes(
  app: FastifyInstance,
  opts: { registrations: Registrations },
) {
  const { db } = opts.registrations;
  applicationListRoutes(app, db);
  renewalListRoutes(app, db);
}

/** GET /applications and /applications/export: the applications list and its export. */
function applicationListRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/applications',
    {
      // the page's statement confirms the session (plugins/auth.ts SessionGuard, issue 18 §2)
      config: { access: { permissions: ['view-applications'] }, sessionInQuery: true },
      // the busiest route: its answer written by a serializer compiled from the schema
      serializerCompiler: compiledZodSerializer,
      schema: {
        tags: ['applications'],
        summary:
          "Applications list, scoped by role (SPEC §3 generic list query); an applicant's own rows add the bill total, rejection remarks, pending payment and renewal state (issue 17 §1)",
        querystring: listQuerySchema,
        response: {
          200: z.object({ data: z.array(applicationListRowSchema), meta: listMetaSchema }),
        },
      },
    },
    async (req) => {
      if (req.sessionGuard) {
        const page = await listApplicationsGuarded(
          db,
          currentUser(req),
          req.query,
          req.sessionGuard,
        );
        if (page) return page;
        await confirmSession(req);
      }
      return listApplications(db, currentUser(req), req.query);
    },
  );

  r.get(
    '/applications/export',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['applications'],
        summary:
          'The applications list (same filters, sort and scope) as CSV or XLSX, streamed, in the language asked (lang); X-Total-Count gives the rows',
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const lang = req.query.lang ?? requestLang(req);
      const { total, batches } = await exportApplications(db, currentUser(req), req.query);
      type Row = BatchRow<typeof exportApplications>;
      const columns: ExportColumn<Row>[] = [
        { header: h('applications.submissionNo'), value: (r) => r.submissionNo, width: 16 },
        ...registrationColumns<Row>(),
        {
          header: h('applications.status'),
          value: (r, l) => translate(l, `status.${r.appStatus}`),
        },
        {
          header: h('applications.submittedOn'),
          value: (r, l) => formatAdAsBs(r.submissionDate, l),
        },
        { header: h('export.expiryBs'), value: (r, l) => formatAdAsBs(r.expiryDate, l) },
        { header: h('export.capitalRupees'), value: (r) => r.capitalCurrent / 100 },
        { header: h('form.locMobile'), value: (r) => r.locMobile, width: 14 },
      ];
      return sendExport(reply, {
        format: req.query.format,
        name: `applications-${todayAd()}`,
        lang,
        columns,
        batches,
        total,
      });
    },
  );
}

/** GET /applications/renewals and its export: registrations due for renewal. */
function renewalListRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/applications/renewals',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['applications'],
        summary:
          'renewRegistrationList: approved registrations expired or within the renewal window (settings, 30 days by default), scoped by role',
        querystring: listQuerySchema,
        response: { 200: z.object({ data: z.array(anyObject), meta: listMetaSchema }) },
      },
    },
    async (req) => listRenewals(db, currentUser(req), req.query),
  );

  r.get(
    '/applications/renewals/export',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['applications'],
        summary:
          'renewRegistrationList (same filters, sort and scope) as CSV or XLSX, streamed, in the language asked (lang); X-Total-Count gives the rows',
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      const { total, batches } = await exportRenewals(db, currentUser(req), req.query);
      type Row = BatchRow<typeof exportRenewals>;
      const columns: ExportColumn<Row>[] = [
        ...registrationColumns<Row>(),
        { header: h('export.expiryBs'), value: (r, l) => formatAdAsBs(r.expiryDate, l) },
        { header: h('export.daysToExpiry'), value: (r) => r.daysToExpiry, width: 12 },
        {
          header: h('renewal.state'),
          value: (r, l) =>
            translate(l, r.daysToExpiry < 0 ? 'renewal.expired' : 'renewal.expiring'),
        },
        {
          header: h('export.renewalStatus'),
          value: (r, l) => (r.renewalStatus ? translate(l, `status.${r.renewalStatus}`) : null),
        },
      ];
      return sendExport(reply, {
        format: req.query.format,
        name: `renewals-${todayAd()}`,
        lang: req.query.lang ?? requestLang(req),
        columns,
        batches,
        total,
      });
    },
  );
}
