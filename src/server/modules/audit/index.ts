/**
 * Audit module: the audit-log viewer for system admins (routes.ts, registered by app.ts).
 * Audit rows are written through lib/audit.ts by every module in its own transaction.
 */
export { auditQuerySchema } from './routes.js';
