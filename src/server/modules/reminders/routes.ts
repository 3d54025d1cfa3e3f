/**
 * Renewal reminder routes (issue 19 §5, docs/api.md): the signed-in user's opt-out (GET and PUT
 * /profiles/reminders, audited `profile.reminders`) and a staff "remind now" of registrations
 * due for renewal (POST /applications/reminders; permission send-notifications, scoped).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  reminderPreferenceSchema,
  remindNowSchema,
  remindOutcomeSchema,
} from '../../../shared/schemas/reminders.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { currentUser } from '../../plugins/auth.js';
import type { Notifier } from '../notifications/index.js';
import { remindNow } from './remind-now.js';

const preference = z.object({ data: z.object({ renewalReminders: z.boolean() }) });
const tags = ['notifications'];

/** Whether user `id` has renewal reminders on. */
async function preferenceOf(db: Db, id: number) {
  const [row] = await db
    .select({ renewalReminders: users.renewalReminders })
    .from(users)
    .where(eq(users.id, id));
  return { renewalReminders: row?.renewalReminders ?? true };
}

export default async function reminderRoutes(
  app: FastifyInstance,
  opts: { db: Db; notifier: Notifier | null },
) {
  const { db, notifier } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/profiles/reminders',
    {
      schema: {
        tags,
        summary: 'Whether the signed-in user gets renewal reminders (SMS, and email when known)',
        response: { 200: preference },
      },
    },
    async (req) => ({ data: await preferenceOf(db, currentUser(req).id) }),
  );

  r.put(
    '/profiles/reminders',
    {
      schema: {
        tags,
        summary:
          'Turns the signed-in user’s renewal reminders on or off (audited). Off: neither the job nor a staff “remind now” sends any.',
        body: reminderPreferenceSchema,
        response: { 200: preference.extend({ message: z.string() }) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const on = req.body.renewalReminders;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ renewalReminders: on, updatedAt: new Date() })
          .where(eq(users.id, u.id));
        await audit(tx, {
          userId: u.id,
          action: 'profile.reminders',
          entity: 'users',
          entityId: u.id,
          data: { renewalReminders: on },
          ip: req.ip,
        });
      });
      return {
        data: { renewalReminders: on },
        message: on ? 'reminders.profile.savedOn' : 'reminders.profile.savedOff',
      };
    },
  );

  r.post(
    '/applications/reminders',
    {
      config: { access: { permissions: ['send-notifications'] } },
      schema: {
        tags,
        summary:
          'Remind now: queues the renewal reminder of registrations due for renewal (ids, at most 100) through the outbox, in each applicant’s language; audited. Applicants who turned reminders off get none (optedOut); one per registration per day (alreadyToday). 404 when one is not visible, 409 when one is not due, sending nothing.',
        body: remindNowSchema,
        response: { 200: z.object({ data: remindOutcomeSchema, message: z.string() }) },
      },
    },
    async (req) => {
      const data = await remindNow(db, notifier, currentUser(req), {
        ids: req.body.ids,
        ip: req.ip,
      });
      return { data, message: data.sent.length ? 'reminders.sent' : 'reminders.noneSent' };
    },
  );
}
