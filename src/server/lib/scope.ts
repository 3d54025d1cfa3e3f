/**
 * Who may see which application (DESIGN.md §3): an applicant their own, a ward admin those of
 * their ward, a system admin all. Every query that reads applications for a signed-in user
 * adds `scopeOf(actor)` to its WHERE, so scoping lives in the server query, never only in the
 * UI; a record outside the scope answers 404 (not 403), so ids leak nothing.
 *
 * It sits in lib/ because registrations, billing, certificates, files, notifications and the
 * dashboard all scope by it, and none of them should depend on another for it.
 */
import { eq, isNull, sql, type SQL } from 'drizzle-orm';
import { applications } from '../db/schema.js';
import type { AuthUser } from '../plugins/auth.js';
import type { PreparedTerms } from './list-prepared.js';

/** The signed-in user as the domain modules see them. */
export type Actor = Pick<AuthUser, 'id' | 'userType' | 'wardId' | 'permissions'>;

/** The WHERE clause that limits `actor` to the applications they may see (undefined: all). */
export function scopeOf(actor: Actor): SQL | undefined {
  if (actor.userType === 'systemadmin') return undefined;
  if (actor.userType === 'wardadmin') {
    return actor.wardId ? eq(applications.wardId, actor.wardId) : sql`false`;
  }
  return eq(applications.userId, actor.id);
}

/**
 * `scopeOf` and "not deleted" as terms of a prepared statement (lib/list-prepared.ts preparedListPlan):
 * the actor's ward or user id is the `scope` placeholder's value, so one statement serves every
 * ward admin (or every applicant). The key names the shape: all, ward, own, or none (a ward
 * admin without a ward sees nothing).
 */
export function preparedScopeOf(actor: Actor): PreparedTerms {
  const live = isNull(applications.deletedOn);
  if (actor.userType === 'systemadmin') return { key: 'all', terms: [live], values: {} };
  const scope = sql.placeholder('scope');
  if (actor.userType === 'wardadmin') {
    return actor.wardId
      ? {
          key: 'ward',
          terms: [live, sql`${applications.wardId} = ${scope}`],
          values: { scope: actor.wardId },
        }
      : { key: 'none', terms: [live, sql`false`], values: {} };
  }
  return {
    key: 'own',
    terms: [live, sql`${applications.userId} = ${scope}`],
    values: { scope: actor.id },
  };
}
