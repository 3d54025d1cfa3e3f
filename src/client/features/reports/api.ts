/**
 * The reports' API calls (server: src/server/modules/reports/routes.ts), typed by the shared
 * schemas. A query is the period (AD, from the BS period the screen picks) and the ward.
 */
import type {
  AgeReport,
  CollectionGroup,
  CollectionReport,
  ReceiptReport,
} from '../../../shared/schemas/reports.js';
import { api } from '../../lib/api';

export interface ReportFilter {
  from: string;
  to: string;
  wardId?: number;
}

/** Which receipts: the register (all) or the cancelled and refunded ones. */
export type ReceiptKind = 'receipts' | 'refunds';

/** GET /api/reports/{receipts|refunds}: one page (100) after `cursor`, and the period's totals. */
export function fetchReceipts(
  kind: ReceiptKind,
  q: ReportFilter,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return api.get<ReceiptReport>(`/reports/${kind}`, { ...q, cursor }, signal);
}

/** GET /api/reports/collection: credited money grouped `by`, with totals. */
export function fetchCollection(q: ReportFilter, by: CollectionGroup, signal?: AbortSignal) {
  return api.get<CollectionReport>('/reports/collection', { ...q, by }, signal);
}

/** GET /api/reports/applications-age: applications per status and age bucket. */
export function fetchAge(q: ReportFilter, signal?: AbortSignal) {
  return api.get<AgeReport>('/reports/applications-age', { ...q }, signal);
}
