/**
 * Drizzle schema, places and setup data an administrator maintains: states, districts, cities
 * (local levels) and the palika's wards; business types, fiscal years (one current), the tax
 * bands per business type and fiscal year (paisa), the required-file and image-checkbox lists
 * and the key/value municipality settings. These tables reference only each other.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { adDate, common, live, money, ts } from './columns.js';

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
    /** the one current year (set by make-current, always active); the partial index allows one */
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
    /** fee of an amendment (संशोधन) of a registration in this band (issue 19 §1) */
    amendmentFee: money('amendment_fee').notNull().default(0),
    /** fee of a closure (खारेजी), besides the arrears of missed renewals (issue 19 §2) */
    closureFee: money('closure_fee').notNull().default(0),
    /** fee of a duplicate certificate (प्रतिलिपि, issue 19 §3) */
    duplicateFee: money('duplicate_fee').notNull().default(0),
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
