/**
 * Routes of the requests about a registration (issue 19 §1–3, requests.ts): amendment,
 * closure and duplicate certificate. Each files a pending application of its service that then
 * follows the lifecycle routes like any other; each declares its input, output and permission.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  amendmentSchema,
  closureSchema,
  duplicateSchema,
} from '../../../shared/schemas/services.js';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { fileRequest } from './requests.js';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const createdResponse = z.object({
  data: z.object({ id: z.number(), submissionNo: z.string() }),
  message: z.string(),
});
/** The message of a submission's 201, as for an application (the client shows its own page). */
const SUBMITTED = 'Application Successfully Submitted!';

/** POST /applications/:id/amendment, /closure and /duplicate. */
export function requestRoutes(app: FastifyInstance, db: Db) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const common = (summary: string) => ({
    tags: ['applications'],
    summary,
    params: idParams,
    response: { 201: createdResponse },
  });
  api.post(
    '/applications/:id/amendment',
    {
      config: { access: { permissions: ['amend-applications'] } },
      schema: {
        ...common(
          'Amend an approved registration (issue 19 §1): its capital, name, business type, owners, ward and location, rent; the body is every amendable section as it should become. 409 when not an approved registration or an amendment is in progress; 422 when nothing changes',
        ),
        body: amendmentSchema,
      },
    },
    async (req, reply) => {
      const { remarks, ...amendment } = req.body;
      const created = await fileRequest(db, currentUser(req), {
        id: req.params.id,
        service: 'amendment',
        amendment: { ...amendment, remarks },
        data: { service: 'amendment', sections: [] },
        remarks,
        ip: req.ip,
        lang: requestLang(req),
      });
      reply.code(201);
      return { data: created, message: SUBMITTED };
    },
  );
  api.post(
    '/applications/:id/closure',
    {
      config: { access: { permissions: ['close-applications'] } },
      schema: {
        ...common(
          'Close an approved registration at the owner’s request (issue 19 §2): arrears of missed renewals are billed at verification; approval closes it. 409 when not an approved registration or a closure is in progress',
        ),
        body: closureSchema,
      },
    },
    async (req, reply) => {
      const created = await fileRequest(db, currentUser(req), {
        id: req.params.id,
        service: 'closure',
        data: { service: 'closure', reason: req.body.reason },
        remarks: req.body.remarks,
        ip: req.ip,
        lang: requestLang(req),
      });
      reply.code(201);
      return { data: created, message: SUBMITTED };
    },
  );
  api.post(
    '/applications/:id/duplicate',
    {
      config: { access: { permissions: ['duplicate-certificates'] } },
      schema: {
        ...common(
          'Ask for a duplicate certificate (issue 19 §3) of a lost or damaged one; approval issues a copy marked as a duplicate. 409 when not an approved registration or a duplicate is in progress',
        ),
        body: duplicateSchema,
      },
    },
    async (req, reply) => {
      const created = await fileRequest(db, currentUser(req), {
        id: req.params.id,
        service: 'duplicate',
        data: { service: 'duplicate', reason: req.body.reason, details: req.body.details },
        remarks: null,
        ip: req.ip,
        lang: requestLang(req),
      });
      reply.code(201);
      return { data: created, message: SUBMITTED };
    },
  );
}
