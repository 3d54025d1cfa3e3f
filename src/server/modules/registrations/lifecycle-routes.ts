/**
 * Lifecycle routes (DESIGN.md §4): POST /applications/:id/<action>. Each declares its body and
 * the workflow permission of its action (src/shared/lifecycle.ts ACTION_PERMISSION) and
 * answers the application's detail. The counter payment (`/payments`, verified → paid) is the
 * billing module's, declared with the same `transitionRoute`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ACTION_PERMISSION, type AppAction } from '../../../shared/lifecycle.js';
import { acceptSchema, rejectSchema, remarksSchema } from '../../../shared/schemas/applications.js';
import type { Db } from '../../db/client.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { applicationDetail } from './detail.js';
import type { Registrations } from './index.js';
import { detailResponse, idParams } from './routes.js';

/** What a transition route hands its action: the caller, the id, the parsed body, the IP. */
export interface TransitionRequest<S extends z.ZodType> {
  user: ReturnType<typeof currentUser>;
  id: number;
  body: z.output<S>;
  ip: string;
}

/**
 * Declares POST /applications/:id/`path` for lifecycle `action`: permission
 * ACTION_PERMISSION[action], body `body`; runs `run` and answers the application's detail.
 */
export function transitionRoute<S extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  route: {
    path: string;
    action: AppAction;
    summary: string;
    body: S;
    run: (req: TransitionRequest<S>) => Promise<void>;
  },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    `/applications/:id/${route.path}`,
    {
      config: { access: { permissions: [ACTION_PERMISSION[route.action]] } },
      schema: {
        tags: ['applications'],
        summary: route.summary,
        params: idParams,
        body: route.body,
        response: { 200: detailResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      await route.run({ user, id: req.params.id, body: req.body as z.output<S>, ip: req.ip });
      return {
        data: await applicationDetail(db, user, req.params.id, requestLang(req)),
        message: 'Action was successful',
      };
    },
  );
}

/** Transitions with remarks and no other effect: the action, its path and summary. */
const PLAIN: {
  action: AppAction;
  body: typeof remarksSchema | typeof rejectSchema;
  summary: string;
}[] = [
  {
    action: 'reject',
    body: rejectSchema,
    summary: 'Reject with remarks (pending|verified → rejected)',
  },
  {
    action: 'cancel',
    body: remarksSchema,
    summary: 'Cancel (pending|verified|rejected → cancelled)',
  },
  {
    action: 'terminate',
    body: rejectSchema,
    summary: 'Terminate an approved registration (approved → cancelled)',
  },
  {
    action: 'resubmit',
    body: remarksSchema,
    summary: 'Resubmit a rejected application (rejected → pending)',
  },
];

/** The lifecycle routes of the registrations module (all but the counter payment). */
export default async function lifecycleRoutes(
  app: FastifyInstance,
  opts: { registrations: Registrations },
) {
  const { db, lifecycle } = opts.registrations;
  transitionRoute(app, db, {
    path: 'verify',
    action: 'verify',
    summary: 'Verify: assess the bill (pending → verified)',
    body: remarksSchema,
    run: (x) => lifecycle.verify(x.user, x.id, x.body.remarks, x.ip),
  });
  transitionRoute(app, db, {
    path: 'approve',
    action: 'approve',
    summary: 'Approve: registration number and certificate (paid → approved)',
    body: remarksSchema,
    run: (x) => lifecycle.approve(x.user, x.id, x.body.remarks, x.ip),
  });
  transitionRoute(app, db, {
    path: 'accept',
    action: 'accept',
    summary: 'Accept an old paper registration into the system (pending → approved, unpaid)',
    body: acceptSchema,
    run: (x) => lifecycle.accept(x.user, x.id, x.body.remarks, x.body.expiryDate, x.ip),
  });
  for (const t of PLAIN)
    transitionRoute(app, db, {
      path: t.action,
      action: t.action,
      summary: t.summary,
      body: t.body,
      run: (x) =>
        lifecycle.transition(x.user, x.id, t.action, { remarks: x.body.remarks, ip: x.ip }),
    });
}
