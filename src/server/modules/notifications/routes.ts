/**
 * Notification routes (issue 5 §5, docs/api.md): the signed-in user's own notifications,
 * a staff message to an application's applicant, and the outbox for staff to see what was
 * delivered and what failed (and to retry a failed message).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { reqText } from '../../../shared/schemas/fields.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { applications, notifications, outbox } from '../../db/schema.js';
import { audit } from '../../lib/audit.js';
import { exportBatchSize, sendExport, type ExportColumn } from '../../lib/export.js';
import { listPlan, type ListSpec } from '../../lib/list.js';
import { listMetaSchema, listQuerySchema } from '../../../shared/schemas/list.js';
import { translate, type Lang } from '../../../shared/i18n/index.js';
import { formatAdAsBs, toNepaliDigits } from '../../../shared/format.js';
import { todayAd } from '../../../shared/bs-date.js';
import { scopeOf } from '../../lib/scope.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import { sendMessage } from './messages.js';
import { renderNotification, type Notifier, type NotificationVars } from './notify.js';

const page = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});
const ids = z.preprocess(
  (v) => (v == null || v === '' ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(500),
);

/** The outbox list's keyset: newest first, by id only (lib/list.ts; issue 8 deep pages). */
const OUTBOX_LIST: ListSpec = { sortable: { id: outbox.id }, filters: {}, tiebreak: outbox.id };

/** The outbox list's filters (list and export). */
const outboxFilters = z.object({
  status: z.enum(['pending', 'sent', 'failed']).optional(),
  channel: z.enum(['sms', 'email']).optional(),
  applicationId: z.coerce.number().int().positive().optional(),
});

/** A header in both languages from a translation key. */
const h = (key: string) => ({ en: translate('en-US', key), ne: translate('ne', key) });

/** An instant as BS date and Nepal time (HH:mm), digits in the language. */
function bsDateTime(d: Date | null, lang: Lang): string | null {
  if (!d) return null;
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kathmandu',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
  const text = `${formatAdAsBs(d, lang)} ${time}`;
  return lang === 'ne' ? toNepaliDigits(text) : text;
}

/** One notification as the bell and the list show it. */
const notificationSchema = z.object({
  id: z.number(),
  applicationId: z.number().nullable(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

/** One outbox row as the outbox list shows it. */
const outboxRowSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  kind: z.string(),
  applicationId: z.number().int().nullable(),
  status: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  body: z.string(),
});

export default async function notificationRoutes(
  app: FastifyInstance,
  opts: { db: Db; notifier: Notifier | null },
) {
  const { db, notifier } = opts;
  inboxRoutes(app, db);
  messageRoute(app, db, notifier);
  outboxListRoute(app, db);
  outboxExportRoute(app, db);
  outboxRetryRoute(app, db);
}

/** The signed-in user's own notifications: the list with the unread count, and marking read. */
function inboxRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications, newest first, with the unread count",
        querystring: page,
        response: {
          200: z.object({
            data: z.array(notificationSchema),
            meta: z.object({ total: z.number(), unread: z.number() }),
          }),
        },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const mine = eq(notifications.userId, u.id);
      const rows = await db
        .select()
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.id))
        .limit(req.query.rowsPerPage)
        .offset((req.query.page - 1) * req.query.rowsPerPage);
      const [{ total, unread }] = await db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)::int`,
        })
        .from(notifications)
        .where(mine);
      const lang = requestLang(req);
      return {
        data: rows.map((n) => ({
          id: n.id,
          applicationId: n.applicationId,
          kind: n.kind,
          ...(n.vars
            ? renderNotification(lang, n.kind, n.vars as NotificationVars)
            : { title: n.title, body: n.body }),
          readAt: n.readAt?.toISOString() ?? null,
          createdAt: n.createdAt.toISOString(),
        })),
        meta: { total, unread },
      };
    },
  );

  r.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark own notifications read: `ids[]`, or all when none are given',
        body: z.object({ ids: ids.optional() }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const list = req.body.ids ?? [];
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, u.id),
            isNull(notifications.readAt),
            list.length ? inArray(notifications.id, list) : undefined,
          ),
        );
      return { message: 'Success' };
    },
  );
}

/** POST /applications/:id/notify: a staff message to the application's applicant. */
function messageRoute(app: FastifyInstance, db: Db, notifier: Notifier | null) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/applications/:id/notify',
    {
      config: { access: { permissions: ['send-notifications'] } },
      schema: {
        tags: ['notifications'],
        summary: "Send a free-text message to the application's applicant (in-app, SMS, email)",
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: z.object({ message: reqText(480) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const { id } = req.params;
      await sendMessage(db, notifier, currentUser(req), {
        id,
        message: req.body.message,
        ip: req.ip,
      });
      return { message: 'Action was successful' };
    },
  );
}

/** The outbox rows a user may see with these filters. */
function outboxWhere(u: ReturnType<typeof currentUser>, q: z.output<typeof outboxFilters>) {
  return and(
    q.status ? eq(outbox.status, q.status) : undefined,
    q.channel ? eq(outbox.channel, q.channel) : undefined,
    q.applicationId ? eq(outbox.applicationId, q.applicationId) : undefined,
    // OTP messages carry codes: only the system admin sees rows without an application
    u.userType === 'systemadmin' ? undefined : scopeOf(u),
  );
}

/**
 * The outbox list's row query; OTP texts are masked (they carry codes). `extra` adds fields
 * (the list's keyset sort value).
 */
function outboxRows<E extends Record<string, SQL | PgColumn>>(db: Db, extra: E = {} as E) {
  return db
    .select({
      id: outbox.id,
      channel: outbox.channel,
      recipient: outbox.recipient,
      kind: outbox.kind,
      applicationId: outbox.applicationId,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
      createdAt: outbox.createdAt,
      body: sql<string>`case when ${outbox.kind} = 'otp' then '******' else ${outbox.body} end`,
      ...extra,
    })
    .from(outbox)
    .leftJoin(applications, eq(applications.id, outbox.applicationId))
    .$dynamic();
}

/** GET /outbox: messages and their delivery, newest first, in keyset pages. */
function outboxListRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/outbox',
    {
      config: { access: { permissions: ['view-notifications', 'send-notifications'] } },
      schema: {
        tags: ['notifications'],
        summary:
          'Messages and their delivery (pending, sent, failed), newest first; ward admins see those of their ward. Keyset pages via `cursor` (meta.nextCursor); meta.total counts at most 10,000 (meta.totalCapped)',
        querystring: page
          .extend(outboxFilters.shape)
          .extend({ cursor: listQuerySchema.shape.cursor }),
        response: {
          200: z.object({
            data: z.array(outboxRowSchema),
            meta: listMetaSchema,
          }),
        },
      },
    },
    async (req) => {
      const q = req.query;
      const plan = listPlan(
        OUTBOX_LIST,
        {
          page: q.page,
          rowsPerPage: q.rowsPerPage,
          sortBy: 'id',
          descending: true,
          filters: {},
          cursor: q.cursor,
        },
        [outboxWhere(currentUser(req), q)],
      );
      const page = await plan.page(
        db,
        (where) => outboxRows(db, plan.select).where(where),
        db
          .select({ one: sql`1` })
          .from(outbox)
          .leftJoin(applications, eq(applications.id, outbox.applicationId))
          .where(plan.where)
          .$dynamic(),
      );
      return {
        data: page.rows.map((m) => ({
          ...m,
          sentAt: m.sentAt?.toISOString() ?? null,
          createdAt: m.createdAt.toISOString(),
        })),
        meta: page.meta,
      };
    },
  );
}

/** A row of the outbox export. */
type OutboxRow = Awaited<ReturnType<ReturnType<typeof outboxRows>['execute']>>[number];

/** The outbox export's columns, in both languages. */
const OUTBOX_COLUMNS: ExportColumn<OutboxRow>[] = [
  { header: h('notifications.createdAt'), value: (m, l) => bsDateTime(m.createdAt, l) },
  {
    header: h('notifications.status'),
    value: (m, l) => translate(l, `notifications.statuses.${m.status}`),
  },
  { header: h('export.attempts'), value: (m) => m.attempts, width: 10 },
  { header: h('notifications.lastError'), value: (m) => m.lastError, width: 30 },
  {
    header: h('notifications.channel'),
    value: (m, l) => translate(l, `notifications.channels.${m.channel}`),
    width: 10,
  },
  { header: h('notifications.recipient'), value: (m) => m.recipient, width: 24 },
  {
    header: h('notifications.kind'),
    value: (m, l) => {
      const key = `notifications.kinds.${m.kind}`;
      const text = translate(l, key);
      return text === key ? m.kind : text;
    },
  },
  { header: h('notifications.application'), value: (m) => m.applicationId, width: 10 },
  { header: h('notifications.body'), value: (m) => m.body, width: 50 },
  { header: h('export.sentAt'), value: (m, l) => bsDateTime(m.sentAt, l) },
];

/** The outbox rows matching `where` in keyset batches of `size`, newest first, like the list. */
async function* outboxBatches(db: Db, where: SQL | undefined, size: number) {
  let before: number | null = null;
  for (;;) {
    const rows = await outboxRows(db)
      .where(and(where, before === null ? undefined : lt(outbox.id, before)))
      .orderBy(desc(outbox.id))
      .limit(size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    before = rows[rows.length - 1].id;
  }
}

/** GET /outbox/export: the outbox as CSV or XLSX, streamed. */
function outboxExportRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/outbox/export',
    {
      config: { access: { permissions: ['view-notifications', 'send-notifications'] } },
      schema: {
        tags: ['notifications'],
        summary:
          'The outbox (same filters and scope, newest first) as CSV or XLSX, streamed, in the language asked (lang); OTP texts masked; X-Total-Count gives the rows',
        querystring: outboxFilters.extend({
          format: z.enum(['csv', 'xlsx']).default('csv'),
          lang: z.enum(['en-US', 'ne']).optional(),
        }),
      },
    },
    async (req, reply) => {
      const { format, lang, ...filters } = req.query;
      const where = outboxWhere(currentUser(req), filters);
      const [{ total }] = await db
        .select({ total: count() })
        .from(outbox)
        .leftJoin(applications, eq(applications.id, outbox.applicationId))
        .where(where);
      const size = exportBatchSize();
      return sendExport(reply, {
        format,
        name: `outbox-${todayAd()}`,
        lang: lang ?? requestLang(req),
        columns: OUTBOX_COLUMNS,
        batches: outboxBatches(db, where, size),
        total,
      });
    },
  );
}

/** POST /outbox/:id/retry: a failed message queued again (system admin). */
function outboxRetryRoute(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/outbox/:id/retry',
    {
      config: { access: { permissions: ['edit-notifications'] } },
      schema: {
        tags: ['notifications'],
        summary: 'Send a failed message again (system admin)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (req) => {
      const u = currentUser(req);
      const [row] = await db
        .update(outbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
        .where(and(eq(outbox.id, req.params.id), eq(outbox.status, 'failed')))
        .returning({ id: outbox.id });
      if (!row) throw AppError.conflict();
      await audit(db, {
        userId: u.id,
        action: 'outbox.retry',
        entity: 'outbox',
        entityId: row.id,
        ip: req.ip,
      });
      return { message: 'Action was successful' };
    },
  );
}
