/**
 * Dashboard module: the statistics read model (stats.ts) and its route (routes.ts, registered
 * by app.ts).
 */
export { dashboardStats, type DashboardFilter } from './stats.js';
