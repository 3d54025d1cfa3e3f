/**
 * A row of the applications list (GET /api/applications), the route's response schema and the
 * client's type. Dates are AD 'YYYY-MM-DD', `createdAt` ISO 8601, money integer paisa.
 *
 * An applicant's own rows (the list scoped to its owner) also carry what the applicant home
 * (issue 17 §1) needs to say where each application stands and what to do next: the assessed
 * bill's total, why it was sent back, whether an online payment awaits the gateway's word,
 * whether the registration may be renewed now and the renewal in progress. Staff lists leave
 * them out (undefined), so their query stays as it was.
 */
import { z } from 'zod';
import { SERVICES, STATUSES } from '../lifecycle.js';

const adDate = z.string();

/** The fields of every row, for every reader of the list. */
const baseRow = z.object({
  id: z.number().int(),
  submissionNo: z.string(),
  registrationNo: z.string().nullable(),
  businessName: z.string(),
  ownerName: z.string(),
  appStatus: z.enum(STATUSES),
  submissionDate: adDate,
  expiryDate: adDate.nullable(),
  createdAt: z.string(),
  businessTypeId: z.number().int(),
  businessTypeNameEn: z.string(),
  businessTypeNameNe: z.string(),
  wardId: z.number().int(),
  wardNumber: z.number().int(),
});

/** The rows of the list, with the applicant's own fields (issue 17 §1, the applicant home). */
export const applicationListRowSchema = baseRow.extend({
  kind: z.enum(['single', 'multiple']).optional(),
  isRenewal: z.boolean().optional(),
  /** the registration a renewal renews */
  renewalOfId: z.number().int().nullable().optional(),
  service: z.enum(SERVICES).optional(),
  subjectId: z.number().int().nullable().optional(),
  isOldRegistration: z.boolean().optional(),
  /** total of the assessed bill, paisa; null before verification */
  billTotal: z.number().int().nullable().optional(),
  /** the staff's remarks when rejecting, while the application is rejected */
  rejectionReason: z.string().nullable().optional(),
  /** an online payment is waiting for the gateway's final answer */
  paymentPending: z.boolean().optional(),
  /** may be renewed today (approved, due, no renewal in progress, may renew) */
  canRenew: z.boolean().optional(),
  /** the renewal of this registration in progress, if any */
  openRenewalId: z.number().int().nullable().optional(),
});

/** A row of GET /api/applications; the applicant fields are present on their own rows. */
export type ApplicationListRow = z.infer<typeof applicationListRowSchema>;
