/**
 * Drizzle schema, certificates: one row per certificate issued for an application, with the
 * registration number it carries, its public verification code, validity and revocation.
 */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { adDate, ts } from './columns.js';
import { applications } from './registrations.js';
import { fiscalYears } from './setup.js';

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    registrationNo: text('registration_no').notNull(),
    fiscalYearId: integer('fiscal_year_id')
      .notNull()
      .references(() => fiscalYears.id),
    verifyCode: text('verify_code').notNull().unique(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    validUntil: adDate('valid_until').notNull(),
    revokedAt: ts('revoked_at'),
    revokeReason: text('revoke_reason'),
    /**
     * why it was issued (issue 19): the registration or a renewal ('issue'), an amendment
     * (a new version; older ones show as superseded), or a duplicate (प्रतिलिपि) of a lost or
     * damaged certificate, printed as such with its issue date
     */
    kind: text('kind', { enum: ['issue', 'amendment', 'duplicate'] })
      .notNull()
      .default('issue'),
    /** the amendment or duplicate request whose approval issued it (issue 19) */
    requestId: integer('request_id').references(() => applications.id),
  },
  // detail and the certificate PDF look up an application's latest certificate (issue 8 §1)
  (t) => [index('certificates_app_idx').on(t.applicationId, t.id)],
);
