/**
 * Drizzle schema, access control and accounts: roles, permissions and the role–permission join,
 * users and their roles, the opaque bearer tokens (only their SHA-256 stored) and the SMS OTP
 * tokens with their delivery log. Users reference wards and uploaded files, which live in
 * `setup.ts` and `registrations.ts` (the references are lazy, so the import cycle is harmless).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { common, live, ts } from './columns.js';
import { files } from './registrations.js';
import { wards } from './setup.js';

export const roles = pgTable(
  'roles',
  {
    ...common,
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
  },
  (t) => [uniqueIndex('roles_slug_uq').on(t.slug).where(live)],
);

export const permissions = pgTable(
  'permissions',
  {
    ...common,
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
    groupName: text('group_name').notNull().default('general'),
  },
  (t) => [uniqueIndex('permissions_slug_uq').on(t.slug).where(live)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    ...common,
    name: text('name').notNull(),
    username: text('username').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    /** SPEC §3 user-type options: user, systemadmin, wardadmin. */
    userType: text('user_type', { enum: ['user', 'systemadmin', 'wardadmin'] }).notNull(),
    /** Ward a ward admin administers (DESIGN.md §3 scoping). */
    wardId: integer('ward_id').references(() => wards.id),
    photoFileId: integer('photo_file_id').references(() => files.id),
    citizenshipFileId: integer('citizenship_file_id').references(() => files.id),
    lang: text('lang').notNull().default('en-US'),
    /**
     * The citizenship certificate number (issue 19 §4), optional: staff at the counter find a
     * walk-in applicant by it (as well as by the owners' numbers on their applications).
     */
    citizenshipNo: text('citizenship_no'),
    phoneVerifiedAt: ts('phone_verified_at'),
    /**
     * Sign-in attempts of this account from every address since its count last restarted, and
     * the account-wide lock (docs/security.md "Sign-in lockout"; auth/lockout.ts).
     */
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
    /** The last counted attempt: the count restarts after 24 hours without one. */
    failedLoginAt: ts('failed_login_at'),
    /**
     * Set for an account made with a one-time password (`npm run create-admin`): until the
     * password is changed, every API but the profile, the password change and sign-out answers
     * 403 (plugins/auth.ts), and sign-in says so (`user.passwordChangeRequired`).
     */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    /**
     * Renewal reminders by SMS and email (issue 19 §5): on unless the user turned them off in
     * their profile; the job and a staff "remind now" send none while off.
     */
    renewalReminders: boolean('renewal_reminders').notNull().default(true),
  },
  (t) => [
    uniqueIndex('users_username_uq')
      .on(sql`lower(${t.username})`)
      .where(live),
    uniqueIndex('users_phone_uq').on(t.phone).where(live),
    // counter filing finds a walk-in applicant by the exact number (issue 19 §4)
    index('users_citizenship_no_idx').on(t.citizenshipNo).where(live),
    // The users list's search box (issue 18 §1): applicants' accounts grow with the
    // applications, so the searched columns get trigram indexes too (migration 0015).
    ...(
      [
        ['name', t.name],
        ['username', t.username],
        ['phone', t.phone],
        ['email', t.email],
      ] as const
    ).map(([name, col]) =>
      index(`users_${name}_trgm_idx`).using('gin', col.op('gin_trgm_ops')).where(live),
    ),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/**
 * Sign-in attempts per account and client address (docs/security.md "Sign-in lockout";
 * auth/lockout.ts). `subject` is `u:<user id>` for an account, or `n:<login>` for a login that
 * matches no account, which is counted exactly like one so that the answers reveal nothing; `ip`
 * is the client address, or `*` for the across-addresses count of such a login (an account keeps
 * that count on its `users` row). `last_success_at` marks an address the account signed in from.
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    subject: text('subject').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: ts('last_failure_at'),
    lockedUntil: ts('locked_until'),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [primaryKey({ columns: [t.subject, t.ip] })],
);

/** Opaque bearer tokens (DESIGN.md §6): only the SHA-256 of the token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/** OTP tokens and their log (issue: accounts with SMS OTP). */
export const otpTokens = pgTable('otp_tokens', {
  ...common,
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: ts('used_at'),
  /** SMS delivery: pending | sent | delivered | failed (shown in the OTP log). */
  deliveryStatus: text('delivery_status').notNull().default('pending'),
  /** The account the code was sent for (password recovery), if any. */
  userId: integer('user_id'),
  /** Last time a code was checked against this row (the OTP log shows checks too). */
  lastCheckedAt: ts('last_checked_at'),
});
