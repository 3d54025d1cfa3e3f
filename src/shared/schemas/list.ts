/**
 * The generic list query of SPEC §3/§7: page, rowsPerPage (default 25), sortBy (default id),
 * descending (default true), filters (JSON object). `rowsNumber` is accepted and ignored
 * (the client echoes the total back). At most 100 rows a page (issue 3).
 */
import { z } from 'zod';

const bool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  rowsPerPage: z.coerce.number().int().min(1).max(100).default(25),
  rowsNumber: z.coerce.number().int().min(0).optional(),
  sortBy: z.string().max(40).default('id'),
  descending: bool.default(true),
  filters: z
    .string()
    .max(2000)
    .optional()
    .transform((s, ctx) => {
      if (!s) return {} as Record<string, unknown>;
      try {
        const v: unknown = JSON.parse(s);
        if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
      } catch {
        /* reported below */
      }
      ctx.addIssue({ code: 'custom', message: 'validation.filters' });
      return z.NEVER;
    }),
  lang: z.enum(['en-US', 'ne']).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export const listMetaSchema = z.object({ total: z.number().int() });
