/**
 * Counter filing (issue 19 §4): staff find or create a walk-in applicant's account, upload their
 * scans, file for them, print an acknowledgement slip whose QR code opens the public status
 * page `/track/<code>`. The same schemas serve the forms, the routes and the OpenAPI document.
 */
import { z } from 'zod';
import { toLatinDigits } from '../format.js';
import { REGISTRATION_REQUESTS, SERVICES, STATUSES } from '../lifecycle.js';
import { choiceError, mobile, optEmail, reqText } from './fields.js';

/**
 * A citizenship certificate number as people write it ('27-01-74-01234', '१२३४/५६'): Latin
 * digits, single spaces, 1–40 characters of digits, letters, '-', '/' and spaces.
 */
export const citizenshipNo = () =>
  reqText(40)
    .transform((s) => toLatinDigits(s).replace(/\s+/g, ' '))
    .pipe(z.string().regex(/^[0-9A-Za-z][0-9A-Za-z/ -]*$/, 'validation.citizenshipNo'));

/** GET /api/counter/applicants?q=: a mobile number or a citizenship number. */
export const applicantSearchSchema = z.object({
  q: reqText(40).transform((s) => toLatinDigits(s).replace(/\s+/g, ' ')),
});

/** POST /api/counter/applicants: the walk-in applicant's account (name, mobile, email, number). */
export const applicantCreateSchema = z.object({
  name: reqText(120),
  phone: mobile(),
  email: optEmail(),
  // optional: a blank field (the form sends '') is no number, not a "required" error
  citizenshipNo: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? null : v),
    citizenshipNo().optional().nullable(),
  ),
  gender: z.enum(['male', 'female'], { error: choiceError }),
});
export type ApplicantCreate = z.infer<typeof applicantCreateSchema>;

/** An applicant as the counter sees them (their account; never the password). */
export const counterApplicantSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  citizenshipNo: z.string().nullable(),
  photoFileId: z.number().nullable(),
  citizenshipFileId: z.number().nullable(),
  /** the applicant has not yet set a password of their own (created at the counter) */
  unclaimed: z.boolean(),
});
export type CounterApplicant = z.infer<typeof counterApplicantSchema>;

/**
 * One of a walk-in applicant's applications as the counter lists them (GET
 * /api/counter/applicants/:id/applications), so staff can file a request about a registration
 * on their behalf: `canRequest` is what the signed-in staff member may file about it now.
 * `expiryDate` AD 'YYYY-MM-DD' (shown BS).
 */
export const counterApplicationSchema = z.object({
  id: z.number(),
  service: z.enum(SERVICES),
  submissionNo: z.string(),
  registrationNo: z.string().nullable(),
  businessName: z.string(),
  status: z.enum(STATUSES),
  expiryDate: z.string().nullable(),
  canRequest: z.array(z.enum(REGISTRATION_REQUESTS)),
});
export type CounterApplication = z.infer<typeof counterApplicationSchema>;

/**
 * GET /api/track/:code, public: only what the slip already shows, never personal data
 * (a test asserts exactly these keys). `submittedOn` AD 'YYYY-MM-DD' (shown BS),
 * `updatedAt` ISO timestamp.
 */
export const trackViewSchema = z.object({
  submissionNo: z.string(),
  service: z.enum(SERVICES),
  businessName: z.string(),
  status: z.enum(STATUSES),
  submittedOn: z.string(),
  updatedAt: z.string(),
});
export type TrackView = z.infer<typeof trackViewSchema>;

/** The track code's shape (certificates/tracking.ts): base36 id, '-', 12 hex of the HMAC. */
export const TRACK_CODE_RE = /^[0-9A-Z]{1,8}-[0-9A-F]{12}$/;
