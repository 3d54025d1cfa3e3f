/**
 * The palika's settings screen (issue 17 §6): name, emblem, office, fees and renewal window, for
 * system administrators (`edit-settings`).
 *
 * Nothing here is used by other features (the login page reads the public identity through
 * src/client/lib/palika.ts). The page is not exported: the router lazy-loads it by file
 * (src/client/app/App.tsx).
 */
export {};
