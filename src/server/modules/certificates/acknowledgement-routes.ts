/**
 * The acknowledgement slip's PDF and the public status tracking it links to (issue 19 §4,
 * docs/api.md): GET /applications/:id/acknowledgement (anyone who sees the application) and
 * GET /track/:code (no login, rate-limited like the public certificate check).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { trackViewSchema } from '../../../shared/schemas/counter.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../lib/disposition.js';
import { currentUser } from '../../plugins/auth.js';
import { idParams } from '../registrations/index.js';
import type { SettingsService } from '../settings/index.js';
import { acknowledgementView } from './acknowledgement.js';
import type { PdfRenderer } from './pdf.js';
import { renderAcknowledgementHtml } from './templates/acknowledgement.js';
import { publicTracking, trackCode } from './tracking.js';

/** The slip and the tracking routes. */
export function acknowledgementRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    pdf: PdfRenderer;
    publicUrl: string;
    signingKey: string;
    settings: SettingsService;
  },
) {
  const { db, pdf, publicUrl, signingKey, settings } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/applications/:id/acknowledgement',
    {
      config: { access: { permissions: ['view-applications'] } },
      schema: {
        tags: ['certificates'],
        summary:
          'Acknowledgement slip as PDF (A5, bilingual): submission number, service, business, applicant, documents received, fees paid, and a QR code to the public status page /track/{code}',
        params: idParams,
      },
    },
    async (req, reply) => {
      const view = await acknowledgementView(db, currentUser(req), req.params.id);
      const url = `${publicUrl}/track/${trackCode(signingKey, view.id)}`;
      const qrSvg = await QRCode.toString(url, {
        type: 'svg',
        margin: 0,
        errorCorrectionLevel: 'M',
      });
      const html = renderAcknowledgementHtml(view, { url, qrSvg }, await settings.emblemDataUri());
      const bytes = await pdf.render(html);
      reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(`acknowledgement-${view.submissionNo.replace(/\//g, '-')}.pdf`),
        )
        .header('cache-control', 'private, no-store');
      return reply.send(bytes);
    },
  );

  r.get(
    '/track/:code',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['certificates'],
        summary:
          'Public status of an application (no login), from the code on its acknowledgement slip: submission number, service, business name, status, submitted and last updated; 404 for a code that is not genuine',
        params: z.object({ code: z.string().min(1).max(40) }),
        response: { 200: z.object({ data: trackViewSchema }) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await publicTracking(db, signingKey, req.params.code);
      if (!data) throw AppError.notFound();
      return { data };
    },
  );
}
