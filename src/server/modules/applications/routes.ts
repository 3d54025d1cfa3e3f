/**
 * Application routes (docs/api.md). Each declares its input, output and the permission it
 * needs (config.access); scoping is enforced in ApplicationService.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import {
  acceptSchema,
  applicationCreateSchema,
  applicationUpdateSchema,
  billSchema,
  DOC_FIELD_PREFIX,
  documentChecksSchema,
  manualPaymentSchema,
  quoteSchema,
  rejectSchema,
  remarksSchema,
  renewSchema,
} from '../../../shared/schemas/applications.js';
import { translate } from '../../../shared/i18n/index.js';
import { todayAd } from '../../../shared/bs-date.js';
import { formatAdAsBs } from '../../../shared/format.js';
import { exportQuerySchema, sendExport, type ExportColumn } from '../../lib/export.js';

/** A header in both languages from a translation key. */
const h = (key: string) => ({ en: translate('en-US', key), ne: translate('ne', key) });
import { certificateViewSchema } from '../../../shared/schemas/certificate.js';
import { listMetaSchema, listQuerySchema } from '../../../shared/schemas/list.js';
import type { AppAction } from '../../../shared/lifecycle.js';
import { ACTION_PERMISSION } from '../../../shared/lifecycle.js';
import { AppError } from '../../errors.js';
import { idempotencyHeaders, REPLAYED_HEADER, requestFingerprint } from '../../lib/idempotency.js';
import { isUploadedFile, type UploadedFile } from '../../lib/storage.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { renderCertificateHtml, type PdfRenderer } from '../certificates/render.js';
import type { ApplicationService, ApplicationUploads } from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const anyObject = z.record(z.string(), z.unknown());
const detailResponse = z.object({ data: anyObject, message: z.string().optional() });
const createdResponse = z.object({
  data: z.object({ id: z.number(), submissionNo: z.string() }),
  message: z.string(),
});
/** The message of a submission's 201 (the client shows its own translated page). */
const SUBMITTED = 'Application Successfully Submitted!';

/**
 * preValidation: gathers the `doc_<slug>` form fields (required-file uploads, SPEC §5) into
 * `documents`, which the shared schema validates as one object.
 */
async function gatherDocuments(req: { body: unknown }) {
  if (!req.body || typeof req.body !== 'object') return;
  const body = req.body as Record<string, unknown>;
  const documents: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    if (!key.startsWith(DOC_FIELD_PREFIX)) continue;
    documents[key.slice(DOC_FIELD_PREFIX.length)] = body[key];
    delete body[key];
  }
  if (Object.keys(documents).length) body.documents = documents;
}

/** The uploads of a create/update body; 422 on any field that is not a file. */
function uploadsOf(body: { documents: Record<string, unknown>; oldCertificate?: unknown }) {
  const errors: Record<string, string[]> = {};
  const out: ApplicationUploads = { documents: {} };
  for (const [slug, v] of Object.entries(body.documents)) {
    if (isUploadedFile(v)) out.documents[slug] = v;
    else errors[`${DOC_FIELD_PREFIX}${slug}`] = ['validation.file'];
  }
  if (body.oldCertificate != null) {
    if (isUploadedFile(body.oldCertificate)) out.oldCertificate = body.oldCertificate;
    else errors.oldCertificate = ['validation.file'];
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return out;
}

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

export default async function applicationRoutes(
  app: FastifyInstance,
  opts: { service: ApplicationService; pdf: PdfRenderer; publicUrl: string },
) {
  const { service, pdf, publicUrl } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/applications',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['applications'],
        summary: 'Applications list, scoped by role (SPEC §3 generic list query)',
        querystring: listQuerySchema,
        response: { 200: z.object({ data: z.array(anyObject), meta: listMetaSchema }) },
      },
    },
    async (req) => service.list(currentUser(req), req.query),
  );

  r.post(
    '/applications',
    {
      config: { access: { permissions: ['create-applications'] } },
      preValidation: gatherDocuments,
      schema: {
        tags: ['applications'],
        summary:
          'Submit an application, single or multiple owners. Photo and citizenship come from the profile (422 "Please upload photos first"); required files as doc_<slug>; an old registration adds oldCertificate. An optional Idempotency-Key (1–128 printable ASCII, kept ≥ 24 h) makes retries safe: the same key and body replays the first answer (header Idempotent-Replayed: true), another body is a 422, a key still in flight a 409',
        consumes: ['multipart/form-data'],
        headers: idempotencyHeaders,
        body: applicationCreateSchema,
        response: { 201: createdResponse },
      },
    },
    async (req, reply) => {
      const { documents, oldCertificate, ...fields } = req.body;
      const user = currentUser(req);
      const uploads = uploadsOf({ documents, oldCertificate });
      const submit = (inTransaction?: Parameters<ApplicationService['create']>[5]) =>
        service.create(user, fields, uploads, req.ip, requestLang(req), inTransaction);
      const key = req.headers['idempotency-key'];
      if (!key) {
        reply.code(201);
        return { data: await submit(), message: SUBMITTED };
      }
      // Idempotency-Key (issue 8 §4): a retry of the same submission answers the first one.
      const answer = await service.idempotency.execute(
        {
          scope: 'applications.create',
          userId: user.id,
          key,
          requestHash: requestFingerprint(req.body),
        },
        async (record) => {
          let body: z.infer<typeof createdResponse> | undefined;
          await submit(async (tx, created) => {
            body = { data: created, message: SUBMITTED };
            await record(tx, { statusCode: 201, body, entityId: created.id });
          });
          return { statusCode: 201, body };
        },
      );
      if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
      // only a completed submission is stored, so the status is the 201 of that one
      reply.code(answer.statusCode as 201);
      return answer.body as z.infer<typeof createdResponse>;
    },
  );

  r.post(
    '/applications/quote',
    {
      config: { access: { permissions: ['create-applications', 'renew-applications'] } },
      schema: {
        tags: ['applications'],
        summary:
          'Fee estimate before submitting (DESIGN.md §5); renewalOf = the registration being renewed',
        body: quoteSchema,
        response: {
          200: z.object({
            data: z.object({
              bill: billSchema.nullable(),
              problem: z.string().nullable(),
              timing: z
                .object({
                  monthsLate: z.number(),
                  fiscalYearsDue: z.number(),
                  renewedBeforeExpiry: z.boolean(),
                })
                .nullable(),
            }),
          }),
        },
      },
    },
    async (req) => {
      const q = await service.quote(currentUser(req), {
        ...req.body,
        renewalOf: req.body.renewalOf ?? null,
      });
      return {
        data: { ...q, problem: q.problem ? translate(requestLang(req), q.problem) : null },
      };
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
      const { total, batches } = await service.exportRows(currentUser(req), req.query);
      type Row = BatchRow<typeof service.exportRows>;
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

  r.get(
    '/applications/renewals',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['applications'],
        summary:
          'renewRegistrationList: approved registrations expired or expiring within 30 days, scoped by role',
        querystring: listQuerySchema,
        response: { 200: z.object({ data: z.array(anyObject), meta: listMetaSchema }) },
      },
    },
    async (req) => service.renewals(currentUser(req), req.query),
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
      const { total, batches } = await service.exportRenewals(currentUser(req), req.query);
      type Row = BatchRow<typeof service.exportRenewals>;
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

  r.post(
    '/applications/:id/renew',
    {
      config: { access: { permissions: ['renew-applications'] } },
      schema: {
        tags: ['applications'],
        summary:
          'Renew a registration (re-new-registration/{id}): renew proof and old certificate; creates a pending renewal',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: renewSchema,
        response: { 201: createdResponse },
      },
    },
    async (req, reply) => {
      const { renewProof, oldCertificate, remarks } = req.body;
      const errors: Record<string, string[]> = {};
      if (!isUploadedFile(renewProof)) errors.renewProof = ['validation.file'];
      if (!isUploadedFile(oldCertificate)) errors.oldCertificate = ['validation.file'];
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const created = await service.renew(
        currentUser(req),
        req.params.id,
        {
          renewProof: renewProof as UploadedFile,
          oldCertificate: oldCertificate as UploadedFile,
        },
        remarks,
        req.ip,
        requestLang(req),
      );
      reply.code(201);
      return { data: created, message: 'Application Successfully Submitted!' };
    },
  );

  r.post(
    '/applications/:id/documents/:documentId/checks',
    {
      config: { access: { permissions: ['verify-applications'] } },
      schema: {
        tags: ['applications'],
        summary: 'Tick the image checklist of one document (staff, before approval)',
        params: idParams.extend({ documentId: idParams.shape.id }),
        body: documentChecksSchema,
        response: { 200: detailResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await service.setDocumentChecks(
        user,
        req.params.id,
        req.params.documentId,
        req.body.checks,
        req.ip,
      );
      return {
        data: await service.detail(user, req.params.id, requestLang(req)),
        message: 'Updated Successfully',
      };
    },
  );

  r.get(
    '/applications/:id',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['applications'],
        summary: 'Application detail with documents, history, payments and allowed actions',
        params: idParams,
        querystring: z.object({ lang: z.string().optional() }),
        response: { 200: detailResponse },
      },
    },
    async (req) => ({
      data: await service.detail(currentUser(req), req.params.id, requestLang(req)),
    }),
  );

  r.post(
    '/applications/:id',
    {
      config: { access: { permissions: ['edit-applications'] } },
      preValidation: gatherDocuments,
      schema: {
        tags: ['applications'],
        summary:
          'Edit an application (whole form; doc_<slug> files replace documents). The applicant edits while pending or rejected (a rejected one is resubmitted), staff while pending, verified or rejected',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: applicationUpdateSchema,
        response: { 200: detailResponse },
      },
    },
    async (req) => {
      const { documents, oldCertificate, ...fields } = req.body;
      const user = currentUser(req);
      await service.update(
        user,
        req.params.id,
        fields,
        uploadsOf({ documents, oldCertificate }),
        req.ip,
      );
      return {
        data: await service.detail(user, req.params.id, requestLang(req)),
        message: 'Updated Successfully',
      };
    },
  );

  /** Declares one transition route; body schema and the service call differ per action. */
  const transition = <S extends z.ZodType>(
    path: string,
    action: AppAction,
    summary: string,
    body: S,
    run: (req: {
      user: ReturnType<typeof currentUser>;
      id: number;
      body: z.output<S>;
      ip: string;
      raw: unknown;
    }) => Promise<void>,
  ) =>
    r.post(
      `/applications/:id/${path}`,
      {
        config: { access: { permissions: [ACTION_PERMISSION[action]] } },
        schema: {
          tags: ['applications'],
          summary,
          params: idParams,
          body,
          response: { 200: detailResponse },
        },
      },
      async (req) => {
        const user = currentUser(req);
        await run({
          user,
          id: req.params.id,
          body: req.body as z.output<S>,
          ip: req.ip,
          raw: req.body,
        });
        return {
          data: await service.detail(user, req.params.id, requestLang(req)),
          message: 'Action was successful',
        };
      },
    );

  transition(
    'verify',
    'verify',
    'Verify: assess the bill (pending → verified)',
    remarksSchema,
    (x) => service.verify(x.user, x.id, x.body.remarks, x.ip),
  );
  transition(
    'reject',
    'reject',
    'Reject with remarks (pending|verified → rejected)',
    rejectSchema,
    (x) => service.transition(x.user, x.id, 'reject', { remarks: x.body.remarks, ip: x.ip }),
  );
  transition(
    'payments',
    'pay',
    'Record a manual (counter/bank) payment of the bill (verified → paid): amount (= the bill, rupees), receiptNo, paidDate, channel, receipt scan',
    manualPaymentSchema.extend({ receipt: z.unknown().optional() }),
    (x) => {
      const { receipt, ...input } = x.body;
      // the scan of the paper receipt is compulsory (issue 6 §2)
      if (!isUploadedFile(receipt))
        throw AppError.validation({
          receipt: [receipt == null ? 'validation.required' : 'validation.file'],
        });
      return service.recordPayment(x.user, x.id, input, receipt, x.ip);
    },
  );
  transition(
    'approve',
    'approve',
    'Approve: registration number and certificate (paid → approved)',
    remarksSchema,
    (x) => service.approve(x.user, x.id, x.body.remarks, x.ip),
  );
  transition(
    'accept',
    'accept',
    'Accept an old paper registration into the system (pending → approved, unpaid)',
    acceptSchema,
    (x) => service.accept(x.user, x.id, x.body.remarks, x.body.expiryDate, x.ip),
  );
  transition(
    'cancel',
    'cancel',
    'Cancel (pending|verified|rejected → cancelled)',
    remarksSchema,
    (x) => service.transition(x.user, x.id, 'cancel', { remarks: x.body.remarks, ip: x.ip }),
  );
  transition(
    'terminate',
    'terminate',
    'Terminate an approved registration (approved → cancelled)',
    rejectSchema,
    (x) => service.transition(x.user, x.id, 'terminate', { remarks: x.body.remarks, ip: x.ip }),
  );
  transition(
    'resubmit',
    'resubmit',
    'Resubmit a rejected application (rejected → pending)',
    remarksSchema,
    (x) => service.transition(x.user, x.id, 'resubmit', { remarks: x.body.remarks, ip: x.ip }),
  );

  r.get(
    '/applications/:id/certificate',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['certificates'],
        summary: 'What the certificate shows',
        params: idParams,
        response: { 200: z.object({ data: certificateViewSchema }) },
      },
    },
    async (req) => ({ data: await service.certificateView(currentUser(req), req.params.id) }),
  );

  r.get(
    '/applications/:id/certificate.pdf',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['certificates'],
        summary: 'Certificate as PDF (bilingual, A4)',
        params: idParams,
      },
    },
    async (req, reply) => {
      const view = await service.certificateView(currentUser(req), req.params.id);
      // The QR code opens the public verification page (issue 7 §2).
      const url = `${publicUrl}/verify/${encodeURIComponent(view.verifyCode)}`;
      const qrSvg = await QRCode.toString(url, {
        type: 'svg',
        margin: 0,
        errorCorrectionLevel: 'M',
      });
      const bytes = await pdf.render(renderCertificateHtml(view, { url, qrSvg }));
      const name = `certificate-${view.registrationNo.replace(/\//g, '-')}.pdf`;
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(bytes);
    },
  );

  r.get(
    '/verify/:code',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['certificates'],
        summary:
          'Public certificate check (no login): genuine or not, and what the certificate shows publicly with its status (valid, expired, renewed, revoked)',
        params: z.object({ code: z.string().min(1).max(40) }),
        response: {
          200: z.object({
            data: z.union([
              z.object({ genuine: z.literal(false) }),
              z.object({
                genuine: z.literal(true),
                status: z.enum(['valid', 'expired', 'renewed', 'revoked']),
                businessName: z.string(),
                registrationNo: z.string(),
                ward: z.object({ number: z.number(), nameEn: z.string(), nameNe: z.string() }),
                fiscalYear: z.object({ en: z.string(), ne: z.string() }),
                validUntil: z.string(),
                issuedAt: z.string(),
                revokedAt: z.string().nullable(),
                revokeReason: z.string().nullable(),
              }),
            ]),
          }),
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await service.publicVerification(req.params.code) };
    },
  );

  r.post(
    '/certificates/:id/revoke',
    {
      config: { access: { permissions: ['approve-applications'] } },
      schema: {
        tags: ['certificates'],
        summary:
          'Revoke a certificate with a reason; the public verification page shows it at once',
        params: idParams,
        body: rejectSchema,
        response: { 200: detailResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const appId = await service.revokeCertificate(user, req.params.id, req.body.remarks, req.ip);
      return {
        data: await service.detail(user, appId, requestLang(req)),
        message: 'Action was successful',
      };
    },
  );

  r.get(
    '/files/:id',
    {
      schema: { tags: ['files'], summary: 'An uploaded file the user may see', params: idParams },
    },
    async (req, reply) => {
      const f = await service.readableFile(currentUser(req), req.params.id);
      reply
        .type(f.meta.mime)
        .header(
          'content-disposition',
          `inline; filename="file-${f.meta.id}.${f.meta.mime.split('/')[1]}"`,
        )
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff');
      return reply.send(f.data);
    },
  );

  r.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'SPEC §3 counts and chart series (registrations per ward and per business type, revenue per BS month), scoped to the signed-in user; filter by fiscalYearId and wardId',
        querystring: z.object({
          fiscalYearId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          wardId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        }),
        response: {
          200: z.object({
            data: z.object({
              total: z.number(),
              pending: z.number(),
              verified: z.number(),
              paid: z.number(),
              approved: z.number(),
              rejected: z.number(),
              cancelled: z.number(),
              paidAmount: z.number(),
              users: z.number(),
              fiscalYear: z
                .object({ id: z.number(), code: z.string(), nameNe: z.string() })
                .nullable(),
              byWard: z.array(z.object({ wardId: z.number(), number: z.number(), n: z.number() })),
              byBusinessType: z.array(
                z.object({ id: z.number(), nameEn: z.string(), nameNe: z.string(), n: z.number() }),
              ),
              revenueByMonth: z.array(z.object({ month: z.number(), total: z.number() })),
            }),
          }),
        },
      },
    },
    async (req) => ({ data: await service.dashboard(currentUser(req), req.query) }),
  );
}
