/**
 * Who may see which application (DESIGN.md §3): an applicant their own, a ward admin those of
 * their ward, a system admin all. Every query that reads applications for a signed-in user
 * adds `scopeOf(actor)` to its WHERE, so scoping lives in the server query, never only in the
 * UI; a record outside the scope answers 404 (not 403), so ids leak nothing.
 *
 * It sits in lib/ because registrations, billing, certificates, files, notifications and the
 * dashboard all scope by it, and none of them should depend on another for it.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { applications } from '../db/schema.js';
import type { AuthUser } from '../plugins/auth.js';

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
