/**
 * Bills: what an application owes, assessed from the tax setup of its fiscal year with the
 * fee engine of src/shared/fees.ts (DESIGN.md §5, docs/fees.md). Amounts are integer paisa.
 *
 * The assessment is split into the facts it needs (tax bands, fee settings, the renewed
 * registration's expiry — `assessmentFacts` loads them; a read model may load them in its own
 * statement) and `billFrom`, which decides from those facts alone.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { todayAd } from '../../../shared/bs-date.js';
import {
  assessFees,
  assessRequestFees,
  DEFAULT_FEE_SETTINGS,
  FeeError,
  renewalTiming,
  type Bill,
  type FeeSettings,
  type RenewalTiming,
  type TaxBand,
} from '../../../shared/fees.js';
import {
  REGISTRATION_REQUESTS,
  type RegistrationRequest,
  type Service,
} from '../../../shared/lifecycle.js';
import type { Db, Tx } from '../../db/client.js';
import { applications, settings, taxSetups } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';

/** What the fee engine reads of an application (capital and rent in paisa). */
export interface Assessable {
  fiscalYearId: number | null;
  businessTypeId: number;
  capitalCurrent: number;
  isRenewal: boolean;
  renewalOfId: number | null;
  rentMonthly: number | null;
  rentTaxPeriodMonths: number | null;
  /** issue 19: an amendment, closure or duplicate is billed by assessRequestFees; absent = registration or renewal */
  service?: Service;
  /** the registration a request is about */
  subjectId?: number | null;
}

/**
 * The facts a bill is computed from. `fiscalYearId` null: neither the application nor the
 * setup names a fiscal year. `renewalExpiry`: AD expiry of the registration a renewal renews
 * (null when that registration has none), undefined for a new registration.
 */
export interface AssessmentFacts {
  fiscalYearId: number | null;
  bands: TaxBand[];
  settings: FeeSettings;
  renewalExpiry: string | null | undefined;
  /** a closure: AD expiry of the registration it closes (its arrears run from there) */
  subjectExpiry?: string | null;
}

/** The palika's fee settings (administrative cost, rent tax rate) over the defaults. */
export function feeSettingsOf(value: unknown): FeeSettings {
  return { ...DEFAULT_FEE_SETTINGS, ...((value as Partial<FeeSettings> | null) ?? {}) };
}

/**
 * How late a renewal is, from the expiry of the registration it renews to today (Nepal):
 * months late (BS), fiscal years due and whether it is early (DESIGN.md §5). Null for a new
 * registration. AppError 409 'errors.notRenewable' when the registration has no expiry date.
 */
export function timingFrom(
  app: Pick<Assessable, 'isRenewal' | 'renewalOfId'>,
  renewalExpiry: string | null | undefined,
): RenewalTiming | null {
  if (!app.isRenewal || !app.renewalOfId) return null;
  if (!renewalExpiry) throw AppError.conflict('errors.notRenewable');
  return renewalTiming(renewalExpiry, todayAd());
}

/**
 * The bill of `app` from `facts`. Throws AppError 409 NO_FISCAL_YEAR, 409 notRenewable (see
 * timingFrom) or 422 NO_TAX_BAND when no band matches: never a zero bill. A renewal is
 * charged for the years due and the months late since the registration's expiry, or gets the
 * early discount.
 */
export function billFrom(app: Assessable, facts: AssessmentFacts): Bill {
  if (facts.fiscalYearId === null) throw new AppError(409, 'NO_FISCAL_YEAR', 'errors.noFiscalYear');
  const timing = timingFrom(app, facts.renewalExpiry);
  try {
    if (isRequest(app.service)) return requestBill(app.service, app, facts);
    return assessFees({
      bands: facts.bands,
      capital: app.capitalCurrent,
      isRenewal: app.isRenewal,
      fiscalYearsDue: timing?.fiscalYearsDue ?? 1,
      monthsLate: timing?.monthsLate ?? 0,
      renewedBeforeExpiry: timing?.renewedBeforeExpiry ?? false,
      rent:
        app.rentMonthly && app.rentTaxPeriodMonths
          ? { monthly: app.rentMonthly, months: app.rentTaxPeriodMonths }
          : null,
      settings: facts.settings,
    });
  } catch (e) {
    if (e instanceof FeeError && e.code === 'no-tax-band') {
      throw new AppError(422, 'NO_TAX_BAND', 'errors.noTaxBand');
    }
    throw e;
  }
}

function isRequest(s: Service | undefined): s is RegistrationRequest {
  return !!s && (REGISTRATION_REQUESTS as readonly string[]).includes(s);
}

/**
 * An amendment's, closure's or duplicate's bill (issue 19): a closure of a registration that
 * lapsed before today pays the renewals it missed as arrears (renewalTiming to today).
 */
function requestBill(request: RegistrationRequest, app: Assessable, facts: AssessmentFacts) {
  const expiry = facts.subjectExpiry ?? null;
  const today = todayAd();
  const arrears =
    request === 'closure' && expiry && expiry < today ? renewalTiming(expiry, today) : null;
  return assessRequestFees({
    request,
    bands: facts.bands,
    capital: app.capitalCurrent,
    arrears,
    settings: facts.settings,
  });
}

/**
 * `billFrom` that reports why there is no bill (a translation key) instead of throwing, with
 * the renewal timing when it is known. Errors other than AppErrors are rethrown.
 */
export function estimateFrom(
  app: Assessable,
  facts: AssessmentFacts,
): { bill: Bill | null; problem: string | null; timing: RenewalTiming | null } {
  let timing: RenewalTiming | null = null;
  try {
    timing = timingFrom(app, facts.renewalExpiry);
  } catch {
    timing = null;
  }
  try {
    return { bill: billFrom(app, facts), problem: null, timing };
  } catch (e) {
    if (e instanceof AppError && e.statusCode !== 404)
      return { bill: null, problem: e.messageKey, timing };
    throw e;
  }
}

/** Loads the facts `billFrom` needs for `app` (its fiscal year, else the current one). */
export async function assessmentFacts(db: Db | Tx, app: Assessable): Promise<AssessmentFacts> {
  let fiscalYearId = app.fiscalYearId;
  if (fiscalYearId === null) {
    fiscalYearId = await currentFiscalYear(db).then(
      (fy) => fy.id,
      (e) => {
        if (e instanceof AppError) return null;
        throw e;
      },
    );
  }
  const bands =
    fiscalYearId === null
      ? []
      : await db
          .select()
          .from(taxSetups)
          .where(
            and(
              eq(taxSetups.businessTypeId, app.businessTypeId),
              eq(taxSetups.fiscalYearId, fiscalYearId),
              eq(taxSetups.status, 1),
              isNull(taxSetups.deletedOn),
            ),
          );
  let renewalExpiry: string | null | undefined;
  if (app.isRenewal && app.renewalOfId) {
    const [reg] = await db
      .select({ expiryDate: applications.expiryDate })
      .from(applications)
      .where(eq(applications.id, app.renewalOfId));
    renewalExpiry = reg?.expiryDate ?? null;
  }
  let subjectExpiry: string | null | undefined;
  if (app.service === 'closure' && app.subjectId) {
    const [reg] = await db
      .select({ expiryDate: applications.expiryDate })
      .from(applications)
      .where(eq(applications.id, app.subjectId));
    subjectExpiry = reg?.expiryDate ?? null;
  }
  const [row] = await db.select().from(settings).where(eq(settings.key, 'fees'));
  return { fiscalYearId, bands, settings: feeSettingsOf(row?.value), renewalExpiry, subjectExpiry };
}

/** The bill of `app` (see billFrom for the errors). */
export async function assess(db: Db | Tx, app: Assessable): Promise<Bill> {
  return billFrom(app, await assessmentFacts(db, app));
}

/** The fee estimate of `app` (see estimateFrom). */
export async function estimate(db: Db | Tx, app: Assessable) {
  return estimateFrom(app, await assessmentFacts(db, app));
}
