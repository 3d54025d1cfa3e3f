/**
 * Application routes (docs/api.md). Each declares its input, output and the permission it
 * needs (config.access); scoping is enforced in ApplicationService.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applicationCreateSchema,
  applicationUpdateSchema,
  manualPaymentSchema,
  rejectSchema,
  remarksSchema,
} from '../../../shared/schemas/applications.js';
import { certificateViewSchema } from '../../../shared/schemas/certificate.js';
import { listMetaSchema, listQuerySchema } from '../../../shared/schemas/list.js';
import type { AppAction } from '../../../shared/lifecycle.js';
import { ACTION_PERMISSION } from '../../../shared/lifecycle.js';
import { AppError } from '../../errors.js';
import { isUploadedFile, type UploadedFile } from '../../lib/storage.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { renderCertificateHtml, type PdfRenderer } from '../certificates/render.js';
import type { ApplicationService } from './service.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const anyObject = z.record(z.string(), z.unknown());
const detailResponse = z.object({ data: anyObject, message: z.string().optional() });

export default async function applicationRoutes(
  app: FastifyInstance,
  opts: { service: ApplicationService; pdf: PdfRenderer },
) {
  const { service, pdf } = opts;
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
      schema: {
        tags: ['applications'],
        summary:
          'Submit an application, single or multiple owners (multipart with photo and citizenship)',
        consumes: ['multipart/form-data'],
        body: applicationCreateSchema,
        response: {
          201: z.object({
            data: z.object({ id: z.number(), submissionNo: z.string() }),
            message: z.string(),
          }),
        },
      },
    },
    async (req, reply) => {
      const { photo, citizenship, ...fields } = req.body;
      const uploads = { photo: photo as unknown, citizenship: citizenship as unknown };
      const missing = Object.entries(uploads).filter(([, v]) => !isUploadedFile(v));
      if (missing.length) {
        throw AppError.validation(
          Object.fromEntries(missing.map(([k]) => [k, ['validation.required']])),
        );
      }
      const created = await service.create(
        currentUser(req),
        fields,
        uploads as { photo: UploadedFile; citizenship: UploadedFile },
        req.ip,
        requestLang(req),
      );
      reply.code(201);
      return { data: created, message: 'Application Successfully Submitted!' };
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
    async (req) => ({ data: await service.detail(currentUser(req), req.params.id) }),
  );

  r.post(
    '/applications/:id',
    {
      config: { access: { permissions: ['edit-applications'] } },
      schema: {
        tags: ['applications'],
        summary:
          'Edit an application (whole form; photo and citizenship optional). The applicant edits while pending or rejected (a rejected one is resubmitted), staff while pending, verified or rejected',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: applicationUpdateSchema,
        response: { 200: detailResponse },
      },
    },
    async (req) => {
      const { photo, citizenship, ...fields } = req.body;
      const uploads: { photo?: UploadedFile; citizenship?: UploadedFile } = {};
      const errors: Record<string, string[]> = {};
      for (const [k, v] of [
        ['photo', photo],
        ['citizenship', citizenship],
      ] as const) {
        if (v == null) continue;
        if (isUploadedFile(v)) uploads[k] = v;
        else errors[k] = ['validation.file'];
      }
      if (Object.keys(errors).length) throw AppError.validation(errors);
      const user = currentUser(req);
      await service.update(user, req.params.id, fields, uploads, req.ip);
      return { data: await service.detail(user, req.params.id), message: 'Updated Successfully' };
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
          data: await service.detail(user, req.params.id),
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
    'Record a manual (counter/bank) payment of the bill (verified → paid)',
    manualPaymentSchema.extend({ receipt: z.unknown().optional() }),
    (x) => {
      const { receipt, ...input } = x.body;
      return service.recordPayment(
        x.user,
        x.id,
        input,
        isUploadedFile(receipt) ? receipt : undefined,
        x.ip,
      );
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
      const bytes = await pdf.render(renderCertificateHtml(view));
      const name = `certificate-${view.registrationNo.replace(/\//g, '-')}.pdf`;
      reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(bytes);
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
        summary: 'SPEC §3 counts scoped to the signed-in user',
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
            }),
          }),
        },
      },
    },
    async (req) => ({ data: await service.dashboard(currentUser(req)) }),
  );
}
