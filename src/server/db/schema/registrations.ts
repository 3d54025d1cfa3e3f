/**
 * Drizzle schema, business registrations: uploaded files, the `applications` table with its
 * status list (APPLICATION_STATUSES), owners, documents and history, the gapless registration
 * serial counters per fiscal year and the trigger-maintained dashboard counters
 * (`application_stats`). Applications reference users (`accounts.ts`) and the places and setup
 * data of `setup.ts`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SERVICES } from '../../../shared/lifecycle.js';
import { adDate, common, money, ts } from './columns.js';
import { users } from './accounts.js';
import {
  states,
  districts,
  cities,
  wards,
  businessTypes,
  fiscalYears,
  requiredFiles,
} from './setup.js';

// ---------------------------------------------------------------- files

/** Uploaded files: stored on disk under a server-made name; never the client's name. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  ownerUserId: integer('owner_user_id'),
  originalName: text('original_name').notNull(),
  storedName: text('stored_name').notNull().unique(),
  mime: text('mime').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------- applications

export const APPLICATION_STATUSES = [
  'pending',
  'verified',
  'paid',
  'approved',
  'rejected',
  'cancelled',
  'closed',
] as const;

export const applications = pgTable(
  'applications',
  {
    ...common,
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    appStatus: text('app_status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    kind: text('kind', { enum: ['single', 'multiple'] })
      .notNull()
      .default('single'),
    fiscalYearId: integer('fiscal_year_id').references(() => fiscalYears.id),
    submissionNo: text('submission_no').notNull().unique(),
    registrationNo: text('registration_no').unique(),
    registrationSerial: integer('registration_serial'),
    registrationFiscalYearId: integer('registration_fiscal_year_id').references(
      () => fiscalYears.id,
    ),
    oldRegistrationNo: text('old_registration_no'),
    isOldRegistration: boolean('is_old_registration').notNull().default(false),
    oldRegistrationDate: adDate('old_registration_date'),
    registrationDate: adDate('registration_date'),
    expiryDate: adDate('expiry_date'),
    businessName: text('business_name').notNull(),
    ownerName: text('owner_name').notNull(),
    fatherOrHusbandName: text('father_or_husband_name').notNull(),
    businessTypeId: integer('business_type_id')
      .notNull()
      .references(() => businessTypes.id),
    firmName: text('firm_name'),
    description: text('description'),
    isRenewal: boolean('is_renewal').notNull().default(false),
    renewalOfId: integer('renewal_of_id'),
    /** what the application asks for (src/shared/lifecycle.ts SERVICES, issue 19) */
    service: text('service', { enum: SERVICES }).notNull().default('registration'),
    /** amendment, closure, duplicate: the approved registration the request is about */
    subjectId: integer('subject_id'),
    /**
     * The request's own facts (schemas/services.ts): a closure's reason and closing date, a
     * duplicate's reason, an amendment's list of changed sections.
     */
    serviceData: jsonb('service_data'),
    /** AD date a closure took effect (the registration's status is then `closed`) */
    closedOn: adDate('closed_on'),
    renewProofFileId: integer('renew_proof_file_id').references(() => files.id),
    oldCertificateFileId: integer('old_certificate_file_id').references(() => files.id),
    // permanent address
    permStateId: integer('perm_state_id')
      .notNull()
      .references(() => states.id),
    permDistrictId: integer('perm_district_id')
      .notNull()
      .references(() => districts.id),
    permCityId: integer('perm_city_id')
      .notNull()
      .references(() => cities.id),
    permWardNo: integer('perm_ward_no').notNull(),
    permTole: text('perm_tole'),
    permChowk: text('perm_chowk'),
    // business location (a ward of this palika; scopes the application)
    wardId: integer('ward_id')
      .notNull()
      .references(() => wards.id),
    locAddress: text('loc_address').notNull(),
    locTole: text('loc_tole'),
    locMobile: text('loc_mobile').notNull(),
    // capital (paisa)
    capitalMax: money('capital_max').notNull(),
    capitalCurrent: money('capital_current').notNull(),
    capitalPaidUp: money('capital_paid_up').notNull(),
    // introduction card size (cm)
    cardLength: integer('card_length'),
    cardWidth: integer('card_width'),
    // other registration
    otherRegNo: text('other_reg_no'),
    otherRegOffice: text('other_reg_office'),
    // rent information
    rentLandlordName: text('rent_landlord_name'),
    rentWardNo: integer('rent_ward_no'),
    rentTole: text('rent_tole'),
    rentChowk: text('rent_chowk'),
    rentHouseNo: text('rent_house_no'),
    rentFloors: integer('rent_floors'),
    rentRooms: integer('rent_rooms'),
    rentStartDate: adDate('rent_start_date'),
    rentMonthly: money('rent_monthly'),
    rentTaxPeriodMonths: integer('rent_tax_period_months'),
    rentPurpose: text('rent_purpose', { enum: ['residence', 'commercial'] }),
    // land information
    landCurrentCity: text('land_current_city'),
    landWardNo: integer('land_ward_no'),
    landPreviousVdc: text('land_previous_vdc'),
    landSeatNo: text('land_seat_no'),
    landKittaNo: text('land_kitta_no'),
    landArea: text('land_area'),
    // applicant information
    applicantName: text('applicant_name').notNull(),
    applicantAddress: text('applicant_address').notNull(),
    applicantContact: text('applicant_contact').notNull(),
    submissionDate: adDate('submission_date').notNull(),
    /** Fee lines assessed at verification (DESIGN.md §5), paisa. */
    bill: jsonb('bill'),
    lang: text('lang').notNull().default('en-US'),
  },
  (t) => [
    index('applications_user_idx').on(t.userId),
    index('applications_ward_status_idx').on(t.wardId, t.appStatus),
    index('applications_status_idx').on(t.appStatus),
    uniqueIndex('applications_reg_serial_uq').on(t.registrationFiscalYearId, t.registrationSerial),
    // At most one renewal in progress per registration (issue 4 §5): two concurrent
    // renewals of the same registration cannot both be created.
    uniqueIndex('applications_open_renewal_uq')
      .on(t.renewalOfId)
      .where(
        sql`${t.renewalOfId} is not null and ${t.deletedOn} is null and ${t.appStatus} in ('pending', 'verified', 'paid', 'rejected')`,
      ),
    // At most one request of each kind in progress per registration (issue 19), as for renewals.
    uniqueIndex('applications_open_request_uq')
      .on(t.subjectId, t.service)
      .where(
        sql`${t.subjectId} is not null and ${t.deletedOn} is null and ${t.appStatus} in ('pending', 'verified', 'paid', 'rejected')`,
      ),
    // the requests about a registration: its detail page, the duplicate log (issue 19 §3)
    index('applications_subject_idx').on(t.subjectId),
    index('applications_expiry_idx').on(t.expiryDate),
    // The list's keyset pages (issue 8 §1, lib/list.ts): (filter or sort column, id) over the
    // live rows, so a common filter with the id sort, or a sort column, seeks by index range.
    ...(
      [
        ['status', t.appStatus],
        ['ward', t.wardId],
        ['fiscal_year', t.fiscalYearId],
        ['business_type', t.businessTypeId],
        ['submission_date', t.submissionDate],
        ['created_at', t.createdAt],
        ['business_name', t.businessName],
        ['owner_name', t.ownerName],
      ] as const
    ).map(([name, col]) =>
      index(`applications_list_${name}_idx`)
        .on(col, t.id)
        .where(sql`${t.deletedOn} is null`),
    ),
    // The public register's search (reports/public-register.ts: `col ILIKE '%q%'`, a
    // BitmapOr of index scans): a trigram index per column it searches, over the live rows.
    // pg_trgm is created by migration 0015. The applications' own search box uses
    // `search_words` instead (registrations/queries.ts, migration 0022).
    ...(
      [
        ['business_name', t.businessName],
        ['registration_no', t.registrationNo],
        ['old_registration_no', t.oldRegistrationNo],
      ] as const
    ).map(([name, col]) =>
      index(`applications_${name}_trgm_idx`)
        .using('gin', col.op('gin_trgm_ops'))
        .where(sql`${t.deletedOn} is null`),
    ),
  ],
);

/** Owners of a multiple-owner registration (at most 4, SPEC §5). */
export const applicationOwners = pgTable(
  'application_owners',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    fatherOrHusbandName: text('father_or_husband_name'),
    citizenshipNo: text('citizenship_no'),
  },
  // counter filing finds a walk-in applicant by an owner's citizenship number (issue 19 §4)
  (t) => [index('application_owners_citizenship_no_idx').on(t.citizenshipNo)],
);

export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    requiredFileId: integer('required_file_id').references(() => requiredFiles.id),
    /** 'photo' | 'citizenship' | required-file slug */
    kind: text('kind').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    /** checkbox ids ticked by staff for this document */
    checks: jsonb('checks').$type<number[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('application_documents_app_idx').on(t.applicationId)],
);

/** SPEC §3 application history entry: by, remarks, date (+ action, from, to). */
export const applicationHistory = pgTable(
  'application_history',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    remarks: text('remarks'),
    changes: jsonb('changes'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('application_history_app_idx').on(t.applicationId)],
);

/** Gapless registration serials per fiscal year (DESIGN.md §4). */
export const registrationCounters = pgTable('registration_counters', {
  fiscalYearId: integer('fiscal_year_id')
    .primaryKey()
    .references(() => fiscalYears.id),
  lastSerial: integer('last_serial').notNull().default(0),
});

/**
 * Dashboard counters (issue 8 §1: dashboard p99 ≤ 50 ms at 100k applications): the number of
 * live (not soft-deleted) applications per ward, fiscal year (0 = none), business type, status
 * and whether it is a registration (not a renewal request, approved or cancelled, with a
 * registration number: what the charts count). Kept exact by statement-level triggers on
 * `applications` (migration 0009_dashboard_stats), in the same transaction as the change.
 */
export const applicationStats = pgTable(
  'application_stats',
  {
    wardId: integer('ward_id').notNull(),
    fiscalYearId: integer('fiscal_year_id').notNull(),
    businessTypeId: integer('business_type_id').notNull(),
    appStatus: text('app_status').notNull(),
    registered: boolean('registered').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'application_stats_pk',
      columns: [t.wardId, t.fiscalYearId, t.businessTypeId, t.appStatus, t.registered],
    }),
  ],
);
