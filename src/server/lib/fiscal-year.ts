/**
 * The current fiscal year (the setup row marked current; Shrawan 1 – Ashadh end, BS), which
 * numbering, billing and the dashboard all start from.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { fiscalYears } from '../db/schema.js';
import { AppError } from '../errors.js';

/** The current fiscal year's row. Throws AppError 409 NO_FISCAL_YEAR when none is set up. */
export async function currentFiscalYear(db: Db | Tx) {
  const [fy] = await db
    .select()
    .from(fiscalYears)
    .where(and(eq(fiscalYears.isCurrent, true), isNull(fiscalYears.deletedOn)))
    .limit(1);
  if (!fy) throw new AppError(409, 'NO_FISCAL_YEAR', 'errors.noFiscalYear');
  return fy;
}
