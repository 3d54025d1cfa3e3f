/**
 * Drizzle schema, operational tables: the append-only audit log, the notification outbox and
 * in-app notifications, the shared rate-limit counters, the once-per-period job claims and the
 * stored answers of requests sent with an `Idempotency-Key`.
 */
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.js';
import { users, otpTokens } from './accounts.js';
import { applications } from './registrations.js';

/** Append-only audit trail of auth events and state changes (DESIGN.md §8). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    data: jsonb('data'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

// ---------------------------------------------------------------- notifications

/**
 * Messages waiting to be delivered (issue 5 §5): written in the same transaction as the change
 * they report, delivered by the outbox worker with retries and backoff. `status`: pending
 * (not yet sent, maybe retrying after `lastError`), sent, failed (gave up after the last try).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** otp | status | manual | reminder (issue 19 §5) */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id),
    applicationId: integer('application_id').references(() => applications.id),
    otpTokenId: integer('otp_token_id').references(() => otpTokens.id),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    providerRef: text('provider_ref'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_app_idx').on(t.applicationId),
  ],
);

/** In-app notifications of a user (issue 5 §5), in the language they chose. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    applicationId: integer('application_id').references(() => applications.id),
    kind: text('kind').notNull(),
    /** as sent, in the language applied in */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** the language-neutral values, so the app shows it in the reader's language */
    vars: jsonb('vars'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/**
 * Request counters of the rate limits (issue 8 §7), shared by every app instance on one
 * database: `key` is the limit's namespace (route) and the client's address, `count` the requests
 * in the window that ends at `expires_at` (database clock). Created UNLOGGED in the migration:
 * the counters are throw-away, so no WAL flush per request; a PostgreSQL crash empties the table,
 * which only restarts the windows. Expired rows are deleted by the `rate-limit-cleanup` job.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * One row per run of a periodic job (issue 8 §7): the primary key (job, period) lets exactly one
 * app instance claim a period (INSERT … ON CONFLICT DO NOTHING), so a job that must run once per
 * period never runs twice however many instances share the database. `period` is
 * floor(epoch ms / interval ms) on the database clock.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: bigint('period', { mode: 'number' }).notNull(),
    /** which instance ran it (host:pid), for the operator */
    instance: text('instance').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * Idempotency keys (issue 8 §4): the answer a request with an `Idempotency-Key` header got,
 * written in the SAME transaction as the records that request created, so after a crash either
 * both exist or neither. (user, scope, key) is the primary key; `requestHash` is the SHA-256 of
 * the request (fields and file digests), so the same key with another body is refused; `entityId`
 * is the created record (an application for scope `applications.create`). Kept at least 24 h
 * (src/server/lib/idempotency.ts KEEP_HOURS), then purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    entityId: integer('entity_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
