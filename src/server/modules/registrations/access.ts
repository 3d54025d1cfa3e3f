/**
 * What an actor may do with an application: see it (scoped, else 404), edit it, fire which
 * lifecycle action, tick document checklists. Pure rules over the row, plus the one scoped
 * read every command starts from. Rules: DESIGN.md §3 (scoping) and §4 (lifecycle),
 * src/shared/lifecycle.ts (legal transitions and their permissions).
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  ACTION_PERMISSION,
  allowedActions,
  type AppAction,
  type AppStatus,
} from '../../../shared/lifecycle.js';
import { hasAnyPermission } from '../../../shared/permissions.js';
import type { Db, Tx } from '../../db/client.js';
import { applications } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { scopeOf, type Actor } from '../../lib/scope.js';

export type { Actor } from '../../lib/scope.js';
/** An applications row as Drizzle reads it. */
export type AppRow = typeof applications.$inferSelect;

/** The application `id` if `actor` may see it (and it is not deleted); AppError 404 otherwise. */
export async function visibleApplication(db: Db | Tx, actor: Actor, id: number): Promise<AppRow> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), isNull(applications.deletedOn), scopeOf(actor)));
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * Why `action` does not apply to this kind of application (a translation key), or null:
 * only an old paper registration (a registration, not a renewal or other request) is
 * accepted, and it is not verified.
 */
export function kindBlock(
  app: Pick<AppRow, 'isOldRegistration' | 'isRenewal' | 'service'>,
  action: AppAction,
): string | null {
  const old = app.isOldRegistration && !app.isRenewal && app.service === 'registration';
  if (action === 'accept' && !old) return 'errors.notOldRegistration';
  if (action === 'verify' && old) return 'errors.oldRegistrationOnly';
  return null;
}

/**
 * Whether `actor` may edit an application in `status` now: the applicant their own while
 * pending or rejected; staff with edit-applications while pending, verified or rejected. A
 * request about a registration (`subjectId`, issue 19) is filed from its own form, never
 * edited through the application form.
 */
export function canEdit(
  actor: Actor,
  status: AppStatus,
  ownerId: number,
  subjectId: number | null = null,
): boolean {
  if (subjectId !== null) return false;
  if (!hasAnyPermission(actor.permissions, ['edit-applications'])) return false;
  if (actor.userType === 'user')
    return ownerId === actor.id && (status === 'pending' || status === 'rejected');
  return status === 'pending' || status === 'verified' || status === 'rejected';
}

/**
 * Legal actions on `app` that `actor` holds the permission for. An old paper registration
 * is accepted, never verified; anything else is verified, never accepted.
 */
export function actionsFor(
  actor: Actor,
  app: Pick<AppRow, 'appStatus' | 'userId' | 'isOldRegistration' | 'isRenewal' | 'service'>,
): AppAction[] {
  return allowedActions(app.appStatus).filter((a) => {
    if (kindBlock(app, a)) return false;
    if (!hasAnyPermission(actor.permissions, [ACTION_PERMISSION[a]])) return false;
    if (actor.userType === 'user')
      return (a === 'cancel' || a === 'resubmit') && app.userId === actor.id;
    // Resubmitting is the applicant's answer to a rejection; staff edit instead.
    return a !== 'resubmit';
  });
}

/** Staff who verify may tick document checklists until the application is approved. */
export function canCheckDocuments(actor: Actor, status: AppStatus): boolean {
  return (
    actor.userType !== 'user' &&
    hasAnyPermission(actor.permissions, ['verify-applications']) &&
    (status === 'pending' || status === 'verified' || status === 'paid')
  );
}
