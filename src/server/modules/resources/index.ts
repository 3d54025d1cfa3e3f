/**
 * Resources module: the setup data (provinces to wards, business types, fiscal years, tax
 * setup, required files, checkboxes, users, roles, permissions) through one generic list,
 * form and API (registry.ts, rules.ts, service.ts); routes.ts is registered by app.ts.
 */
export { RESOURCE_BY_NAME } from './registry.js';
