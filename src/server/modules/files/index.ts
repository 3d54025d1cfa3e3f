/**
 * Files module: reading uploaded files with their access rule (access.ts). Uploads are
 * written by the modules that take them (registrations, billing, profiles) through
 * lib/storage.ts; the route is routes.ts, registered by app.ts.
 */
export { readableFile } from './access.js';
