/**
 * Accounts: sign-in, registration and password recovery.
 *
 * What other features use, and the only module they may import from this folder
 * (eslint.features.js). The route pages are not exported: the router imports the login page by
 * file (it is part of the first load) and lazy-loads the others by file, so that every page
 * stays its own chunk (src/client/app/App.tsx).
 */
export { GenderRadio } from './GenderRadio';
export { NewPasswordFields } from './NewPasswordFields';
