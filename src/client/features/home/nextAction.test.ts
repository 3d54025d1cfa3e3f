/** The applicant home's wording of each application and its one next step (issue 17 §1). */
import { describe, expect, it } from 'vitest';
import type { ApplicationListRow } from '../../../shared/schemas/application-list.js';
import { draftState, nextAction, orderCards } from './nextAction';

const TODAY = '2026-01-10';

function row(over: Partial<ApplicationListRow> = {}): ApplicationListRow {
  return {
    id: 7,
    submissionNo: '12/2082-83',
    registrationNo: null,
    businessName: 'Himal Tea Shop',
    ownerName: 'Sita Rai',
    appStatus: 'pending',
    submissionDate: '2025-12-01',
    expiryDate: null,
    createdAt: '2025-12-01T05:00:00.000Z',
    businessTypeId: 1,
    businessTypeNameEn: 'Tea shop',
    businessTypeNameNe: 'चिया पसल',
    wardId: 1,
    wardNumber: 1,
    kind: 'single',
    isRenewal: false,
    renewalOfId: null,
    isOldRegistration: false,
    billTotal: null,
    rejectionReason: null,
    paymentPending: false,
    canRenew: false,
    openRenewalId: null,
    ...over,
  };
}

describe('nextAction', () => {
  it('pending: waiting for the ward, view it; an old registration says so', () => {
    expect(nextAction(row(), TODAY)).toEqual({
      state: 'waiting',
      tone: 'waiting',
      action: { kind: 'view', to: '/business/applications/7/detail' },
      rank: 1,
    });
    expect(nextAction(row({ isOldRegistration: true }), TODAY).state).toBe('waitingOld');
  });

  it('verified with a bill: pay that amount on the detail page (its payment choice)', () => {
    expect(nextAction(row({ appStatus: 'verified', billTotal: 260_000 }), TODAY)).toEqual({
      state: 'pay',
      tone: 'action',
      amount: 260_000,
      action: { kind: 'pay', to: '/business/applications/7/detail', amount: 260_000 },
      rank: 0,
    });
  });

  it('verified while an online payment awaits the gateway: no second Pay button', () => {
    const s = nextAction(row({ appStatus: 'verified', billTotal: 1, paymentPending: true }), TODAY);
    expect(s.state).toBe('paymentChecking');
    expect(s.action.kind).toBe('view');
  });

  it('verified without a bill (not assessed yet): waiting, never "Pay Rs 0"', () => {
    const s = nextAction(row({ appStatus: 'verified', billTotal: null }), TODAY);
    expect(s.state).toBe('waitingBill');
    expect(s.action.kind).toBe('view');
  });

  it('paid: waiting for approval', () => {
    expect(nextAction(row({ appStatus: 'paid', billTotal: 5 }), TODAY)).toMatchObject({
      state: 'paid',
      action: { kind: 'view' },
    });
  });

  it('rejected: fix and resubmit through the edit form', () => {
    expect(
      nextAction(row({ appStatus: 'rejected', rejectionReason: 'Blurred scan' }), TODAY),
    ).toEqual({
      state: 'rejected',
      tone: 'problem',
      action: { kind: 'fix', to: '/edit-registration/7' },
      rank: 0,
    });
  });

  it('approved and valid: registered until the expiry, download the certificate', () => {
    const r = row({ appStatus: 'approved', registrationNo: '3/2082-83', expiryDate: '2026-07-16' });
    expect(nextAction(r, TODAY)).toEqual({
      state: 'registered',
      tone: 'done',
      date: '2026-07-16',
      action: { kind: 'certificate', id: 7, registrationNo: '3/2082-83' },
      rank: 2,
    });
  });

  it('approved and due: renew by the expiry; past it, expired — renew', () => {
    const due = row({
      appStatus: 'approved',
      registrationNo: '3/2082-83',
      expiryDate: '2026-01-20',
      canRenew: true,
    });
    expect(nextAction(due, TODAY)).toEqual({
      state: 'renewBy',
      tone: 'action',
      date: '2026-01-20',
      action: { kind: 'renew', to: '/re-new-registration/7' },
      rank: 0,
    });
    const late = nextAction({ ...due, expiryDate: '2026-01-09' }, TODAY);
    expect(late).toMatchObject({
      state: 'expiredRenew',
      tone: 'problem',
      action: { kind: 'renew' },
    });
  });

  it('expired but not renewable by this user: says expired, offers the view', () => {
    const r = row({ appStatus: 'approved', registrationNo: '3/2082-83', expiryDate: '2025-07-16' });
    expect(nextAction(r, TODAY)).toMatchObject({ state: 'expired', action: { kind: 'view' } });
  });

  it('a renewal in progress: view the renewal, not renew again', () => {
    const r = row({
      appStatus: 'approved',
      registrationNo: '3/2082-83',
      expiryDate: '2026-01-20',
      openRenewalId: 19,
    });
    expect(nextAction(r, TODAY)).toMatchObject({
      state: 'renewing',
      action: { kind: 'viewRenewal', to: '/business/applications/19/detail' },
    });
  });

  it('an approved renewal request points at the registration it renewed', () => {
    const r = row({
      id: 19,
      appStatus: 'approved',
      isRenewal: true,
      renewalOfId: 7,
      expiryDate: '2027-07-16',
    });
    expect(nextAction(r, TODAY)).toMatchObject({
      state: 'renewed',
      date: '2027-07-16',
      action: { kind: 'view', to: '/business/applications/7/detail' },
    });
  });

  it('cancelled: last, view only', () => {
    expect(nextAction(row({ appStatus: 'cancelled' }), TODAY)).toMatchObject({
      state: 'cancelled',
      rank: 3,
      action: { kind: 'view' },
    });
  });
});

describe('drafts and order', () => {
  it("a draft continues on its kind's form", () => {
    const s = draftState({ kind: 'multiple', businessName: 'X', savedAt: Date.UTC(2026, 0, 5) });
    expect(s).toMatchObject({
      state: 'draft',
      rank: 0,
      date: '2026-01-05T00:00:00.000Z',
      action: { kind: 'continue', to: '/multiple_registration' },
    });
    expect(draftState({ kind: 'single', businessName: '', savedAt: 0 }).action).toEqual({
      kind: 'continue',
      to: '/single_registration',
    });
  });

  it("the applicant's turn first, then waiting, done, cancelled; newest first within", () => {
    const card = (id: number, over: Partial<ApplicationListRow>) => ({
      id,
      order: id,
      card: nextAction(row({ id, ...over }), TODAY),
    });
    const cards = [
      card(1, { appStatus: 'cancelled' }),
      card(2, { appStatus: 'pending' }),
      card(3, { appStatus: 'verified', billTotal: 100 }),
      card(4, { appStatus: 'approved', registrationNo: '1/2082-83', expiryDate: '2026-07-16' }),
      card(5, { appStatus: 'rejected' }),
      card(6, { appStatus: 'pending' }),
    ];
    expect(orderCards(cards).map((c) => c.id)).toEqual([5, 3, 6, 2, 4, 1]);
  });
});
