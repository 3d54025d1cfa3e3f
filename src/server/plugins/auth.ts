/**
 * Authentication and permission checks, declared as data on each route
 * (DESIGN.md §3, after opencrvs' per-procedure scopes):
 *
 *   config: { access: 'public' }                         no sign-in
 *   config: { access: { permissions: ['verify-applications'] } }  any one of these
 *   config: { access: { roles: ['systemadmin'] } }       any one of these roles
 *   (no access declared)                                 any signed-in user
 *
 * A missing/expired/revoked bearer token answers 401; a missing permission 403. Each refusal
 * names its reason on the request (`authFailure`) and the error handler writes it to the audit
 * log (issue 8 §5). A session ends after config.tokenIdleMinutes without a request and, at the
 * latest, SESSION_MAX_HOURS after sign-in (the token's expires_at).
 *
 * An account with a one-time password (users.password_change_required, set by
 * `npm run create-admin`) may only see its profile, change the password and sign out until it
 * is changed; every other API answers 403 PASSWORD_CHANGE_REQUIRED (issue 16 §1).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { hasAnyPermission, type Role } from '../../shared/permissions.js';
import type { User } from '../../shared/schemas/auth.js';
import { AppError } from '../errors.js';
import { hashToken } from '../lib/tokens.js';
import type { Db } from '../db/client.js';
import { namedOnPglite } from '../db/pglite-named.js';
import {
  accessTokens,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '../db/schema.js';
import { RoleCache } from './role-cache.js';

export type Access = 'public' | { permissions?: string[]; roles?: Role[] };

/** What an account with a one-time password may still call: `METHOD route`. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set([
  'GET /api/profiles',
  'POST /api/profiles/password',
  'POST /api/logout',
]);

/** no-token: none sent; invalid: unknown, revoked or past its 12 h; idle: unused too long */
export type AuthFailure = 'no-token' | 'invalid' | 'idle' | 'user-gone';

export interface AuthUser extends User {
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** why the auth hook refused the request: the audit log's `data.reason` */
    authFailure: AuthFailure | null;
  }
}

/** Loads a user with role and permission slugs, as the API shows it. */
export async function loadUser(db: Db, userId: number): Promise<User | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedOn)));
  if (!u) return null;
  const rows = await db
    .select({ role: roles.slug, permission: permissions.slug })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .leftJoin(
      permissions,
      and(
        eq(permissions.id, rolePermissions.permissionId),
        eq(permissions.status, 1),
        isNull(permissions.deletedOn),
      ),
    )
    .where(and(eq(userRoles.userId, userId), eq(roles.status, 1), isNull(roles.deletedOn)));
  const roleSet = [...new Set(rows.map((r) => r.role))].sort();
  const permSet = [
    ...new Set(rows.map((r) => r.permission).filter((p): p is string => !!p)),
  ].sort();
  return toApiUser(u, roleSet, permSet);
}

/** A user row with its role and permission slugs (sorted, distinct) as the API shows it. */
function toApiUser(
  u: typeof users.$inferSelect,
  roleSlugs: string[],
  permissionSlugs: string[],
): User {
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    phone: u.phone,
    email: u.email,
    gender: u.gender,
    userType: u.userType,
    wardId: u.wardId,
    photoFileId: u.photoFileId,
    citizenshipFileId: u.citizenshipFileId,
    lang: u.lang,
    roles: roleSlugs as Role[],
    permissions: permissionSlugs,
    passwordChangeRequired: u.passwordChangeRequired,
  };
}

function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || !h.startsWith('Bearer ')) return null;
  const t = h.slice(7).trim();
  return t.length >= 20 && t.length <= 200 ? t : null;
}

/**
 * What must still hold for a remembered session to stand for the one in the database: the
 * users row unchanged (its xmin: any update gives a new one), the same role ids, the same
 * roles → permissions version. The token itself (not revoked, not expired) is checked too.
 */
interface Stamp {
  xmin: string;
  roleIds: string;
  version: string;
}

/** A session as the last full lookup found it (this process only; see SessionGuard). */
interface SessionHint {
  user: AuthUser;
  /** the token's last_used_at (ms) as of that lookup */
  lastUsedAt: number;
  /** the token's expires_at (ms) */
  expiresAt: number;
  stamp: Stamp;
}

/** The channel of migration 0024's notifications: a user's id, or '*' for every session. */
export const AUTH_CHANNEL = 'darta_auth';

/**
 * A database connection that hears migration 0024's notifications at the commit of the change
 * they announce, before any later statement of this process is answered: PGlite, the only
 * connection to its database, in this process (`listen` as PGlite's; it answers a function
 * that stops listening). With it, a remembered session is trusted on every route until a
 * notification names its user; PostgreSQL, with other connections and later notifications,
 * is not given one (a SessionGuard confirms the session in the route's statement instead).
 */
export interface AuthNotifications {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * A request authenticated from this process's memory of its session, to be confirmed by the
 * route's own statement in the same snapshot as the data it reads (`sessionCheckSql`): until
 * then, nothing of the answer may be sent. Only routes with `config.sessionInQuery` get one.
 */
export interface SessionGuard {
  /** placeholder values of sessionCheckSql */
  values: { g_hash: string; g_xmin: string; g_roles: string; g_version: string };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route confirms the session in its own statement (SessionGuard), saving the session
     * statement's round trip (issue 18 §2); it must call `confirmSession` when it cannot.
     */
    sessionInQuery?: boolean;
  }
  interface FastifyRequest {
    sessionGuard: SessionGuard | null;
  }
  interface FastifyInstance {
    /** the auth plugin's full session lookup (see `confirmSession`) */
    confirmSession(req: FastifyRequest): Promise<void>;
  }
}

/**
 * The session check of a SessionGuard with these four values (placeholders or parameters): the
 * function `session_guard_holds` (migration 0023, where the check's SQL is), in a scalar
 * subquery so that it runs once per statement. A function, not the check's SQL inline, so that
 * the calling statement does not plan the check's four tables again each time (0.2–0.3 ms a
 * statement, measured there).
 */
function sessionCheck(hash: unknown, xmin: unknown, roleIds: unknown, version: unknown) {
  return sql<boolean>`(select session_guard_holds(${hash}, ${xmin}, ${roleIds}, ${version}))`;
}

/**
 * True when the session of a SessionGuard still stands, as a SQL expression with the
 * placeholders g_hash, g_xmin, g_roles and g_version (a prepared statement's): the token is live
 * and its user, roles and roles' permissions are those remembered. Uncorrelated, and the
 * function STABLE: PostgreSQL evaluates it once per statement, in that statement's snapshot.
 */
export const sessionCheckSql = sessionCheck(
  sql.placeholder('g_hash'),
  sql.placeholder('g_xmin'),
  sql.placeholder('g_roles'),
  sql.placeholder('g_version'),
);

/**
 * `sessionCheckSql` with `guard`'s values as the statement's parameters, for a statement built
 * per request (a search, whose SQL is not prepared: issue 18 §3).
 */
export function boundSessionCheck(guard: SessionGuard) {
  const v = guard.values;
  return sessionCheck(v.g_hash, v.g_xmin, v.g_roles, v.g_version);
}

/** Sessions remembered per process, at most this many (then forgotten all at once). */
const MAX_HINTS = 10_000;
/** The idle clock is touched at most once a minute (ms); a hint is used only within that. */
const TOUCH_MS = 60_000;

/**
 * The signed-in user of a request that came with a SessionGuard, after its statement found the
 * session no longer as remembered (or could not tell): looks the session up in full, as the
 * hook does for other routes — 401/403 as they would answer — and clears the guard, so the
 * route runs again without one.
 */
export async function confirmSession(req: FastifyRequest): Promise<AuthUser> {
  await req.server.confirmSession(req);
  return currentUser(req);
}

export default fp(async function authPlugin(
  app: FastifyInstance,
  opts: { db: Db; idleMinutes: number; notifications?: AuthNotifications },
) {
  const { db, idleMinutes, notifications } = opts;
  app.decorateRequest('user', null);
  app.decorateRequest('authFailure', null);
  app.decorateRequest('sessionGuard', null);
  const refuse = (req: FastifyRequest, reason: AuthFailure) => {
    req.authFailure = reason;
    return AppError.unauthenticated();
  };

  const roleCache = new RoleCache(db);
  const hints = new Map<string, SessionHint>();
  /** token hashes remembered per user id (with notifications: forgotten by user, not by scan) */
  const hashesOf = new Map<number, Set<string>>();
  const forgetAll = () => {
    hints.clear();
    hashesOf.clear();
  };

  // With notifications (PGlite): each one forgets the sessions it names, and counts. A full
  // lookup remembers its session only if no notification named that user (or everyone) since
  // it began: a sign-out committed between the lookup and the remembering (their awaits let
  // other requests run) would otherwise leave a revoked session remembered.
  let heard = 0;
  let everyoneAt = 0;
  const userAt = new Map<number, number>();
  const changedSince = (userId: number, mark: number) =>
    everyoneAt > mark || (userAt.get(userId) ?? 0) > mark;
  if (notifications) {
    const stop = await notifications.listen(AUTH_CHANNEL, (payload) => {
      heard += 1;
      const userId = Number(payload);
      if (payload === '*' || !Number.isSafeInteger(userId) || userAt.size >= MAX_HINTS) {
        everyoneAt = heard;
        userAt.clear();
        forgetAll();
        return;
      }
      userAt.set(userId, heard);
      for (const hash of hashesOf.get(userId) ?? []) hints.delete(hash);
      hashesOf.delete(userId);
    });
    app.addHook('onClose', async () => {
      // the database may already be closed (then nobody is listening any more)
      await stop().catch(() => undefined);
    });
  }
  // One round trip for the session, the user, the ids of their roles and the roles' version
  // (plugins/role-cache.ts): this hook runs on every signed-in request, so each extra statement
  // costs every route (issue 8 §1 bench). Prepared once: Drizzle builds it once, and on
  // PostgreSQL it is a named statement, parsed and planned once per connection (on PGlite, once
  // per instance: db/pglite-named.ts).
  const session = db
    .select({
      id: accessTokens.id,
      lastUsedAt: accessTokens.lastUsedAt,
      expiresAt: accessTokens.expiresAt,
      user: users,
      xmin: sql<string>`${users}.xmin::text`,
      roleIds: sql<number[]>`coalesce((select array_agg(${userRoles.roleId}
          order by ${userRoles.roleId})
        from ${userRoles} where ${userRoles.userId} = ${users.id}), '{}')`,
      version: sql<string>`(select v.version::text from auth_version v where v.id = 1)`,
    })
    .from(accessTokens)
    .leftJoin(users, and(eq(users.id, accessTokens.userId), isNull(users.deletedOn)))
    .where(
      and(
        eq(accessTokens.tokenHash, sql.placeholder('hash')),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('auth_session');
  namedOnPglite(session, 'auth_session');

  /** 403 unless `user` may call the route (password change pending, permissions, roles). */
  const authorize = (req: FastifyRequest, user: AuthUser) => {
    const access = req.routeOptions.config?.access;
    if (
      user.passwordChangeRequired &&
      !ALLOWED_BEFORE_PASSWORD_CHANGE.has(`${req.method} ${req.routeOptions.url}`)
    )
      throw new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'errors.passwordChangeRequired');
    if (access && typeof access === 'object') {
      const okPerm = !access.permissions || hasAnyPermission(user.permissions, access.permissions);
      const okRole = !access.roles || access.roles.some((r) => user.roles.includes(r));
      if (!okPerm || !okRole) throw AppError.forbidden();
    }
  };

  /** The full lookup: sets req.user or throws 401/403; remembers the session for a guard. */
  const authenticate = async (req: FastifyRequest, hash: string) => {
    req.sessionGuard = null;
    hints.delete(hash);
    const mark = heard;
    const now = new Date();
    const [row] = await session.execute({ hash, now: now.toISOString() });
    if (!row) throw refuse(req, 'invalid');
    if (now.getTime() - row.lastUsedAt.getTime() > idleMinutes * 60_000) {
      throw refuse(req, 'idle');
    }
    if (!row.user) throw refuse(req, 'user-gone');
    const grants = await roleCache.grants(row.roleIds, row.version ?? '');
    const user = toApiUser(row.user, grants.roles, grants.permissions);
    let lastUsedAt = row.lastUsedAt.getTime();
    // Touch at most once a minute: the idle clock needs no per-request write.
    if (now.getTime() - lastUsedAt > TOUCH_MS) {
      await db
        .update(accessTokens)
        .set({ lastUsedAt: sql`now()` })
        .where(eq(accessTokens.id, row.id));
      lastUsedAt = now.getTime();
    }
    req.user = { ...user, tokenId: row.id };
    if (hints.size >= MAX_HINTS) forgetAll();
    // (its own touch names the user too: then the next request looks it up once more)
    if (!notifications || !changedSince(user.id, mark)) {
      if (notifications) {
        let own = hashesOf.get(user.id);
        if (!own) hashesOf.set(user.id, (own = new Set()));
        own.add(hash);
      }
      hints.set(hash, {
        user: req.user,
        lastUsedAt,
        expiresAt: row.expiresAt.getTime(),
        stamp: {
          xmin: row.xmin,
          roleIds: `{${row.roleIds.join(',')}}`,
          version: row.version ?? '',
        },
      });
    }
    authorize(req, req.user);
  };

  app.decorate('confirmSession', async (req: FastifyRequest) => {
    const token = bearer(req);
    if (!token) throw refuse(req, 'no-token');
    await authenticate(req, hashToken(token));
  });

  // onRequest, before the body is read or validated: an anonymous caller learns nothing about
  // the route's fields and cannot make the server parse a 30 MiB multipart body.
  app.addHook('onRequest', async (req) => {
    const config = req.routeOptions.config;
    const access = config?.access;
    if (!req.url.startsWith('/api/') || access === 'public') return;
    const token = bearer(req);
    if (!token) throw refuse(req, 'no-token');
    const hash = hashToken(token);
    // A request may start from the session as this process last found it, if that was within
    // the minute (no touch due, not idle), the token has not expired and it would be let in:
    // with notifications, on any route, as it stands (nothing it stands on changed since, or it
    // would have been forgotten); without, only on a route that confirms the session in its
    // own statement. Anything else is looked up in full.
    const hint = notifications || config?.sessionInQuery ? hints.get(hash) : undefined;
    const now = Date.now();
    if (
      hint &&
      now - hint.lastUsedAt < Math.min(TOUCH_MS, idleMinutes * 60_000) &&
      now < hint.expiresAt
    ) {
      try {
        authorize(req, hint.user);
        req.user = hint.user;
        req.sessionGuard = notifications
          ? null
          : {
              values: {
                g_hash: hash,
                g_xmin: hint.stamp.xmin,
                g_roles: hint.stamp.roleIds,
                g_version: hint.stamp.version,
              },
            };
        return;
      } catch {
        // a refusal is only ever answered after a full lookup
      }
    }
    await authenticate(req, hash);
  });
});

/** The signed-in user of a route that is not public. */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw AppError.unauthenticated();
  return req.user;
}
