/**
 * Notifications module: what the applicant is told at each step (notify.ts Notifier, in-app,
 * SMS and email in their language), the outbox and its delivery worker (outbox.ts), staff
 * messages (messages.ts). Its routes are routes.ts, registered by app.ts.
 */
export { Notifier, renderNotification, type NotificationVars, type NotifyKind } from './notify.js';
export { enqueue, MAX_ATTEMPTS, OutboxWorker, type OutboxMessage } from './outbox.js';
export { sendMessage } from './messages.js';
