/**
 * "Make this the current fiscal year" (issue 17 §7): an explicit action of its own, not a
 * side effect of the status switch.
 *
 *   POST /api/fiscal-years/{id}/make-current   body {replacing?: id | 'none'}   edit-fiscal-years
 *
 * The current year is the one new applications, fee estimates, bills, renewals and new
 * registration numbers use (lib/fiscal-year.ts). In one transaction the old current year stops
 * being current (it stays active, with its tax setup, bills and registrations) and this one
 * becomes current and active; an audit row records both.
 *
 * Refusals:
 * - 422 TAX_SETUP_MISSING when an active business type has no active tax band in this year:
 *   every fee estimate and bill of that type would fail (billing/assessment.ts needs a band of
 *   the application's type and fiscal year, src/shared/fees.ts `pickBand`). The message names
 *   the business types. docs/decisions.md says why this refuses rather than warns.
 * - 409 CURRENT_FISCAL_YEAR_CHANGED when `replacing` is given and is not the current year any
 *   more: the confirmation the user saw named another year (someone else changed it meanwhile).
 * - 404 for an unknown or deleted year. Making the current year current again is a no-op (200).
 *
 * Races: a transaction-scoped advisory lock serialises every change of the current year, so two
 * requests at once run one after the other; the partial unique index
 * `fiscal_years_one_current_uq` keeps at most one current year whatever happens.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, notExists, sql } from 'drizzle-orm';
import { z } from 'zod';
import { toNepaliDigits } from '../../../shared/format.js';
import { translate } from '../../../shared/i18n/index.js';
import { fiscalYearRowSchema } from '../../../shared/schemas/resources.js';
import type { Db, Tx } from '../../db/client.js';
import { businessTypes, fiscalYears, taxSetups } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { currentUser } from '../../plugins/auth.js';
import { requestLang } from '../../plugins/errors.js';
import type { Lang } from '../../../shared/i18n/index.js';
import { RESOURCE_BY_NAME } from './registry.js';
import { ResourceService } from './service.js';

/** Key of the advisory lock held while the current fiscal year changes ('fyCurrnt' in hex). */
const CURRENT_YEAR_LOCK = 0x667943757272;

/** `text` with Devanagari digits in Nepali. */
const digitsFor = (lang: Lang, text: string) => (lang === 'ne' ? toNepaliDigits(text) : text);

/** Names (in `lang`) of the active business types without an active tax band in year `id`. */
export async function untaxedBusinessTypes(db: Db | Tx, id: number, lang: Lang) {
  const rows = await db
    .select({ nameEn: businessTypes.nameEn, nameNe: businessTypes.nameNe })
    .from(businessTypes)
    .where(
      and(
        eq(businessTypes.status, 1),
        isNull(businessTypes.deletedOn),
        notExists(
          db
            .select({ one: sql`1` })
            .from(taxSetups)
            .where(
              and(
                eq(taxSetups.businessTypeId, businessTypes.id),
                eq(taxSetups.fiscalYearId, id),
                eq(taxSetups.status, 1),
                isNull(taxSetups.deletedOn),
              ),
            ),
        ),
      ),
    )
    .orderBy(businessTypes.nameEn);
  return rows.map((r) => (lang === 'ne' ? r.nameNe : r.nameEn));
}

export interface MakeCurrentInput {
  id: number;
  /** the year the user was told would stop being current (null: none); undefined: no check */
  replacing?: number | null;
  userId: number;
  ip: string;
  lang: Lang;
}

/** Makes year `id` the one current fiscal year (see the module comment for the refusals). */
export async function makeCurrentFiscalYear(db: Db, input: MakeCurrentInput) {
  const { id } = input;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CURRENT_YEAR_LOCK})`);
    const [year] = await tx
      .select()
      .from(fiscalYears)
      .where(and(eq(fiscalYears.id, id), isNull(fiscalYears.deletedOn)));
    if (!year) throw AppError.notFound();
    const [old] = await tx
      .select({ id: fiscalYears.id, code: fiscalYears.code })
      .from(fiscalYears)
      .where(and(eq(fiscalYears.isCurrent, true), isNull(fiscalYears.deletedOn)));
    if (input.replacing !== undefined && (old?.id ?? null) !== input.replacing && !year.isCurrent)
      throw new AppError(409, 'CURRENT_FISCAL_YEAR_CHANGED', 'staff.errors.currentChanged');
    if (year.isCurrent) return;
    const missing = await untaxedBusinessTypes(tx, id, input.lang);
    if (missing.length) {
      throw new AppError(422, 'TAX_SETUP_MISSING', 'staff.errors.taxSetupMissing', {
        year: digitsFor(input.lang, year.code),
        types: missing.join(', '),
      });
    }
    const now = new Date();
    // Two statements, old first: the unique index allows one current year at every moment.
    await tx
      .update(fiscalYears)
      .set({ isCurrent: false, updatedAt: now })
      .where(and(eq(fiscalYears.isCurrent, true), isNull(fiscalYears.deletedOn)));
    await tx
      .update(fiscalYears)
      .set({ isCurrent: true, status: 1, updatedAt: now })
      .where(eq(fiscalYears.id, id));
    await audit(tx, {
      userId: input.userId,
      action: 'fiscal-years.make-current',
      entity: 'fiscal-years',
      entityId: id,
      data: { from: old?.code ?? null, to: year.code },
      ip: input.ip,
    });
  });
  const row = await new ResourceService(RESOURCE_BY_NAME.get('fiscal-years')!).one(db, id);
  return row as z.infer<typeof fiscalYearRowSchema>;
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const bodySchema = z
  .object({
    /** 'none' (or JSON null): no year was current; a form cannot carry a null */
    replacing: z
      .union([z.literal('none'), z.null(), z.coerce.number().int().positive().max(2_147_483_647)])
      .optional(),
  })
  .optional();

/** POST /api/fiscal-years/{id}/make-current (registered by routes.ts). */
export function fiscalYearRoutes(app: FastifyInstance, opts: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/fiscal-years/:id/make-current',
    {
      config: { access: { permissions: ['edit-fiscal-years'] } },
      schema: {
        tags: ['fiscal-years'],
        summary: 'Make this the current fiscal year',
        description: [
          'New applications, fee estimates, bills, renewals and new registration numbers use the current year. The old current year stays active but is no longer current. One transaction; concurrent calls run one after the other.',
          '`replacing`: the id of the year the user was told would stop being current ("none" or null: none was); when another year is current by now, 409 CURRENT_FISCAL_YEAR_CHANGED.',
          '422 TAX_SETUP_MISSING when an active business type has no active tax band in this year (the message names them). Needs edit-fiscal-years.',
        ].join('\n\n'),
        params: idParams,
        body: bodySchema,
        response: { 200: z.object({ data: fiscalYearRowSchema, message: z.string() }) },
      },
    },
    async (req) => {
      const lang = requestLang(req);
      const data = await makeCurrentFiscalYear(opts.db, {
        id: req.params.id,
        replacing: req.body?.replacing === 'none' ? null : req.body?.replacing,
        userId: currentUser(req).id,
        ip: req.ip,
        lang,
      });
      return {
        data,
        message: translate(lang, 'staff.fiscalYear.madeCurrent', {
          year: digitsFor(lang, String(data.code)),
        }),
      };
    },
  );
}
