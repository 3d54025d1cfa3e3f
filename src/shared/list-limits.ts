/**
 * The generic list's limits (SPEC §3/§7, issue 8 §1), without the list schemas
 * (schemas/list.ts re-exports them): the client's pager reads them, and importing the schemas'
 * module for a number would load and build zod on every list screen (issue 18 §5).
 */

/** The deepest OFFSET a page without a cursor may use ((page-1) × rowsPerPage), rows. */
export const MAX_LIST_OFFSET = 10_000;
/** meta.total counts at most this many rows; more is reported as `totalCapped`. */
export const MAX_LIST_COUNT = 10_000;
/** Longest cursor accepted (base64url characters). */
export const MAX_CURSOR_LENGTH = 512;
