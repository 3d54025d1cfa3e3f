/**
 * The public user manual.
 *
 * Nothing here is used by other features. The page is not exported: the router lazy-loads it by
 * file (src/client/app/App.tsx).
 */
export {};
