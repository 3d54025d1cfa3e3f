/**
 * Reports module (issue 19 §6, §7): the public register (public-register.ts, its route
 * public-routes.ts) and the staff reports (receipts.ts, summaries.ts, their files columns.ts,
 * routes routes.ts); app.ts registers the route plugins. Nothing here writes.
 */
export { publicStatus, searchPublicRegister } from './public-register.js';
export { collection, applicationsByAge } from './summaries.js';
export { receiptTotals } from './receipts.js';
