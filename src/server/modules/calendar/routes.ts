/**
 * The BS calendar (issue 16 §6): GET /calendar, public, because every browser converts dates
 * with the administrators' corrections; PUT and DELETE /calendar/{year} for whoever may edit
 * fiscal years (system administrators by default): the calendar is date setup like them.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarCorrectionSchema, calendarViewSchema } from '../../../shared/schemas/calendar.js';
import { currentUser } from '../../plugins/auth.js';
import type { CalendarService } from './service.js';

/** Who may correct the calendar (any of). */
export const EDIT_CALENDAR = ['edit-fiscal-years'];

const params = z.object({ year: z.coerce.number().int().min(1).max(9999) });
const answer = { 200: z.object({ data: calendarViewSchema }) };

export default async function calendarRoutes(
  app: FastifyInstance,
  opts: { calendar: CalendarService },
) {
  const { calendar } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/calendar',
    {
      config: { access: 'public' },
      schema: {
        tags: ['calendar'],
        summary:
          'Every BS year of the month table (2000–2090) as conversions use it: Baishakh … Chaitra, source, provisional, and any administrator correction. Reading it also brings this instance up to date with corrections made on another.',
        response: answer,
      },
    },
    async (_req, reply) => {
      // short: a correction reaches other browsers within a minute
      reply.header('cache-control', 'public, max-age=60');
      return { data: await calendar.view() };
    },
  );

  r.put(
    '/calendar/:year',
    {
      config: { access: { permissions: EDIT_CALENDAR } },
      schema: {
        tags: ['calendar'],
        summary:
          "Corrects a provisional year's 12 month lengths (29–32 days, 365 or 366 in all); conversions use it at once. Audited. 422 for a published year.",
        params,
        body: calendarCorrectionSchema,
        response: answer,
      },
    },
    async (req) => {
      const user = currentUser(req);
      const data = await calendar.correct(req.params.year, req.body, {
        userId: user.id,
        ip: req.ip,
      });
      return { data };
    },
  );

  r.delete(
    '/calendar/:year',
    {
      config: { access: { permissions: EDIT_CALENDAR } },
      schema: {
        tags: ['calendar'],
        summary:
          "Removes a year's correction: the year uses the table's lengths again. Audited. 404 without a correction.",
        params,
        response: answer,
      },
    },
    async (req) => {
      const user = currentUser(req);
      return { data: await calendar.remove(req.params.year, { userId: user.id, ip: req.ip }) };
    },
  );
}
