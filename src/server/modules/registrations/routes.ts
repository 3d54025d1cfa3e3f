/**
 * Registration routes (docs/api.md): submit, quote, read, edit, renew and the document
 * checklist. Each declares its input, output and the permission it needs (config.access);
 * scoping is enforced in the module's queries (lib/scope.ts). Lists and exports are
 * list-routes.ts; lifecycle transitions lifecycle-routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationCreateSchema,
  applicationUpdateSchema,
  billSchema,
  DOC_FIELD_PREFIX,
  documentChecksSchema,
  quoteSchema,
  renewSchema,
} from '../../../shared/schemas/applications.js';
import { translate } from '../../../shared/i18n/index.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { idempotencyHeaders, REPLAYED_HEADER, requestFingerprint } from '../../lib/idempotency.js';
import { isUploadedFile, type UploadedFile } from '../../lib/storage.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { applicationDetail } from './detail.js';
import { setDocumentChecks, type ApplicationUploads } from './documents.js';
import type { Registrations } from './index.js';
import { quote } from './queries.js';
import { renew } from './renewals.js';
import { requestRoutes } from './request-routes.js';
import type { Submissions } from './submit.js';

/** `:id` of a route: a positive int4. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const anyObject = z.record(z.string(), z.unknown());
/** An application detail answer (and the action's message). */
export const detailResponse = z.object({ data: anyObject, message: z.string().optional() });
export const createdResponse = z.object({
  data: z.object({ id: z.number(), submissionNo: z.string() }),
  message: z.string(),
});
/** The message of a submission's 201 (the client shows its own translated page). */
export const SUBMITTED = 'Application Successfully Submitted!';

/**
 * preValidation: gathers the `doc_<slug>` form fields (required-file uploads, SPEC §5) into
 * `documents`, which the shared schema validates as one object.
 */
export async function gatherDocuments(req: { body: unknown }) {
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
export function uploadsOf(body: { documents: Record<string, unknown>; oldCertificate?: unknown }) {
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

/** Intake, quote, detail, edit, renewal and checklist routes of the registrations module. */
export default async function registrationRoutes(
  app: FastifyInstance,
  opts: { registrations: Registrations },
) {
  const { registrations } = opts;
  const { db, submissions } = registrations;
  submitRoute(app, submissions);
  quoteRoute(app, db);
  renewRoute(app, registrations);
  requestRoutes(app, db);
  documentChecksRoute(app, db);
  detailRoutes(app, db, submissions);
}

/** POST /applications: submit an application, made safe to retry by an Idempotency-Key. */
function submitRoute(app: FastifyInstance, submissions: Submissions) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
      const submit = (inTransaction?: Parameters<Submissions['create']>[5]) =>
        submissions.create(user, fields, uploads, req.ip, requestLang(req), inTransaction);
      const key = req.headers['idempotency-key'];
      if (!key) {
        reply.code(201);
        return { data: await submit(), message: SUBMITTED };
      }
      // Idempotency-Key (issue 8 §4): a retry of the same submission answers the first one.
      const answer = await submissions.idempotency.execute(
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
}

/** POST /applications/quote: the fee estimate before submitting. */
function quoteRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
      const q = await quote(db, currentUser(req), {
        ...req.body,
        renewalOf: req.body.renewalOf ?? null,
      });
      return {
        data: { ...q, problem: q.problem ? translate(requestLang(req), q.problem) : null },
      };
    },
  );
}

/** POST /applications/:id/renew: a pending renewal of a registration, with its proofs. */
function renewRoute(app: FastifyInstance, registrations: Registrations) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
      const created = await renew(registrations, currentUser(req), {
        id: req.params.id,
        uploads: {
          renewProof: renewProof as UploadedFile,
          oldCertificate: oldCertificate as UploadedFile,
        },
        remarks,
        ip: req.ip,
        lang: requestLang(req),
      });
      reply.code(201);
      return { data: created, message: 'Application Successfully Submitted!' };
    },
  );
}

/** POST /applications/:id/documents/:documentId/checks: staff tick a document's checklist. */
function documentChecksRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
      const { id, documentId } = req.params;
      await setDocumentChecks(db, user, { id, documentId }, req.body.checks, req.ip);
      return {
        data: await applicationDetail(db, user, req.params.id, requestLang(req)),
        message: 'Updated Successfully',
      };
    },
  );
}

/** GET and POST /applications/:id: the application's detail, and editing its whole form. */
function detailRoutes(app: FastifyInstance, db: Db, submissions: Submissions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
      data: await applicationDetail(db, currentUser(req), req.params.id, requestLang(req)),
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
      await submissions.update(
        user,
        req.params.id,
        fields,
        uploadsOf({ documents, oldCertificate }),
        req.ip,
      );
      return {
        data: await applicationDetail(db, user, req.params.id, requestLang(req)),
        message: 'Updated Successfully',
      };
    },
  );
}
