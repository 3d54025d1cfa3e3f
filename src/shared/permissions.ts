/**
 * Roles and permissions as data (DESIGN.md §3, SPEC §6). Permission slugs are
 * `view-|create-|edit-|delete-<resource>` plus workflow permissions. A check passes when the
 * user holds ANY of the listed permissions; an empty list denies.
 */
export const ROLES = ['user', 'wardadmin', 'systemadmin'] as const;
export type Role = (typeof ROLES)[number];

/** The generic setup resources of SPEC §7 / issue 3, in menu order; `{r}` in `/api/{r}`. */
export const SETUP_RESOURCES = [
  'wards',
  'business-types',
  'fiscal-years',
  'tax-setups',
  'states',
  'districts',
  'cities',
  'checkboxes',
  'required-files',
  'otp-tokens',
  'users',
  'roles',
  'permissions',
] as const;

/** Every resource that has view/create/edit/delete permissions. */
export const RESOURCES = [...SETUP_RESOURCES, 'applications', 'payments', 'notifications'] as const;

export const WORKFLOW_PERMISSIONS = [
  'verify-applications',
  'approve-applications',
  'reject-applications',
  'record-payments',
  'send-notifications',
  'cancel-applications',
  'renew-applications',
  // issue 19: requests about an approved registration
  'amend-applications',
  'close-applications',
  'duplicate-certificates',
  // issue 19 §4: staff file a registration for a walk-in applicant
  'file-at-counter',
] as const;

/**
 * Single-screen settings a system administrator changes (issue 17 §6): `edit-settings` reads and
 * changes the palika's name, emblem, office, fees and renewal window.
 */
export const SETTINGS_PERMISSIONS = ['edit-settings'] as const;

const crud = (r: string) => [`view-${r}`, `create-${r}`, `edit-${r}`, `delete-${r}`];

/** Every permission slug the system knows. */
export const ALL_PERMISSIONS: string[] = [
  ...RESOURCES.flatMap(crud),
  ...WORKFLOW_PERMISSIONS,
  ...SETTINGS_PERMISSIONS,
];

/**
 * Default grants per role (seeded; editable through the roles screen). Ward admins see setup
 * data but change none of it, and see the permissions list but not roles or users.
 */
export const ROLE_PERMISSIONS: Record<Role, string[]> = {
  user: [
    'view-applications',
    'create-applications',
    'edit-applications',
    'cancel-applications',
    'renew-applications',
    'amend-applications',
    'close-applications',
    'duplicate-certificates',
  ],
  wardadmin: [
    'view-permissions',
    'view-applications',
    'edit-applications',
    'verify-applications',
    'reject-applications',
    'record-payments',
    'send-notifications',
    'cancel-applications',
    'renew-applications',
    'amend-applications',
    'close-applications',
    'duplicate-certificates',
    'file-at-counter',
    'view-payments',
    'view-wards',
    'view-states',
    'view-districts',
    'view-cities',
    'view-business-types',
    'view-fiscal-years',
    'view-tax-setups',
    'view-required-files',
    'view-checkboxes',
  ],
  systemadmin: [...ALL_PERMISSIONS],
};

/** SPEC §6: passes if the user holds at least one of `required`; an empty list denies. */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) return false;
  return required.some((p) => held.includes(p));
}

/** SPEC §6 role check. */
export function hasRole(roles: readonly string[], role: Role): boolean {
  return roles.includes(role);
}
