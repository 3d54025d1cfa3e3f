/**
 * Certificate routes (docs/api.md): what the certificate shows, its PDF (A4, bilingual, with
 * a QR code that opens the public check), the public check `/verify/{code}` (no login) and
 * revocation.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { rejectSchema } from '../../../shared/schemas/applications.js';
import { certificateViewSchema } from '../../../shared/schemas/certificate.js';
import type { Db } from '../../db/client.js';
import { contentDisposition } from '../../lib/disposition.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { applicationDetail, detailResponse, idParams } from '../registrations/index.js';
import type { SettingsService } from '../settings/index.js';
import { acknowledgementRoutes } from './acknowledgement-routes.js';
import { revokeCertificate } from './issue.js';
import type { PdfRenderer } from './pdf.js';
import { renderCertificateHtml } from './templates/certificate.js';
import { publicVerification } from './verification.js';
import { closureLetterView, renderClosureLetterHtml } from './closure-letter.js';
import { certificateView } from './view.js';

/** The public check's answer: not genuine, or what the certificate shows publicly. */
const verificationResponse = z.object({
  data: z.union([
    z.object({ genuine: z.literal(false) }),
    z.object({
      genuine: z.literal(true),
      status: z.enum(['valid', 'expired', 'renewed', 'superseded', 'closed', 'revoked']),
      businessName: z.string(),
      registrationNo: z.string(),
      ward: z.object({ number: z.number(), nameEn: z.string(), nameNe: z.string() }),
      fiscalYear: z.object({ en: z.string(), ne: z.string() }),
      validUntil: z.string(),
      issuedAt: z.string(),
      revokedAt: z.string().nullable(),
      revokeReason: z.string().nullable(),
      kind: z.enum(['issue', 'amendment', 'duplicate']),
      closedOn: z.string().nullable(),
    }),
  ]),
});

/** The certificate routes. */
export default async function certificateRoutes(
  app: FastifyInstance,
  opts: {
    db: Db;
    pdf: PdfRenderer;
    publicUrl: string;
    signingKey: string;
    settings: SettingsService;
  },
) {
  const { db, pdf, publicUrl, signingKey, settings } = opts;
  certificateDocumentRoutes(app, db, pdf, publicUrl, settings);
  closureLetterRoute(app, db, pdf, settings);
  acknowledgementRoutes(app, { db, pdf, publicUrl, signingKey, settings });
  verifyRoute(app, db, signingKey);
  revokeRoute(app, db);
}

/** GET /applications/:id/certificate and its .pdf: what the certificate shows, and its PDF. */
function certificateDocumentRoutes(
  app: FastifyInstance,
  db: Db,
  pdf: PdfRenderer,
  publicUrl: string,
  settings: SettingsService,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    async (req) => ({ data: await certificateView(db, currentUser(req), req.params.id) }),
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
      const view = await certificateView(db, currentUser(req), req.params.id);
      // The QR code opens the public verification page (issue 7 §2).
      const url = `${publicUrl}/verify/${encodeURIComponent(view.verifyCode)}`;
      const qrSvg = await QRCode.toString(url, {
        type: 'svg',
        margin: 0,
        errorCorrectionLevel: 'M',
      });
      const emblem = await settings.emblemDataUri();
      const bytes = await pdf.render(renderCertificateHtml(view, { url, qrSvg }, emblem));
      const name = `certificate-${view.registrationNo.replace(/\//g, '-')}.pdf`;
      reply
        .type('application/pdf')
        // RFC 6266 filename*: an old registration's number may be in Devanagari (४५६/०७५-७६)
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'private, no-store');
      return reply.send(bytes);
    },
  );
}

/** GET /applications/:id/closure-letter.pdf: the closure letter (issue 19 §2). */
function closureLetterRoute(
  app: FastifyInstance,
  db: Db,
  pdf: PdfRenderer,
  settings: SettingsService,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/applications/:id/closure-letter.pdf',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['certificates'],
        summary:
          'Closure letter as PDF (bilingual, A4) of a closed registration or its closure request; 409 until a closure is approved',
        params: idParams,
      },
    },
    async (req, reply) => {
      const view = await closureLetterView(db, currentUser(req), req.params.id);
      const bytes = await pdf.render(renderClosureLetterHtml(view, await settings.emblemDataUri()));
      reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(`closure-letter-${view.registrationNo.replace(/\//g, '-')}.pdf`),
        )
        .header('cache-control', 'private, no-store');
      return reply.send(bytes);
    },
  );
}

/** GET /verify/:code: the public certificate check, no login. */
function verifyRoute(app: FastifyInstance, db: Db, signingKey: string) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/verify/:code',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['certificates'],
        summary:
          'Public certificate check (no login): genuine or not, and what the certificate shows publicly with its status (valid, expired, renewed, superseded, closed, revoked)',
        params: z.object({ code: z.string().min(1).max(40) }),
        response: { 200: verificationResponse },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await publicVerification(db, signingKey, req.params.code) };
    },
  );
}

/** POST /certificates/:id/revoke: revoke a certificate with a reason. */
function revokeRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
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
      const appId = await revokeCertificate(db, user, req.params.id, req.body.remarks, req.ip);
      return {
        data: await applicationDetail(db, user, appId, requestLang(req)),
        message: 'Action was successful',
      };
    },
  );
}
