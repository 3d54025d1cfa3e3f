/**
 * Setup data and access control (the server's `resources` module): one generic list page and
 * form dialog per resource, and the routes and navigation entries of those pages.
 *
 * What the app and other features use, and the only module they may import from this folder
 * (eslint.features.js). The page is not exported: the router lazy-loads it by file
 * (src/client/app/App.tsx).
 */
export { canOpen, RESOURCE_ROUTES, type NavGroup } from './routes';
