/**
 * The titles of the signed-in screens' outline (issue 8 §2, issue 18 §5): which catalogue key
 * titles the page at a path, shared by the outline React draws while a screen's code loads
 * (ShellFallback.tsx) and the static outline index.html draws before any script has run
 * (staticShell.ts, injected by vite.config.ts). Plain data: vite.config.ts imports it.
 */

/**
 * The title keys of the signed-in pages that open with a fixed `PageHeader` title, by path.
 * A path not listed shows the shell with the spinner alone.
 */
export const SHELL_TITLES: Record<string, string> = {
  '/dashboard': 'dashboard.title',
  '/profile': 'profile.title',
  '/notifications': 'notifications.title',
  '/notifications/outbox': 'notifications.outboxTitle',
  '/business/applications': 'applications.title',
  '/apply-new': 'applyNew.title',
  '/single_registration': 'form.title',
  '/multiple_registration': 'form.titleMultiple',
  '/renewRegistrationList': 'renewal.listTitle',
  '/payments': 'payments.title',
  '/payments/reconciliation': 'reconciliation.title',
  '/payments/refunds': 'refunds.title',
  '/reports': 'reports.title',
  '/audit-log': 'audit.title',
};

/** An applicant's /dashboard is their home (App.tsx DashboardOrHome, issue 17 §1). */
export const HOME_TITLE = 'home.title';

/** The path without its trailing slashes (`/` stays). */
export const normalPath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** The title key of the page at `pathname` for a user of `userType`, if it has a fixed one. */
export function shellTitleKey(pathname: string, userType: string | undefined): string | undefined {
  const path = normalPath(pathname);
  return path === '/dashboard' && userType === 'user' ? HOME_TITLE : SHELL_TITLES[path];
}
