/**
 * The public register (issue 19 §6): `/public-register`, where anyone searches the registered
 * businesses without signing in. The page is lazy-loaded by the router (src/client/app/App.tsx);
 * nothing here is used by other features.
 */
export {};
