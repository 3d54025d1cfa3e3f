/**
 * A free-text message from staff to an application's applicant (SPEC §2 "send
 * notification"): in-app, SMS and email through the outbox.
 */
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import type { Actor } from '../../lib/scope.js';
import { visibleApplication } from '../registrations/index.js';
import type { Notifier } from './notify.js';

/** Sends `message` to the applicant of application `id`; 404 when not visible. Audited. */
export async function sendMessage(
  db: Db,
  notifier: Notifier | null,
  actor: Actor,
  req: { id: number; message: string; ip: string },
) {
  const app = await visibleApplication(db, actor, req.id);
  if (!notifier) throw AppError.conflict();
  await db.transaction(async (tx) => {
    await notifier.toApplicant(tx, app.id, 'manual', { message: req.message });
    await audit(tx, {
      userId: actor.id,
      action: 'application.message',
      entity: 'applications',
      entityId: app.id,
      data: { length: req.message.length },
      ip: req.ip,
    });
  });
}
