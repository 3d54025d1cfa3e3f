/**
 * The application detail's path, `/business/applications/<id>/detail` (SPEC routes). Plain
 * data: index.html's outline script is built from it (app/staticShell.ts, via vite.config.ts).
 */

/** The detail page's path; the id is a positive integer of at most 15 digits (a safe integer). */
export const DETAIL_PATH = /^\/business\/applications\/([1-9]\d{0,14})\/detail\/?$/;

/** Where the detail's "back to the list" link goes. */
export const DETAIL_BACK_PATH = '/business/applications';

/** The application id of a detail path (`/business/applications/7/detail` → 7), or null. */
export function detailIdOf(pathname: string): number | null {
  const m = DETAIL_PATH.exec(pathname);
  return m ? Number(m[1]) : null;
}
