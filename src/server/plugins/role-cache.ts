/**
 * Roles → permissions, cached per process for the auth hook (issue 18 §2: the session lookup
 * runs on every signed-in request, so it should not join four tables each time).
 *
 * The cache holds every role (slug, whether it is live, its live permissions' slugs) as of one
 * value of `auth_version.version` (migration 0015), a number that triggers bump in the same
 * transaction as any change to `roles`, `permissions` or `role_permissions`. The session
 * statement reads that number on every request (one primary-key row, in the statement it sends
 * anyway); when it differs from the cached one the map is read again before the request goes
 * on. So a change made through any instance is seen by the next request on every instance
 * sharing the database: nothing is trusted longer than one statement. Which roles a user holds
 * (`user_roles`) and the token itself are never cached: the session statement reads them.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

interface RoleEntry {
  slug: string;
  /** status 1 and not soft-deleted: only live roles grant anything */
  live: boolean;
  /** slugs of the role's live permissions */
  permissions: string[];
}

/** The role and permission slugs a set of role ids grants (sorted, distinct). */
export interface Grants {
  roles: string[];
  permissions: string[];
}

interface Snapshot {
  version: string;
  roles: Map<number, RoleEntry>;
  /** memo per sorted role-id list (e.g. "2,5") */
  grants: Map<string, Grants>;
}

interface RoleRow {
  version: string;
  /** null on the one row of a database without roles */
  id: number | null;
  slug: string;
  live: boolean;
  permissions: string[];
}

/**
 * The statement that reads every role with its live permissions and the version they are as
 * of (one round trip, only when the version moved). It names auth_version, which is how
 * statement-counting tests tell it from a route's own statements.
 */
const LOAD = sql`select v.version::text as version, r.id, r.slug,
    (r.status = 1 and r.deleted_on is null) as live,
    coalesce((select array_agg(p.slug order by p.slug) from role_permissions rp
      join permissions p on p.id = rp.permission_id
      where rp.role_id = r.id and p.status = 1 and p.deleted_on is null), '{}') as permissions
  from auth_version v left join roles r on true
  where v.id = 1`;

/** A per-process cache of roles → permissions, checked against `auth_version` (see above). */
export class RoleCache {
  private snap: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;

  constructor(private readonly db: Db) {}

  /**
   * What the role ids `roleIds` grant as of auth_version `version` (the value the caller's
   * session statement read): from the cache when it is of that version, else after reading the
   * roles again. Roles that are not live, or unknown ids, grant nothing.
   */
  async grants(roleIds: readonly number[], version: string): Promise<Grants> {
    let snap = this.snap;
    if (!snap || snap.version !== version) snap = await this.reload(version);
    const key = [...roleIds].sort((a, b) => a - b).join(',');
    let g = snap.grants.get(key);
    if (!g) {
      const roles = new Set<string>();
      const perms = new Set<string>();
      for (const id of roleIds) {
        const r = snap.roles.get(id);
        if (!r || !r.live) continue;
        roles.add(r.slug);
        for (const p of r.permissions) perms.add(p);
      }
      g = { roles: [...roles].sort(), permissions: [...perms].sort() };
      snap.grants.set(key, g);
    }
    return g;
  }

  /** Drops the cache (the next request reads the roles again). */
  clear(): void {
    this.snap = null;
  }

  /**
   * Reads the roles again, once for any number of concurrent callers. The snapshot read may be
   * newer than `wanted` (a change committed in between): it is kept, being at least as new as
   * what the caller's statement saw. A snapshot older than `wanted` (a read that began before
   * the caller's statement) is not: the caller reads again.
   */
  private async reload(wanted: string): Promise<Snapshot> {
    for (;;) {
      this.loading ??= this.load().finally(() => {
        this.loading = null;
      });
      const snap = await this.loading;
      // (no auth_version row at all: nothing to compare, so nothing to wait for)
      if (!snap.version || BigInt(snap.version) >= BigInt(wanted || '0')) return snap;
    }
  }

  private async load(): Promise<Snapshot> {
    const res = (await this.db.execute(LOAD)) as unknown as { rows: RoleRow[] };
    const roles = new Map<number, RoleEntry>();
    let version = '';
    for (const r of res.rows) {
      version = r.version;
      if (r.id !== null)
        roles.set(Number(r.id), { slug: r.slug, live: r.live, permissions: r.permissions });
    }
    const snap: Snapshot = { version, roles, grants: new Map() };
    this.snap = snap;
    return snap;
  }
}
