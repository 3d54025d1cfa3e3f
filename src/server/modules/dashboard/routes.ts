/**
 * GET /dashboard (SPEC §3 counts, issue 7 §3 chart series), open to every signed-in user and
 * scoped to them (DESIGN.md §3).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { confirmSession, currentUser } from '../../plugins/auth.js';
import { DashboardCache } from './cache.js';

/** The dashboard route. */
export default async function dashboardRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // per app instance: answers checked against stats_version on every request (cache.ts)
  const cache = new DashboardCache(db);

  r.get(
    '/dashboard',
    {
      // the version's statement confirms the session (plugins/auth.ts SessionGuard, issue 18 §3)
      config: { sessionInQuery: true },
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
    async (req) => {
      if (req.sessionGuard) {
        const data = await cache.get(currentUser(req), req.query, req.sessionGuard);
        if (data) return { data };
        await confirmSession(req);
      }
      return { data: (await cache.get(currentUser(req), req.query))! };
    },
  );
}
