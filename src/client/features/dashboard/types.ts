/**
 * Shape of GET /api/dashboard (src/server/modules/dashboard/stats.ts).
 * Counts are application rows; money is integer paisa.
 */

/** The SPEC §3 counts of the cards. */
export interface DashboardCounts {
  total: number;
  pending: number;
  verified: number;
  paid: number;
  approved: number;
  rejected: number;
  cancelled: number;
  /** paisa, completed payments */
  paidAmount: number;
  users: number;
}

/** The counts plus the chart series (issue 7 §3). */
export interface DashboardData extends DashboardCounts {
  /** The fiscal year of `revenueByMonth`: the one filtered by, else the current one. */
  fiscalYear: { id: number; code: string; nameNe: string } | null;
  /** Registrations per ward, wards with none left out, in ward number order. */
  byWard: { wardId: number; number: number; n: number }[];
  /** Registrations per business type, most first. */
  byBusinessType: { id: number; nameEn: string; nameNe: string; n: number }[];
  /** Paisa received per BS month (1 = Baishakh), the fiscal year's order: Shrawan (4) first. */
  revenueByMonth: { month: number; total: number }[];
}

/** A row of GET /api/fiscal-years/all. */
export interface FiscalYearOption {
  id: number;
  code: string;
  nameNe: string;
  startDate: string;
  isCurrent: boolean;
}
