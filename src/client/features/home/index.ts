/**
 * The applicant home (issue 17 §1): one card per application with its status in plain words
 * and its one next step, and the "Register a business" start.
 *
 * What other features use, and the only module they may import from this folder
 * (eslint.features.js). The page is not exported: the router lazy-loads it by file
 * (src/client/app/App.tsx).
 */
export { nextAction, type CardState, type NextAction } from './nextAction';
