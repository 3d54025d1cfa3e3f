/**
 * GET /public-register (issue 19 §6): the public register, no login, rate-limited per address
 * like the public certificate check (a route limit counted in the rate-limit store of
 * lib/rate-limit-store.ts when the app shares limits through the database).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicRegisterQuerySchema,
  publicRegisterResponseSchema,
} from '../../../shared/schemas/reports.js';
import type { Db } from '../../db/client.js';
import { searchPublicRegister } from './public-register.js';

/** Searches per address per minute (RATE_LIMIT_REGISTER, default 30). */
const SEARCHES_PER_IP_PER_MINUTE = Number(process.env.RATE_LIMIT_REGISTER ?? 30);

/** The public register's route. */
export default async function publicRegisterRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/public-register',
    {
      config: {
        access: 'public',
        rateLimit: { max: SEARCHES_PER_IP_PER_MINUTE, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['public register'],
        summary:
          'Public register (no login): registered businesses whose name or registration number contains q (3–100 characters, English or Devanagari), with only public facts: name, registration number, business type, ward, status (registered, expired, closed) and valid until (AD); 20 a page, page 1–10',
        querystring: publicRegisterQuerySchema,
        response: { 200: publicRegisterResponseSchema },
      },
    },
    async (req, reply) => {
      // the same for everyone and changes rarely: a minute in shared caches spares the database
      reply.header('cache-control', 'public, max-age=60');
      return searchPublicRegister(opts.db, req.query);
    },
  );
}
