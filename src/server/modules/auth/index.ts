/**
 * Auth module: sign-in, sessions and lockout (routes.ts), registration by SMS code, password
 * recovery and the profile (account-routes.ts). Both route plugins are registered by app.ts;
 * the session figures are exported for the modules and tests that depend on them.
 */
export { issueToken, LOCK_MINUTES, MAX_FAILED_LOGINS, SESSION_MAX_HOURS } from './routes.js';
