/**
 * Where each setup resource lives (SPEC §2): its path, navbar group, label and the route
 * requirement (any of). Kept free of React and Mantine so the route table (App.tsx, main
 * bundle) can use it without loading the pages; the configs themselves load with the page.
 *
 * SPEC §2 names a "settings group" (fiscal-year, tax-setup, checkbox, state, district, city)
 * and an "access-control group" (permissions, roles, users); their paths sit at the root like
 * every other SPEC route, and the groups are navbar sections.
 */
import { hasAnyPermission } from '../../../shared/permissions.js';

export type NavGroup = 'main' | 'settings' | 'access';

export interface ResourceRoute {
  path: string;
  /** API resource name (`/api/{resource}`). */
  resource: string;
  group: NavGroup;
  /** Catalogue key of the navbar label. */
  label: string;
  /** Route requirement, any of (SPEC §2, §6). */
  perms: string[];
}

const route = (
  path: string,
  resource: string,
  group: NavGroup,
  label: string,
  perms = [`view-${resource}`],
): ResourceRoute => ({ path, resource, group, label, perms });

export const RESOURCE_ROUTES: ResourceRoute[] = [
  // SPEC §2: wards requires view-permissions.
  route('/wards', 'wards', 'main', 'nav.wards', ['view-permissions']),
  route('/business-type', 'business-types', 'main', 'nav.businessTypes'),
  route('/fiscal-year', 'fiscal-years', 'settings', 'nav.fiscalYears'),
  route('/tax-setup', 'tax-setups', 'settings', 'nav.taxSetups'),
  route('/checkbox', 'checkboxes', 'settings', 'nav.checkboxes'),
  route('/state', 'states', 'settings', 'nav.states'),
  route('/district', 'districts', 'settings', 'nav.districts'),
  route('/city', 'cities', 'settings', 'nav.cities'),
  route('/required-files', 'required-files', 'settings', 'nav.requiredFiles'),
  // SPEC §2/§6: permissions requires view-permissions, roles view-roles; users declares
  // none, so it takes its own view permission like every other screen.
  route('/permissions', 'permissions', 'access', 'nav.permissions'),
  route('/roles', 'roles', 'access', 'nav.roles'),
  route('/users', 'users', 'access', 'nav.users'),
  route('/otp-token', 'otp-tokens', 'access', 'nav.otpTokens'),
];

export function routeOf(resource: string): ResourceRoute | undefined {
  return RESOURCE_ROUTES.find((r) => r.resource === resource);
}

/**
 * A navbar link is shown when the user passes the route requirement and may read the
 * resource (the list call needs `view-{resource}`).
 */
export function canOpen(held: readonly string[], r: ResourceRoute): boolean {
  return hasAnyPermission(held, r.perms) && hasAnyPermission(held, [`view-${r.resource}`]);
}
