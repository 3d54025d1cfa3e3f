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
 * A registration is `closed` (issue 19 §2) only as the side effect of approving a closure
 * request about it: no action leads there or out of it, so the table has no entry for it.
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
  'closed',
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

/**
 * What an application asks for (issue 19): a new registration, a renewal (SPEC §2), or a
 * request about an approved registration — amendment (संशोधन), closure (खारेजी) or a duplicate
 * certificate (प्रतिलिपि). Every kind follows the same lifecycle above.
 */
export const SERVICES = ['registration', 'renewal', 'amendment', 'closure', 'duplicate'] as const;
export type Service = (typeof SERVICES)[number];
/** The services that are requests about an approved registration (`subjectId`). */
export const REGISTRATION_REQUESTS = ['amendment', 'closure', 'duplicate'] as const;
export type RegistrationRequest = (typeof REGISTRATION_REQUESTS)[number];

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
