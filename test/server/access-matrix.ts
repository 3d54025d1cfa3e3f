/**
 * The authorization matrix (issue 3 acceptance), kept as DATA: for every API route, the
 * actors the server lets through its permission check. Every other actor must be refused
 * (401 without a valid token, 403 without the permission). access-matrix.test.ts takes the
 * route list from the running app and fails when a route is missing here, when a listed
 * route no longer exists, when a refused actor gets a 2xx, or when an allowed actor is
 * refused.
 *
 * The grants follow the seeded roles (src/shared/permissions.ts ROLE_PERMISSIONS, DESIGN.md
 * §3, SPEC §2/§6): applicants may read the setup data that fills the application form's
 * dropdowns; ward admins see setup data and the permissions list but change nothing, and see
 * neither roles nor users; system admins do everything. "noperm" is a signed-in user whose
 * only role has no permissions; "revoked" presents a token revoked by logout.
 * HEAD routes mirror their GET route and are not listed.
 */
export const ACTORS = [
  'anonymous',
  'revoked',
  'applicant',
  'noperm',
  'ward1',
  'ward2',
  'admin',
] as const;
export type Actor = (typeof ACTORS)[number];

const EVERYONE: readonly Actor[] = ACTORS;
const SIGNED_IN: readonly Actor[] = ['applicant', 'noperm', 'ward1', 'ward2', 'admin'];
const STAFF: readonly Actor[] = ['ward1', 'ward2', 'admin'];
const ADMIN: readonly Actor[] = ['admin'];
const APPLICANT_AND_STAFF: readonly Actor[] = ['applicant', 'ward1', 'ward2', 'admin'];

export const ACCESS_MATRIX: Record<string, readonly Actor[]> = {
  // ---------------------------------------------------------------- public
  'GET /api/health': EVERYONE,
  'GET /api/docs': EVERYONE,
  'GET /api/docs/': EVERYONE,
  'GET /api/docs/*': EVERYONE,
  'GET /api/docs/json': EVERYONE,
  'GET /api/docs/yaml': EVERYONE,
  'GET /api/docs/static/index.html': EVERYONE,
  'GET /api/docs/static/swagger-initializer.js': EVERYONE,
  'POST /api/login': EVERYONE,
  'POST /api/register': EVERYONE,
  'POST /api/register/otp': EVERYONE,
  'POST /api/password/forgot': EVERYONE,
  'POST /api/password/reset': EVERYONE,
  // the BS calendar as conversions use it: every browser needs the corrections (issue 16 §6)
  'GET /api/calendar': EVERYONE,
  // the palika's identity for the login page (issue 17 §6)
  'GET /api/settings/public': EVERYONE,
  'GET /api/settings/emblem': EVERYONE,

  // ---------------------------------------------------------------- signed in
  'GET /api/profiles': SIGNED_IN,
  'POST /api/profiles/documents': SIGNED_IN,
  'POST /api/profiles': SIGNED_IN,
  'POST /api/profiles/password': SIGNED_IN,
  // the own renewal reminders' opt-out (issue 19 §5)
  'GET /api/profiles/reminders': SIGNED_IN,
  'PUT /api/profiles/reminders': SIGNED_IN,
  'GET /api/notifications': SIGNED_IN,
  'POST /api/notifications/read': SIGNED_IN,
  'GET /api/outbox': STAFF,
  'GET /api/audit-log': ADMIN,
  'GET /api/outbox/export': STAFF,
  'POST /api/outbox/:id/retry': ADMIN,
  'POST /api/logout': SIGNED_IN,
  'GET /api/dashboard': SIGNED_IN,
  'GET /api/files/:id': SIGNED_IN,
  // correcting a provisional BS year needs edit-fiscal-years (system admins)
  'PUT /api/calendar/:year': ADMIN,
  'DELETE /api/calendar/:year': ADMIN,
  // the palika's settings (issue 17 §6): edit-settings
  'GET /api/settings': ADMIN,
  'PUT /api/settings': ADMIN,
  'POST /api/settings/emblem': ADMIN,
  'DELETE /api/settings/emblem': ADMIN,

  // ---------------------------------------------------------------- applications
  'GET /api/applications': APPLICANT_AND_STAFF,
  'POST /api/applications': ['applicant', 'admin'],
  'POST /api/applications/quote': APPLICANT_AND_STAFF,
  'GET /api/applications/renewals': APPLICANT_AND_STAFF,
  'GET /api/applications/renewals/export': APPLICANT_AND_STAFF,
  'GET /api/applications/export': APPLICANT_AND_STAFF,
  'POST /api/applications/:id/renew': APPLICANT_AND_STAFF,
  // issue 19: requests about an approved registration
  'POST /api/applications/:id/amendment': APPLICANT_AND_STAFF,
  'POST /api/applications/:id/closure': APPLICANT_AND_STAFF,
  'POST /api/applications/:id/duplicate': APPLICANT_AND_STAFF,
  'GET /api/applications/:id/closure-letter.pdf': APPLICANT_AND_STAFF,
  'POST /api/applications/:id/accept': ADMIN,
  'POST /api/applications/:id/notify': STAFF,
  // "remind now" of registrations due for renewal: send-notifications (issue 19 §5)
  'POST /api/applications/reminders': STAFF,
  'POST /api/applications/:id/pay-online': APPLICANT_AND_STAFF,
  'GET /api/payments/channels': SIGNED_IN,
  'POST /api/payments/esewa/confirm': APPLICANT_AND_STAFF,
  'POST /api/payments/khalti/confirm': APPLICANT_AND_STAFF,
  'GET /api/payments': STAFF,
  'GET /api/payments/export': STAFF,
  'POST /api/payments/recheck': ADMIN,
  'GET /api/payments/reconciliation': STAFF,
  'GET /api/payments/reconciliation/export': STAFF,
  'GET /api/payments/:id/receipt': APPLICANT_AND_STAFF,
  'GET /api/payments/:id/receipt.pdf': APPLICANT_AND_STAFF,
  'POST /api/payments/:id/refund': STAFF,
  // the staff reports (issue 19 §7): view-payments, scoped by ward
  'GET /api/reports/receipts': STAFF,
  'GET /api/reports/receipts/export': STAFF,
  'GET /api/reports/refunds': STAFF,
  'GET /api/reports/refunds/export': STAFF,
  'GET /api/reports/collection': STAFF,
  'GET /api/reports/collection/export': STAFF,
  'GET /api/reports/applications-age': STAFF,
  'GET /api/reports/applications-age/export': STAFF,
  'POST /api/applications/:id/documents/:documentId/checks': STAFF,
  'GET /api/applications/:id': APPLICANT_AND_STAFF,
  'POST /api/applications/:id': APPLICANT_AND_STAFF,
  'POST /api/applications/:id/verify': STAFF,
  'POST /api/applications/:id/reject': STAFF,
  'POST /api/applications/:id/payments': STAFF,
  'POST /api/applications/:id/approve': ADMIN,
  'POST /api/applications/:id/cancel': APPLICANT_AND_STAFF,
  'POST /api/applications/:id/terminate': APPLICANT_AND_STAFF,
  'POST /api/applications/:id/resubmit': APPLICANT_AND_STAFF,
  'GET /api/applications/:id/certificate': APPLICANT_AND_STAFF,
  'GET /api/applications/:id/certificate.pdf': APPLICANT_AND_STAFF,
  'GET /api/verify/:code': EVERYONE,
  // the public register (issue 19 §6): no login, rate-limited
  'GET /api/public-register': EVERYONE,
  'POST /api/certificates/:id/revoke': ADMIN,
  // issue 19 §4: counter filing (file-at-counter), the acknowledgement slip, public tracking
  'GET /api/counter/applicants': STAFF,
  'POST /api/counter/applicants': STAFF,
  'GET /api/counter/applicants/:id': STAFF,
  'POST /api/counter/applicants/:id/documents': STAFF,
  'POST /api/counter/applicants/:id/applications': STAFF,
  'GET /api/counter/applicants/:id/applications': STAFF,
  'GET /api/applications/:id/acknowledgement': APPLICANT_AND_STAFF,
  'GET /api/track/:code': EVERYONE,

  // ---------------------------------------------------------------- wards (SPEC §2: staff)
  'GET /api/wards': STAFF,
  'GET /api/wards/export': STAFF,
  'GET /api/wards/all': SIGNED_IN,
  'GET /api/wards/:id': STAFF,
  'POST /api/wards': ADMIN,
  'POST /api/wards/:id': ADMIN,
  'POST /api/wards/delete': ADMIN,
  'PUT /api/wards/:id/change-status': ADMIN,
  'POST /api/wards/:id/update-dropdown': ADMIN,

  // ---------------------------------------------------------------- business types
  'GET /api/business-types': STAFF,
  'GET /api/business-types/export': STAFF,
  'GET /api/business-types/all': SIGNED_IN,
  'GET /api/business-types/:id': STAFF,
  'GET /api/business-types/with-slug/:slug': STAFF,
  'POST /api/business-types': ADMIN,
  'POST /api/business-types/:id': ADMIN,
  'POST /api/business-types/delete': ADMIN,
  'PUT /api/business-types/:id/change-status': ADMIN,
  'POST /api/business-types/:id/update-dropdown': ADMIN,

  // ---------------------------------------------------------------- fiscal years
  'GET /api/fiscal-years': STAFF,
  'GET /api/fiscal-years/export': STAFF,
  'GET /api/fiscal-years/all': SIGNED_IN,
  'GET /api/fiscal-years/:id': STAFF,
  'GET /api/fiscal-years/with-slug/:slug': STAFF,
  'POST /api/fiscal-years': ADMIN,
  'POST /api/fiscal-years/:id': ADMIN,
  'POST /api/fiscal-years/delete': ADMIN,
  'PUT /api/fiscal-years/:id/change-status': ADMIN,
  'POST /api/fiscal-years/:id/update-dropdown': ADMIN,
  // issue 17 §7: the explicit "make this the current fiscal year" action
  'POST /api/fiscal-years/:id/make-current': ADMIN,

  // ---------------------------------------------------------------- tax setups (not a dropdown source)
  'GET /api/tax-setups': STAFF,
  'GET /api/tax-setups/export': STAFF,
  'GET /api/tax-setups/all': STAFF,
  'GET /api/tax-setups/:id': STAFF,
  'POST /api/tax-setups': ADMIN,
  'POST /api/tax-setups/:id': ADMIN,
  'POST /api/tax-setups/delete': ADMIN,
  'PUT /api/tax-setups/:id/change-status': ADMIN,
  'POST /api/tax-setups/:id/update-dropdown': ADMIN,

  // ---------------------------------------------------------------- states, districts, cities
  'GET /api/states': STAFF,
  'GET /api/states/export': STAFF,
  'GET /api/states/all': SIGNED_IN,
  'GET /api/states/:id': STAFF,
  'POST /api/states': ADMIN,
  'POST /api/states/:id': ADMIN,
  'POST /api/states/delete': ADMIN,
  'PUT /api/states/:id/change-status': ADMIN,
  'POST /api/states/:id/update-dropdown': ADMIN,

  'GET /api/districts': STAFF,
  'GET /api/districts/export': STAFF,
  'GET /api/districts/all': SIGNED_IN,
  'GET /api/districts/:id': STAFF,
  'POST /api/districts': ADMIN,
  'POST /api/districts/:id': ADMIN,
  'POST /api/districts/delete': ADMIN,
  'PUT /api/districts/:id/change-status': ADMIN,
  'POST /api/districts/:id/update-dropdown': ADMIN,

  'GET /api/cities': STAFF,
  'GET /api/cities/export': STAFF,
  'GET /api/cities/all': SIGNED_IN,
  'GET /api/cities/:id': STAFF,
  'POST /api/cities': ADMIN,
  'POST /api/cities/:id': ADMIN,
  'POST /api/cities/delete': ADMIN,
  'PUT /api/cities/:id/change-status': ADMIN,
  'POST /api/cities/:id/update-dropdown': ADMIN,

  // ---------------------------------------------------------------- checkboxes, required files
  'GET /api/checkboxes': STAFF,
  'GET /api/checkboxes/export': STAFF,
  'GET /api/checkboxes/all': SIGNED_IN,
  'GET /api/checkboxes/:id': STAFF,
  'POST /api/checkboxes': ADMIN,
  'POST /api/checkboxes/:id': ADMIN,
  'POST /api/checkboxes/delete': ADMIN,
  'PUT /api/checkboxes/:id/change-status': ADMIN,
  'POST /api/checkboxes/:id/update-dropdown': ADMIN,

  'GET /api/required-files': STAFF,
  'GET /api/required-files/export': STAFF,
  'GET /api/required-files/all': SIGNED_IN,
  'GET /api/required-files/:id': STAFF,
  'GET /api/required-files/with-slug/:slug': STAFF,
  'POST /api/required-files': ADMIN,
  'POST /api/required-files/:id': ADMIN,
  'POST /api/required-files/delete': ADMIN,
  'PUT /api/required-files/:id/change-status': ADMIN,
  'POST /api/required-files/:id/update-dropdown': ADMIN,

  // ---------------------------------------------------------------- OTP logs (read only)
  'GET /api/otp-tokens': ADMIN,
  'GET /api/otp-tokens/export': ADMIN,
  'GET /api/otp-tokens/all': ADMIN,
  'GET /api/otp-tokens/:id': ADMIN,

  // ---------------------------------------------------------------- access control
  'GET /api/users': ADMIN,
  'GET /api/users/export': ADMIN,
  'GET /api/users/all': ADMIN,
  'GET /api/users/:id': ADMIN,
  'POST /api/users': ADMIN,
  'POST /api/users/:id': ADMIN,
  'POST /api/users/delete': ADMIN,
  'PUT /api/users/:id/change-status': ADMIN,
  'POST /api/users/:id/update-dropdown': ADMIN,

  // SPEC §6: roles need view-roles (ward admins have not)
  'GET /api/roles': ADMIN,
  'GET /api/roles/export': ADMIN,
  'GET /api/roles/all': ADMIN,
  'GET /api/roles/:id': ADMIN,
  'GET /api/roles/with-slug/:slug': ADMIN,
  'POST /api/roles': ADMIN,
  'POST /api/roles/:id': ADMIN,
  'POST /api/roles/delete': ADMIN,
  'PUT /api/roles/:id/change-status': ADMIN,
  'POST /api/roles/:id/update-dropdown': ADMIN,

  // SPEC §2/§6: the permissions page needs view-permissions (ward admins have it: read only)
  'GET /api/permissions': STAFF,
  'GET /api/permissions/export': STAFF,
  'GET /api/permissions/all': STAFF,
  'GET /api/permissions/:id': STAFF,
  'GET /api/permissions/with-slug/:slug': STAFF,
  'POST /api/permissions': ADMIN,
  'POST /api/permissions/:id': ADMIN,
  'POST /api/permissions/delete': ADMIN,
  'PUT /api/permissions/:id/change-status': ADMIN,
  'POST /api/permissions/:id/update-dropdown': ADMIN,
};

/** Paths that must NOT exist (read-only resources): any method answers 404 for everyone. */
export const ABSENT_ROUTES: readonly string[] = [
  'POST /api/otp-tokens',
  'POST /api/otp-tokens/:id',
  'POST /api/otp-tokens/delete',
  'PUT /api/otp-tokens/:id/change-status',
  'POST /api/otp-tokens/:id/update-dropdown',
];
