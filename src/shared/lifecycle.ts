/**
 * The application lifecycle (DESIGN.md §4) as one pure transition table.
 *
 *   pending --verify--> verified --pay--> paid --approve--> approved --terminate--> cancelled
 *   pending|verified --reject--> rejected --resubmit--> pending
 *   pending|verified|rejected --cancel--> cancelled
 *   pending --accept--> approved   (an old paper registration only: staff check the scan of
 *                                   its certificate and take it into the system unpaid; the
 *                                   service refuses `accept` for anything else and `verify`
 *                                   for old registrations, issue 4 §5)
 *
 * Which actor may fire an action is a separate permission (see ACTION_PERMISSION); an
 * applicant may only cancel or resubmit their own application.
 */
export const STATUSES = [
  'pending',
  'verified',
  'paid',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type AppStatus = (typeof STATUSES)[number];

export const ACTIONS = [
  'verify',
  'pay',
  'approve',
  'reject',
  'resubmit',
  'cancel',
  'terminate',
  'accept',
] as const;
export type AppAction = (typeof ACTIONS)[number];

const TABLE: Record<AppAction, Partial<Record<AppStatus, AppStatus>>> = {
  verify: { pending: 'verified' },
  pay: { verified: 'paid' },
  approve: { paid: 'approved' },
  reject: { pending: 'rejected', verified: 'rejected' },
  resubmit: { rejected: 'pending' },
  cancel: { pending: 'cancelled', verified: 'cancelled', rejected: 'cancelled' },
  terminate: { approved: 'cancelled' },
  accept: { pending: 'approved' },
};

/** Permission needed for each action (DESIGN.md §3). */
export const ACTION_PERMISSION: Record<AppAction, string> = {
  verify: 'verify-applications',
  pay: 'record-payments',
  approve: 'approve-applications',
  reject: 'reject-applications',
  resubmit: 'edit-applications',
  cancel: 'cancel-applications',
  terminate: 'cancel-applications',
  accept: 'approve-applications',
};

/** The status after `action` from `from`, or null when the transition is illegal (HTTP 409). */
export function nextStatus(from: AppStatus, action: AppAction): AppStatus | null {
  return TABLE[action][from] ?? null;
}

/** Actions legal from `from`, in table order. */
export function allowedActions(from: AppStatus): AppAction[] {
  return ACTIONS.filter((a) => nextStatus(from, a) !== null);
}
