/**
 * Registrations module: an application from intake to a registration — submit and edit
 * (submit.ts), numbering (numbering.ts), documents (documents.ts), renewals (renewals.ts),
 * the lifecycle transitions (lifecycle.ts), who may do what (access.ts) and the read models
 * (queries.ts, detail.ts). Its routes are routes.ts, list-routes.ts and lifecycle-routes.ts,
 * registered by app.ts. Other modules import only this file.
 */
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import type { Notifier } from '../notifications/index.js';
import { Lifecycle } from './lifecycle.js';
import { Submissions } from './submit.js';

export { actionsFor, canEdit, visibleApplication, type Actor, type AppRow } from './access.js';
export { applicationDetail } from './detail.js';
export { DOCUMENT_KINDS, type ApplicationUploads } from './documents.js';
export { Lifecycle, type TransitionEffect } from './lifecycle.js';
export { transitionRoute, type TransitionRequest } from './lifecycle-routes.js';
export { APPLICATION_LIST, RENEWAL_LIST } from './queries.js';
export { addDaysAd, daysBetween, OPEN_RENEWAL, RENEWAL_WINDOW_DAYS } from './renewals.js';
export { detailResponse, idParams } from './routes.js';
export { Submissions } from './submit.js';

/** The registrations module's services over one database, file store and notifier. */
export function createRegistrations(deps: {
  db: Db;
  store: FileStore;
  signingKey: string;
  notifier: Notifier | null;
}) {
  return {
    db: deps.db,
    store: deps.store,
    submissions: new Submissions(deps.db, deps.store),
    lifecycle: new Lifecycle(deps.db, deps.signingKey, deps.notifier),
  };
}

export type Registrations = ReturnType<typeof createRegistrations>;
