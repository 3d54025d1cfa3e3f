/**
 * The audit log viewer's API (issue 8 §5): system admins read the append-only audit trail
 * (sign-ins, failed sign-ins, refused sessions, authorization failures, state changes), newest
 * first, filtered by action, user and AD date range. Keyset pagination on the id (`before`), so
 * a deep page costs the same as the first and no count(*) scans the whole table.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { adDate } from '../../../shared/schemas/fields.js';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';

/** Filters and the keyset cursor; `action` matches a prefix, e.g. `auth.` for every auth event. */
export const auditQuerySchema = z.object({
  action: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z0-9_.-]*$/, 'validation.invalid')
    .optional(),
  userId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** AD dates, inclusive, Nepal time */
  from: adDate().optional(),
  to: adDate().optional(),
  before: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(25),
});

const entrySchema = z.object({
  id: z.number(),
  createdAt: z.date(),
  action: z.string(),
  entity: z.string(),
  entityId: z.number().nullable(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  data: z.unknown(),
});

/** Midnight in Nepal (UTC+05:45) of an AD date, as an instant. */
const nepalMidnight = (ad: string) => new Date(`${ad}T00:00:00+05:45`);

export default async function auditRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/audit-log',
    {
      config: { access: { roles: ['systemadmin'] } },
      schema: {
        tags: ['audit'],
        summary: 'The audit log, newest first (system admins); keyset pages via `before`',
        querystring: auditQuerySchema,
        response: {
          200: z.object({ data: z.array(entrySchema), nextBefore: z.number().nullable() }),
        },
      },
    },
    async (req) => {
      const q = req.query;
      const where: SQL[] = [];
      if (q.action) where.push(like(auditLog.action, `${q.action}%`));
      if (q.userId) where.push(eq(auditLog.userId, q.userId));
      if (q.from) where.push(gte(auditLog.createdAt, nepalMidnight(q.from)));
      if (q.to) {
        const next = nepalMidnight(q.to);
        next.setUTCDate(next.getUTCDate() + 1);
        where.push(lt(auditLog.createdAt, next));
      }
      if (q.before) where.push(lt(auditLog.id, q.before));
      const rows = await db
        .select({
          id: auditLog.id,
          createdAt: auditLog.createdAt,
          action: auditLog.action,
          entity: auditLog.entity,
          entityId: auditLog.entityId,
          userId: auditLog.userId,
          username: users.username,
          ip: auditLog.ip,
          data: auditLog.data,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.userId))
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(auditLog.id))
        .limit(q.rowsPerPage + 1);
      const more = rows.length > q.rowsPerPage;
      const data = more ? rows.slice(0, q.rowsPerPage) : rows;
      return { data, nextBefore: more ? data[data.length - 1].id : null };
    },
  );
}
