/**
 * The lifecycle of DESIGN.md §4, driven by src/shared/lifecycle.ts: verify, reject, pay,
 * approve, accept, cancel, terminate, resubmit.
 *
 * Every transition is one transaction: a compare-and-set on the status (a concurrent change
 * makes the second one a 409), the side effect (bill, payment, registration number,
 * certificate), a history entry, an audit row and the applicant's notification.
 */
import { nextStatus, type AppAction, type AppStatus } from '../../../shared/lifecycle.js';
import type { Bill } from '../../../shared/fees.js';
import { todayAd } from '../../../shared/bs-date.js';
import { fiscalYearOf } from '../../../shared/fiscal-year.js';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { applicationHistory, applications } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { audit } from '../../lib/audit.js';
import { currentFiscalYear } from '../../lib/fiscal-year.js';
import { assess, billsOnTransition } from '../billing/index.js';
import { issueCertificate } from '../certificates/index.js';
import type { Notifier, NotifyKind } from '../notifications/index.js';
import { actionsFor, kindBlock, visibleApplication, type Actor, type AppRow } from './access.js';
import { nextRegistrationNo } from './numbering.js';
import { extendRegistration } from './renewals.js';
import { applyRequest } from './requests.js';

/** Columns a transition's side effect sets on the application with the new status. */
export type TransitionEffect = (
  tx: Tx,
  app: AppRow,
) => Promise<Partial<typeof applications.$inferInsert>>;

/** What the applicant is told when a request about a registration is approved (issue 19). */
const APPROVED_REQUEST = { amendment: 'amend', closure: 'close', duplicate: 'duplicate' } as const;

export class Lifecycle {
  constructor(
    private readonly db: Db,
    private readonly signingKey: string,
    private readonly notifier: Notifier | null = null,
  ) {}

  /**
   * Runs `action` on application `id` as `actor`. 404 when not visible, 403 when the actor
   * may not fire it, 409 when illegal from the current status. `effect` runs inside the
   * transaction after the status compare-and-set and may add columns to update.
   */
  async transition(
    actor: Actor,
    id: number,
    action: AppAction,
    opts: { remarks?: string | null; ip: string; effect?: TransitionEffect },
  ): Promise<void> {
    const current = await visibleApplication(this.db, actor, id);
    if (!actionsFor(actor, current).includes(action)) {
      // Distinguish "not allowed for you" from "not allowed now" or "not for this kind".
      const to = nextStatus(current.appStatus, action);
      if (to === null) throw AppError.conflict();
      const block = kindBlock(current, action);
      if (block) throw AppError.conflict(block);
      throw AppError.forbidden();
    }
    const to = nextStatus(current.appStatus, action)!;
    await this.db.transaction(async (tx) => {
      const extra = opts.effect ? await opts.effect(tx, current) : {};
      await this.applyTransition(tx, current, action, to, {
        actorId: actor.id,
        remarks: opts.remarks ?? null,
        ip: opts.ip,
        extra,
      });
    });
  }

  /**
   * The common part of every transition, inside the caller's transaction: compare-and-set of
   * the status (409 when it moved meanwhile), history, audit, and the applicant's
   * notification (all but their own resubmission).
   */
  private async applyTransition(
    tx: Tx,
    current: AppRow,
    action: AppAction,
    to: AppStatus,
    o: {
      actorId: number | null;
      remarks: string | null;
      ip: string | null;
      extra: Partial<typeof applications.$inferInsert>;
    },
  ) {
    const id = current.id;
    const updated = await tx
      .update(applications)
      .set({ ...o.extra, appStatus: to, updatedAt: new Date() })
      .where(and(eq(applications.id, id), eq(applications.appStatus, current.appStatus)))
      .returning({ id: applications.id });
    if (updated.length !== 1) throw AppError.conflict();
    await billsOnTransition(tx, {
      applicationId: id,
      from: current.appStatus,
      to,
      action,
      bill: o.extra.bill,
    });
    await tx.insert(applicationHistory).values({
      applicationId: id,
      userId: o.actorId,
      action,
      fromStatus: current.appStatus,
      toStatus: to,
      remarks: o.remarks,
    });
    await audit(tx, {
      userId: o.actorId,
      action: `application.${action}`,
      entity: 'applications',
      entityId: id,
      data: { from: current.appStatus, to, remarks: o.remarks },
      ip: o.ip,
    });
    const kind: NotifyKind | null =
      action === 'resubmit'
        ? null
        : action === 'approve' && current.isRenewal && current.renewalOfId
          ? 'renew'
          : action === 'approve' && current.subjectId
            ? APPROVED_REQUEST[current.service as keyof typeof APPROVED_REQUEST]
            : action;
    if (kind && this.notifier) {
      const bill = ((o.extra.bill ?? current.bill) as Bill | null) ?? null;
      await this.notifier.toApplicant(tx, id, kind, {
        remarks: o.remarks,
        amount: bill?.total,
        certificateOf: current.renewalOfId ?? current.subjectId ?? id,
      });
    }
  }

  /**
   * An online payment confirmed by its gateway moves application `id` from verified to paid
   * (issue 6), inside the caller's transaction; the gateway's confirmation is the authority,
   * so no permission is checked. Returns false (and changes nothing) when the application is
   * no longer verified, e.g. paid at the counter meanwhile.
   */
  async markPaidOnline(tx: Tx, id: number, byUserId: number | null, ip: string | null) {
    const [current] = await tx.select().from(applications).where(eq(applications.id, id));
    if (!current || current.appStatus !== 'verified') return false;
    await this.applyTransition(tx, current, 'pay', 'paid', {
      actorId: byUserId,
      remarks: null,
      ip,
      extra: {},
    });
    return true;
  }

  /**
   * Tells the applicant of application `id` about `kind` (in-app, SMS, email) inside the
   * caller's transaction; billing uses it for money it cannot credit (refund due, refunded).
   */
  async tellApplicant(
    tx: Tx,
    id: number,
    kind: NotifyKind,
    extra: { amount?: number; remarks?: string | null },
  ) {
    if (this.notifier) await this.notifier.toApplicant(tx, id, kind, extra);
  }

  /** The application if `actor` may see it, else AppError 404. */
  visibleApplication(actor: Actor, id: number) {
    return visibleApplication(this.db, actor, id);
  }

  /** Verify: assesses the bill from the tax setup of the application's fiscal year. */
  verify(actor: Actor, id: number, remarks: string | null, ip: string) {
    return this.transition(actor, id, 'verify', {
      remarks,
      ip,
      effect: async (tx, app) => ({ bill: await assess(tx, app) }),
    });
  }

  /**
   * Approve. A new registration gets the next gapless registration number of the current
   * fiscal year (numbering.ts), registration date (today, AD), expiry (last day of the fiscal
   * year, Ashadh end) and a certificate. A renewal instead extends the registration it renews
   * (renewals.ts extendRegistration); an amendment, closure or duplicate changes the
   * registration it is about (requests.ts applyRequest).
   */
  approve(actor: Actor, id: number, remarks: string | null, ip: string) {
    return this.transition(actor, id, 'approve', {
      remarks,
      ip,
      effect: async (tx, app) => {
        if (app.isRenewal && app.renewalOfId)
          return extendRegistration(tx, this.signingKey, { actor, renewal: app, ip, remarks });
        if (app.subjectId)
          return applyRequest(tx, this.signingKey, { actor, request: app, ip, remarks });
        const fy = await currentFiscalYear(tx);
        const { registrationNo, serial } = await nextRegistrationNo(tx, fy);
        await issueCertificate(tx, this.signingKey, {
          applicationId: app.id,
          registrationNo,
          fiscalYearId: fy.id,
          validUntil: fy.endDate,
        });
        return {
          registrationNo,
          registrationSerial: serial,
          registrationFiscalYearId: fy.id,
          registrationDate: todayAd(),
          expiryDate: fy.endDate,
        };
      },
    });
  }

  /**
   * Accepts an old paper registration into the system (issue 4 §5, DESIGN.md §4): staff have
   * checked the scan of its certificate. It becomes approved with its old number and date,
   * unpaid, valid until `expiry` (AD, from the paper certificate) or by default the end of
   * the fiscal year of the old registration date; from there it renews like any other.
   * 409 when that registration number is already in the system.
   */
  accept(actor: Actor, id: number, remarks: string | null, expiry: string | null, ip: string) {
    return this.transition(actor, id, 'accept', {
      remarks,
      ip,
      effect: async (tx, app) => {
        const regDate = app.oldRegistrationDate;
        if (!app.oldRegistrationNo || !regDate)
          throw AppError.conflict('errors.notOldRegistration');
        const expiryDate = expiry ?? fiscalYearOf(regDate).endAd;
        if (expiryDate < regDate)
          throw AppError.validation({ expiryDate: ['validation.dateOrder'] });
        const [taken] = await tx
          .select({ id: applications.id })
          .from(applications)
          .where(eq(applications.registrationNo, app.oldRegistrationNo));
        if (taken) throw AppError.conflict('errors.registrationNoTaken');
        return { registrationNo: app.oldRegistrationNo, registrationDate: regDate, expiryDate };
      },
    });
  }
}
