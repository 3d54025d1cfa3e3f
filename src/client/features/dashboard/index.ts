/**
 * The dashboard.
 *
 * What other features use, and the only module they may import from this folder
 * (eslint.features.js). The page is not exported: the router lazy-loads it by file, with the
 * charts' styles (src/client/app/App.tsx).
 */
export type { FiscalYearOption } from './types';
