/**
 * Read side of the generic resource contract (SPEC §7): `GET /api/{r}/all?filters=` (every
 * active row, for dropdowns) and `GET /api/{r}/{id}` (`{data}`; 404 when deleted or absent).
 * Unknown filter keys are a 400 naming the key.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import type { Db } from '../../db/client.js';
import { RESOURCES } from './registry.js';

const filtersQuery = z.object({
  filters: z.string().max(2000).optional(),
  lang: z.enum(['en-US', 'ne']).optional(),
});
const rowSchema = z.record(z.string(), z.unknown());

function parseFilters(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const v: unknown = JSON.parse(raw);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* fall through */
  }
  throw AppError.badRequest('validation.filters');
}

/** Drops soft-delete bookkeeping from API rows. */
function present(row: Record<string, unknown>) {
  const { deletedOn: _d, ...rest } = row;
  return rest;
}

export default async function resourceRoutes(app: FastifyInstance, opts: { db: Db }) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const def of RESOURCES) {
    const access = def.read ? { permissions: def.read } : undefined;
    r.get(
      `/${def.name}/all`,
      {
        config: { access },
        schema: {
          tags: [def.name],
          summary: `All active ${def.name} (for dropdowns)`,
          querystring: filtersQuery,
          response: { 200: z.object({ data: z.array(rowSchema) }) },
        },
      },
      async (req) => {
        const where: SQL[] = [isNull(def.table.deletedOn), eq(def.table.status, 1)];
        for (const [key, value] of Object.entries(parseFilters(req.query.filters))) {
          const col = def.filters[key];
          if (!col) throw AppError.badRequest('errors.unknownFilter', { key });
          const n = Number(value);
          if (!Number.isSafeInteger(n)) throw AppError.badRequest('validation.filters');
          where.push(eq(col, n));
        }
        const rows = await db
          .select()
          .from(def.table)
          .where(and(...where))
          .orderBy(asc(def.orderBy), asc(def.table.id));
        return { data: rows.map((x) => present(x as Record<string, unknown>)) };
      },
    );
    r.get(
      `/${def.name}/:id`,
      {
        config: { access },
        schema: {
          tags: [def.name],
          summary: `One ${def.name} row`,
          params: z.object({ id: z.coerce.number().int().positive() }),
          querystring: filtersQuery.pick({ lang: true }),
          response: { 200: z.object({ data: rowSchema }) },
        },
      },
      async (req) => {
        const [row] = await db
          .select()
          .from(def.table)
          .where(and(eq(def.table.id, req.params.id), isNull(def.table.deletedOn)));
        if (!row) throw AppError.notFound();
        return { data: present(row as Record<string, unknown>) };
      },
    );
  }
}
