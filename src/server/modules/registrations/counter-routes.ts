/**
 * Counter filing (issue 19 §4): staff holding `file-at-counter` submit the application form for
 * a walk-in applicant whose account they found or created (counter module). The application is
 * the applicant's (Submissions.create with `onBehalfOf`): their profile photo and citizenship,
 * their language; a ward admin files only in their own ward (422 otherwise).
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationCreateSchema } from '../../../shared/schemas/applications.js';
import { counterApplicationSchema } from '../../../shared/schemas/counter.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { counterApplications } from './counter-list.js';
import { createdResponse, gatherDocuments, SUBMITTED, uploadsOf } from './routes.js';
import type { Registrations } from './index.js';

const applicantParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The applicant (a live account of role user) the counter files for; 404 otherwise. */
async function applicantOf(db: Db, id: number): Promise<{ id: number; lang: string }> {
  const [found] = await db
    .select({ id: users.id, lang: users.lang })
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.userType, 'user'),
        eq(users.status, 1),
        isNull(users.deletedOn),
      ),
    );
  if (!found) throw AppError.notFound();
  return found;
}

/**
 * POST /counter/applicants/:id/applications: file an application for applicant `id`;
 * GET: their applications (counter-list.ts), to open one or file a request about it.
 */
export default async function counterSubmitRoutes(
  app: FastifyInstance,
  opts: { registrations: Registrations },
) {
  const { db, submissions } = opts.registrations;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/counter/applicants/:id/applications',
    {
      config: { access: { permissions: ['file-at-counter'] } },
      schema: {
        tags: ['counter'],
        summary: `Applicant :id's applications the signed-in staff may see (a ward admin: their ward's), newest first, at most 50, each with the requests (amendment, closure, duplicate) staff may file about it now`,
        params: applicantParams,
        response: { 200: z.object({ data: z.array(counterApplicationSchema) }) },
      },
    },
    async (req) => {
      const applicant = await applicantOf(db, req.params.id);
      return { data: await counterApplications(db, currentUser(req), applicant.id) };
    },
  );
  r.post(
    '/counter/applicants/:id/applications',
    {
      config: { access: { permissions: ['file-at-counter'] } },
      preValidation: gatherDocuments,
      schema: {
        tags: ['counter'],
        summary:
          'File an application at the counter for applicant :id (the same form as POST /applications). It is theirs, with their profile photo and citizenship (422 "Please upload photos first"); a ward admin files only in their own ward (422)',
        consumes: ['multipart/form-data'],
        params: applicantParams,
        body: applicationCreateSchema,
        response: { 201: createdResponse },
      },
    },
    async (req, reply) => {
      const { documents, oldCertificate, ...fields } = req.body;
      const applicant = await applicantOf(db, req.params.id);
      const uploads = uploadsOf({ documents, oldCertificate });
      const created = await submissions.create(
        currentUser(req),
        fields,
        uploads,
        req.ip,
        requestLang(req),
        undefined,
        applicant,
      );
      reply.code(201);
      return { data: created, message: SUBMITTED };
    },
  );
}
