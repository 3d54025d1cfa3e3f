/**
 * Where an applicant's application stands and the ONE thing to do next (issue 17 §1, the GOV.UK
 * "task list" pattern), as pure functions of a row of the applicant's own list (GET
 * /api/applications, shared/schemas/application-list.ts) and today's date (AD, Nepal time).
 *
 * The server decides what is allowed (the bill, `canRenew`, the renewal in progress); this file
 * only words it: `state` is a key of `home.state.*`, `action.kind` of `home.action.*`.
 */
import type { ApplicationListRow } from '../../../shared/schemas/application-list.js';

/** The one next step, with where it leads. */
export type NextAction =
  | { kind: 'continue'; to: string }
  | { kind: 'pay'; to: string; amount: number }
  | { kind: 'fix'; to: string }
  | { kind: 'certificate'; id: number; registrationNo: string }
  | { kind: 'renew'; to: string }
  | { kind: 'viewRenewal'; to: string }
  | { kind: 'view'; to: string };

/** What a card says (`home.state.<state>`, with `date` and `amount` filled in). */
export type CardStateKey =
  | 'draft'
  | 'waiting'
  | 'waitingOld'
  | 'waitingBill'
  | 'pay'
  | 'paymentChecking'
  | 'paid'
  | 'rejected'
  | 'registered'
  | 'renewBy'
  | 'expiredRenew'
  | 'expired'
  | 'renewing'
  | 'renewed'
  | 'requestDone'
  | 'closed'
  | 'cancelled';

/** Colour family of the state: the applicant's turn, waiting for the office, done, over. */
export type Tone = 'action' | 'waiting' | 'done' | 'problem' | 'over';

export interface CardState {
  state: CardStateKey;
  tone: Tone;
  /** AD date the state's wording names (valid until, renew by, expired on, saved on) */
  date?: string | null;
  /** paisa, for the pay state */
  amount?: number;
  action: NextAction;
  /** 0 = the applicant's turn, 1 = waiting for the office, 2 = done, 3 = cancelled */
  rank: 0 | 1 | 2 | 3;
}

const detail = (id: number) => `/business/applications/${id}/detail`;

/** A draft kept on this device (lib/useFormDraft.ts) of a new application of `kind`. */
export interface DraftInfo {
  kind: 'single' | 'multiple';
  businessName: string;
  /** ms since epoch */
  savedAt: number;
}

/** A draft's card: not sent yet, continue where it was left. */
export function draftState(d: DraftInfo): CardState {
  return {
    state: 'draft',
    tone: 'action',
    date: new Date(d.savedAt).toISOString(),
    action: {
      kind: 'continue',
      to: d.kind === 'multiple' ? '/multiple_registration' : '/single_registration',
    },
    rank: 0,
  };
}

/** An approved registration (not a renewal request): valid, due for renewal, or expired. */
function approvedState(r: ApplicationListRow, today: string): CardState {
  const expiry = r.expiryDate;
  const expired = !!expiry && expiry < today;
  if (r.openRenewalId) {
    return {
      state: 'renewing',
      tone: 'waiting',
      date: expiry,
      action: { kind: 'viewRenewal', to: detail(r.openRenewalId) },
      rank: 1,
    };
  }
  if (r.canRenew) {
    return {
      state: expired ? 'expiredRenew' : 'renewBy',
      tone: expired ? 'problem' : 'action',
      date: expiry,
      action: { kind: 'renew', to: `/re-new-registration/${r.id}` },
      rank: 0,
    };
  }
  if (expired) {
    return { state: 'expired', tone: 'over', date: expiry, action: view(r), rank: 2 };
  }
  return {
    state: 'registered',
    tone: 'done',
    date: expiry,
    action: r.registrationNo
      ? { kind: 'certificate', id: r.id, registrationNo: r.registrationNo }
      : view(r),
    rank: 2,
  };
}

const view = (r: ApplicationListRow): NextAction => ({ kind: 'view', to: detail(r.id) });

/**
 * The state and next action of one of the applicant's applications. `today` is AD
 * 'YYYY-MM-DD' in Nepal (shared/bs-date.ts todayAd).
 */
export function nextAction(r: ApplicationListRow, today: string): CardState {
  switch (r.appStatus) {
    case 'pending':
      return {
        state: r.isOldRegistration ? 'waitingOld' : 'waiting',
        tone: 'waiting',
        action: view(r),
        rank: 1,
      };
    case 'verified':
      if (r.paymentPending) {
        return { state: 'paymentChecking', tone: 'waiting', action: view(r), rank: 1 };
      }
      if (r.billTotal == null) {
        return { state: 'waitingBill', tone: 'waiting', action: view(r), rank: 1 };
      }
      return {
        state: 'pay',
        tone: 'action',
        amount: r.billTotal,
        action: { kind: 'pay', to: detail(r.id), amount: r.billTotal },
        rank: 0,
      };
    case 'paid':
      return { state: 'paid', tone: 'waiting', action: view(r), rank: 1 };
    case 'rejected':
      // a request (issue 19) is not edited through the application form: its page resubmits
      if (r.subjectId) return { state: 'rejected', tone: 'problem', action: view(r), rank: 0 };
      return {
        state: 'rejected',
        tone: 'problem',
        action: { kind: 'fix', to: `/edit-registration/${r.id}` },
        rank: 0,
      };
    case 'approved':
      if (r.isRenewal) {
        // The registration it renewed carries the new expiry and certificate.
        return {
          state: 'renewed',
          tone: 'done',
          date: r.expiryDate,
          action: { kind: 'view', to: detail(r.renewalOfId ?? r.id) },
          rank: 2,
        };
      }
      if (r.subjectId) {
        // an amendment, closure or duplicate: the registration it was about carries the result
        const to = detail(r.subjectId);
        return { state: 'requestDone', tone: 'done', action: { kind: 'view', to }, rank: 2 };
      }
      return approvedState(r, today);
    case 'cancelled':
      return { state: 'cancelled', tone: 'over', action: view(r), rank: 3 };
    case 'closed':
      return { state: 'closed', tone: 'over', action: view(r), rank: 3 };
  }
}

/**
 * The cards in the order the applicant meets them: their turn first (pay, fix, renew,
 * continue), then those waiting for the office, then the finished, cancelled last; newest
 * first within each.
 */
export function orderCards<C extends { card: CardState; order: number }>(cards: C[]): C[] {
  return [...cards].sort((a, b) => a.card.rank - b.card.rank || b.order - a.order);
}
