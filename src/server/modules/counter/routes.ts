/**
 * Counter filing routes (issue 19 §4, docs/api.md), for staff holding `file-at-counter`: find a
 * walk-in applicant by mobile or citizenship number, create their account, upload their photo
 * and citizenship scan to their profile. Filing the application for them is
 * POST /counter/applicants/:id/applications (registrations/counter-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeLang } from '../../../shared/i18n/index.js';
import {
  applicantCreateSchema,
  applicantSearchSchema,
  counterApplicantSchema,
} from '../../../shared/schemas/counter.js';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import { currentUser } from '../../plugins/auth.js';
import { profileDocumentsSchema, saveProfileDocuments } from '../auth/index.js';
import { counterApplicant, createApplicant, findApplicants } from './applicants.js';

/** The permission of every counter route. */
export const FILE_AT_COUNTER = ['file-at-counter'];

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const one = z.object({ data: counterApplicantSchema, message: z.string().optional() });

/** The counter's applicant routes. */
export default async function counterRoutes(
  app: FastifyInstance,
  opts: { db: Db; store: FileStore; publicUrl: string },
) {
  const { db, store, publicUrl } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { permissions: FILE_AT_COUNTER };
  r.get(
    '/counter/applicants',
    {
      config: { access },
      schema: {
        tags: ['counter'],
        summary:
          'Find applicant accounts by the exact mobile number or citizenship number (their own, or an owner on one of their applications)',
        querystring: applicantSearchSchema,
        response: { 200: z.object({ data: z.array(counterApplicantSchema) }) },
      },
    },
    async (req) => ({ data: await findApplicants(db, req.query.q) }),
  );

  r.post(
    '/counter/applicants',
    {
      config: { access },
      schema: {
        tags: ['counter'],
        summary:
          'Create a walk-in applicant’s account; an SMS invites them to set a password. A mobile number already taken (also at the same moment) is a 409',
        body: applicantCreateSchema.extend({
          lang: z.enum(['ne', 'en-US']).optional(),
        }),
        response: { 201: one },
      },
    },
    async (req, reply) => {
      const lang = normalizeLang(req.body.lang ?? 'ne');
      const created = await createApplicant(
        db,
        { ...req.body, lang },
        { actorId: currentUser(req).id, ip: req.ip, publicUrl },
      );
      reply.code(201);
      return { data: created, message: 'Success' };
    },
  );

  r.get(
    '/counter/applicants/:id',
    {
      config: { access },
      schema: {
        tags: ['counter'],
        summary: 'One applicant account, as the counter sees it',
        params: idParams,
        response: { 200: one },
      },
    },
    async (req) => ({ data: await counterApplicant(db, req.params.id) }),
  );

  r.post(
    '/counter/applicants/:id/documents',
    {
      config: { access },
      schema: {
        tags: ['counter'],
        summary:
          'Upload the applicant’s scanned photo (JPEG/PNG) and/or citizenship (JPEG/PNG/PDF) to their profile, on their behalf (audited)',
        consumes: ['multipart/form-data'],
        params: idParams,
        body: profileDocumentsSchema,
        response: { 200: one },
      },
    },
    async (req) => {
      const applicant = await counterApplicant(db, req.params.id);
      await saveProfileDocuments(db, store, {
        ownerId: applicant.id,
        actorId: currentUser(req).id,
        body: req.body,
        ip: req.ip,
        action: 'counter.documents',
      });
      return { data: await counterApplicant(db, applicant.id), message: 'Updated Successfully' };
    },
  );
}
