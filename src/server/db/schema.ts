/**
 * Drizzle schema: every entity of SPEC §3. Conventions (SPEC §3 "Other entities"):
 * `id` serial, `status` 1 = active / 0 = inactive, soft delete through `deleted_on`.
 * Money columns are integer paisa (NPR × 100, DESIGN.md §5); calendar dates are AD `date`
 * columns (shown as BS at the edge); instants are `timestamptz`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });
const adDate = (name: string) => date(name, { mode: 'string' });
/** Unique among rows that are not soft-deleted, so a deleted slug or name can be used again. */
const live = sql`deleted_on is null`;

/** Columns every generic resource carries. */
const common = {
  id: serial('id').primaryKey(),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedOn: ts('deleted_on'),
};

// ---------------------------------------------------------------- access control

export const roles = pgTable(
  'roles',
  {
    ...common,
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
  },
  (t) => [uniqueIndex('roles_slug_uq').on(t.slug).where(live)],
);

export const permissions = pgTable(
  'permissions',
  {
    ...common,
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
    groupName: text('group_name').notNull().default('general'),
  },
  (t) => [uniqueIndex('permissions_slug_uq').on(t.slug).where(live)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const users = pgTable(
  'users',
  {
    ...common,
    name: text('name').notNull(),
    username: text('username').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    gender: text('gender', { enum: ['male', 'female'] }).notNull(),
    /** SPEC §3 user-type options: user, systemadmin, wardadmin. */
    userType: text('user_type', { enum: ['user', 'systemadmin', 'wardadmin'] }).notNull(),
    /** Ward a ward admin administers (DESIGN.md §3 scoping). */
    wardId: integer('ward_id').references(() => wards.id),
    photoFileId: integer('photo_file_id').references(() => files.id),
    citizenshipFileId: integer('citizenship_file_id').references(() => files.id),
    lang: text('lang').notNull().default('en-US'),
    phoneVerifiedAt: ts('phone_verified_at'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [
    uniqueIndex('users_username_uq')
      .on(sql`lower(${t.username})`)
      .where(live),
    uniqueIndex('users_phone_uq').on(t.phone).where(live),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Opaque bearer tokens (DESIGN.md §6): only the SHA-256 of the token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

/** OTP tokens and their log (issue: accounts with SMS OTP). */
export const otpTokens = pgTable('otp_tokens', {
  ...common,
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  usedAt: ts('used_at'),
  /** SMS delivery: pending | sent | delivered | failed (shown in the OTP log). */
  deliveryStatus: text('delivery_status').notNull().default('pending'),
  /** The account the code was sent for (password recovery), if any. */
  userId: integer('user_id'),
  /** Last time a code was checked against this row (the OTP log shows checks too). */
  lastCheckedAt: ts('last_checked_at'),
});

// ---------------------------------------------------------------- places

export const states = pgTable(
  'states',
  {
    ...common,
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
    headquarterEn: text('headquarter_en'),
    headquarterNe: text('headquarter_ne'),
  },
  (t) => [
    uniqueIndex('states_name_en_uq')
      .on(sql`lower(${t.nameEn})`)
      .where(live),
  ],
);

export const districts = pgTable(
  'districts',
  {
    ...common,
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
    headquarterEn: text('headquarter_en'),
    headquarterNe: text('headquarter_ne'),
  },
  (t) => [
    index('districts_state_idx').on(t.stateId),
    uniqueIndex('districts_name_en_uq')
      .on(sql`lower(${t.nameEn})`)
      .where(live),
  ],
);

/** Local levels (metropolitan, sub-metropolitan, municipality, rural municipality). */
export const cities = pgTable(
  'cities',
  {
    ...common,
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
    categoryEn: text('category_en').notNull(),
    categoryNe: text('category_ne').notNull(),
    wardCount: integer('ward_count').notNull(),
  },
  (t) => [
    index('cities_district_idx').on(t.districtId),
    uniqueIndex('cities_district_name_en_uq')
      .on(t.districtId, sql`lower(${t.nameEn})`)
      .where(live),
  ],
);

/** Wards of the palika running this installation, with chair (adakshya) and secretary (sachiv). */
export const wards = pgTable(
  'wards',
  {
    ...common,
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    number: integer('number').notNull(),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
    chairNameEn: text('chair_name_en'),
    chairNameNe: text('chair_name_ne'),
    secretaryNameEn: text('secretary_name_en'),
    secretaryNameNe: text('secretary_name_ne'),
    addressEn: text('address_en'),
    addressNe: text('address_ne'),
    phone: text('phone'),
  },
  (t) => [uniqueIndex('wards_city_number_uq').on(t.cityId, t.number).where(live)],
);

// ---------------------------------------------------------------- setup data

export const businessTypes = pgTable(
  'business_types',
  {
    ...common,
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
  },
  (t) => [
    uniqueIndex('business_types_slug_uq').on(t.slug).where(live),
    uniqueIndex('business_types_name_en_uq')
      .on(sql`lower(${t.nameEn})`)
      .where(live),
  ],
);

export const fiscalYears = pgTable(
  'fiscal_years',
  {
    ...common,
    /** '2082/83' */
    code: text('code').notNull(),
    slug: text('slug').notNull(),
    nameNe: text('name_ne').notNull(),
    startDate: adDate('start_date').notNull(),
    endDate: adDate('end_date').notNull(),
    /** the one active year (status 1 ⇔ isCurrent); the partial index allows only one */
    isCurrent: boolean('is_current').notNull().default(false),
  },
  (t) => [
    uniqueIndex('fiscal_years_code_uq').on(t.code).where(live),
    uniqueIndex('fiscal_years_slug_uq').on(t.slug).where(live),
    uniqueIndex('fiscal_years_one_current_uq')
      .on(t.isCurrent)
      .where(sql`is_current and deleted_on is null`),
  ],
);

/** Capital bands per business type and fiscal year (SPEC §3, DESIGN.md §5). Paisa. */
export const taxSetups = pgTable(
  'tax_setups',
  {
    ...common,
    businessTypeId: integer('business_type_id')
      .notNull()
      .references(() => businessTypes.id),
    fiscalYearId: integer('fiscal_year_id')
      .notNull()
      .references(() => fiscalYears.id),
    minCapital: money('min_capital').notNull(),
    maxCapital: money('max_capital').notNull(),
    taxAmount: money('tax_amount').notNull(),
    renewAmount: money('renew_amount').notNull(),
    renewFine: money('renew_fine').notNull(),
    renewDiscount: money('renew_discount').notNull(),
  },
  (t) => [index('tax_setups_type_fy_idx').on(t.businessTypeId, t.fiscalYearId)],
);

export const requiredFiles = pgTable(
  'required_files',
  {
    ...common,
    slug: text('slug').notNull(),
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
    /** SPEC §3: required on create, on update, or on both. */
    requiredIn: text('required_in', { enum: ['create', 'update', 'both'] }).notNull(),
    isRequired: boolean('is_required').notNull().default(true),
  },
  (t) => [
    uniqueIndex('required_files_slug_uq').on(t.slug).where(live),
    uniqueIndex('required_files_name_en_uq')
      .on(sql`lower(${t.nameEn})`)
      .where(live),
  ],
);

/** Image checklist items staff tick per document (SPEC §1 "image checkboxes"). */
export const checkboxes = pgTable(
  'checkboxes',
  {
    ...common,
    nameEn: text('name_en').notNull(),
    nameNe: text('name_ne').notNull(),
  },
  (t) => [
    uniqueIndex('checkboxes_name_en_uq')
      .on(sql`lower(${t.nameEn})`)
      .where(live),
  ],
);

/** Municipality settings (administrative cost, rent tax rate, palika identity). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

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
  ],
);

/** Owners of a multiple-owner registration (at most 4, SPEC §5). */
export const applicationOwners = pgTable('application_owners', {
  id: serial('id').primaryKey(),
  applicationId: integer('application_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  fatherOrHusbandName: text('father_or_husband_name'),
  citizenshipNo: text('citizenship_no'),
});

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

// ---------------------------------------------------------------- payments, certificates

export const payments = pgTable(
  'payments',
  {
    ...common,
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id),
    fiscalYearId: integer('fiscal_year_id')
      .notNull()
      .references(() => fiscalYears.id),
    businessTax: money('business_tax').notNull(),
    fine: money('fine').notNull(),
    rentTax: money('rent_tax').notNull(),
    adminCost: money('admin_cost').notNull(),
    discount: money('discount').notNull(),
    total: money('total').notNull(),
    paidDate: adDate('paid_date'),
    receiptNo: text('receipt_no'),
    receiptFileId: integer('receipt_file_id').references(() => files.id),
    channel: text('channel', {
      enum: ['counter', 'bank', 'esewa', 'khalti'],
    }).notNull(),
    payStatus: text('pay_status', { enum: ['pending', 'completed', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    recordedBy: integer('recorded_by').references(() => users.id),
    /** eSewa transaction_uuid or Khalti pidx (ours to look the payment up by) */
    gatewayRef: text('gateway_ref'),
    idempotencyKey: text('idempotency_key').unique(),
    /** the gateway's own transaction code (eSewa transaction_code / ref_id, Khalti transaction_id) */
    gatewayTxnId: text('gateway_txn_id'),
    /** where the browser goes to pay (Khalti payment_url) */
    gatewayUrl: text('gateway_url'),
    /** the gateway's last answer (COMPLETE, Pending, …) */
    gatewayStatus: text('gateway_status'),
    /** an online payment link stops being accepted after this (30 minutes) */
    expiresAt: ts('expires_at'),
    checkedAt: ts('checked_at'),
  },
  (t) => [
    uniqueIndex('payments_fy_receipt_uq').on(t.fiscalYearId, t.receiptNo),
    index('payments_app_idx').on(t.applicationId),
    uniqueIndex('payments_gateway_ref_uq').on(t.channel, t.gatewayRef),
    uniqueIndex('payments_gateway_txn_uq').on(t.channel, t.gatewayTxnId),
    index('payments_pending_idx').on(t.payStatus, t.createdAt),
  ],
);

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
  },
  // detail and the certificate PDF look up an application's latest certificate (issue 8 §1)
  (t) => [index('certificates_app_idx').on(t.applicationId, t.id)],
);

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

/**
 * Dashboard revenue: completed payments of live applications summed per the application's
 * ward and fiscal year (0 = none), the payment's fiscal year and its paid date ('infinity'
 * when not set). Kept exact by triggers on `payments` and on `applications` (a change of ward,
 * fiscal year or deletion moves the sums), migration 0009_dashboard_stats.
 */
export const paymentStats = pgTable(
  'payment_stats',
  {
    wardId: integer('ward_id').notNull(),
    appFiscalYearId: integer('app_fiscal_year_id').notNull(),
    fiscalYearId: integer('fiscal_year_id').notNull(),
    paidDate: adDate('paid_date').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'payment_stats_pk',
      columns: [t.wardId, t.appFiscalYearId, t.fiscalYearId, t.paidDate],
    }),
  ],
);

/** Append-only audit trail of auth events and state changes (DESIGN.md §8). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    data: jsonb('data'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

// ---------------------------------------------------------------- notifications

/**
 * Messages waiting to be delivered (issue 5 §5): written in the same transaction as the change
 * they report, delivered by the outbox worker with retries and backoff. `status`: pending
 * (not yet sent, maybe retrying after `lastError`), sent, failed (gave up after the last try).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** otp | status | manual */
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id),
    applicationId: integer('application_id').references(() => applications.id),
    otpTokenId: integer('otp_token_id').references(() => otpTokens.id),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    providerRef: text('provider_ref'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_app_idx').on(t.applicationId),
  ],
);

/** In-app notifications of a user (issue 5 §5), in the language they chose. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    applicationId: integer('application_id').references(() => applications.id),
    kind: text('kind').notNull(),
    /** as sent, in the language applied in */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** the language-neutral values, so the app shows it in the reader's language */
    vars: jsonb('vars'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.id)],
);

/**
 * Request counters of the rate limits (issue 8 §7), shared by every app instance on one
 * database: `key` is the limit's namespace (route) and the client's address, `count` the requests
 * in the window that ends at `expires_at` (database clock). Created UNLOGGED in the migration:
 * the counters are throw-away, so no WAL flush per request; a PostgreSQL crash empties the table,
 * which only restarts the windows. Expired rows are deleted by the `rate-limit-cleanup` job.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * One row per run of a periodic job (issue 8 §7): the primary key (job, period) lets exactly one
 * app instance claim a period (INSERT … ON CONFLICT DO NOTHING), so a job that must run once per
 * period never runs twice however many instances share the database. `period` is
 * floor(epoch ms / interval ms) on the database clock.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    period: bigint('period', { mode: 'number' }).notNull(),
    /** which instance ran it (host:pid), for the operator */
    instance: text('instance').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
);

/**
 * Idempotency keys (issue 8 §4): the answer a request with an `Idempotency-Key` header got,
 * written in the SAME transaction as the records that request created, so after a crash either
 * both exist or neither. (user, scope, key) is the primary key; `requestHash` is the SHA-256 of
 * the request (fields and file digests), so the same key with another body is refused; `entityId`
 * is the created record (an application for scope `applications.create`). Kept at least 24 h
 * (src/server/lib/idempotency.ts KEEP_HOURS), then purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code').notNull(),
    response: jsonb('response').notNull(),
    entityId: integer('entity_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
