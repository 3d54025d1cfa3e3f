/**
 * Auth module: sign-in, sessions and lockout (routes.ts, lockout.ts), registration by SMS
 * code, password recovery and the profile (account-routes.ts). Both route plugins are
 * registered by app.ts; the session and lockout figures are exported for the modules and tests
 * that depend on them, and the lockout's clean-up for the housekeeping job.
 */
export { issueToken, SESSION_MAX_HOURS } from './routes.js';
export { LOCKOUT, lockMinutes, pruneLoginThrottles } from './lockout.js';
export { profileDocumentsSchema } from './routes.js';
export { saveProfileDocuments, type ProfileDocumentsBody } from './profile-documents.js';
