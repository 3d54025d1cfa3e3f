/**
 * The generic resources of SPEC §7 (issue 3), each declared once as data: table, forms,
 * sortable columns and filters, uniqueness, parents, what uses its rows (delete → 409),
 * slug column, dropdown fields and the hooks of its special rules (rules.ts). routes.ts turns
 * every declaration into the same set of routes; service.ts runs them. The shared building
 * blocks of the declarations (list, names, liveApps, maskPhone) are in registry-helpers.ts.
 */
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, ROLES } from '../../../shared/permissions.js';
import {
  DROPDOWN_FIELDS,
  REQUIRED_IN,
  RESOURCE_FORMS,
  USER_TYPES,
  type SetupResource,
} from '../../../shared/schemas/resources.js';
import {
  applicationDocuments,
  applications,
  businessTypes,
  certificates,
  checkboxes,
  cities,
  districts,
  fiscalYears,
  otpTokens,
  payments,
  permissions,
  requiredFiles,
  roles,
  states,
  taxSetups,
  users,
  wards,
} from '../../db/schema.js';
import { boolValue, enumValue, f, intValue } from '../../lib/list.js';
import { list, liveApps, maskPhone, names, text, uniqueNames } from './registry-helpers.js';
import {
  fiscalYearHooks,
  permissionRoles,
  roleHooks,
  roleUsers,
  slugFromName,
  taxSetupHooks,
  usedBy,
  usedInJsonArray,
  userHooks,
  wardHooks,
} from './rules.js';
import type { ResourceDef } from './types.js';

export { maskPhone };

export const RESOURCES: ResourceDef[] = [
  {
    name: 'wards',
    noun: 'ward',
    table: wards,
    allOpen: true,
    allOrder: [wards.number],
    forms: RESOURCE_FORMS.wards,
    list: list(
      wards,
      { number: wards.number, ...names(wards) },
      {
        q: f.search(
          wards.nameEn,
          wards.nameNe,
          wards.chairNameEn,
          wards.chairNameNe,
          wards.secretaryNameEn,
          wards.secretaryNameNe,
        ),
        cityId: f.eq(wards.cityId),
        number: f.eq(wards.number, intValue),
      },
    ),
    unique: [{ field: 'number', columns: ['cityId', 'number'], index: 'wards_city_number_uq' }],
    references: [
      liveApps(applications.wardId),
      usedBy('usage.users', users, users.wardId, users.deletedOn),
    ],
    dropdown: DROPDOWN_FIELDS.wards,
    hooks: wardHooks,
  },
  {
    name: 'business-types',
    noun: 'business type',
    table: businessTypes,
    allOpen: true,
    allOrder: [businessTypes.nameEn],
    forms: RESOURCE_FORMS['business-types'],
    list: list(
      businessTypes,
      { ...names(businessTypes), slug: businessTypes.slug },
      {
        q: f.search(businessTypes.nameEn, businessTypes.nameNe, businessTypes.slug),
      },
    ),
    slug: businessTypes.slug,
    unique: [
      { field: 'slug', columns: ['slug'], index: 'business_types_slug_uq' },
      ...uniqueNames('business_types_name_en_uq'),
    ],
    references: [
      liveApps(applications.businessTypeId),
      usedBy('usage.taxSetups', taxSetups, taxSetups.businessTypeId, taxSetups.deletedOn),
    ],
    dropdown: DROPDOWN_FIELDS['business-types'],
    hooks: slugFromName(businessTypes),
  },
  {
    name: 'fiscal-years',
    noun: 'fiscal year',
    table: fiscalYears,
    allOpen: true,
    allAnyStatus: true,
    allOrder: [fiscalYears.startDate],
    forms: RESOURCE_FORMS['fiscal-years'],
    list: list(
      fiscalYears,
      {
        code: fiscalYears.code,
        nameNe: fiscalYears.nameNe,
        startDate: fiscalYears.startDate,
        endDate: fiscalYears.endDate,
      },
      {
        q: f.search(fiscalYears.code, fiscalYears.nameNe),
        isCurrent: f.eq(fiscalYears.isCurrent, boolValue),
        ...f.range('startDate', fiscalYears.startDate),
        ...f.range('endDate', fiscalYears.endDate),
      },
    ),
    slug: fiscalYears.slug,
    unique: [
      { field: 'code', columns: ['code'], index: 'fiscal_years_code_uq' },
      { field: 'code', columns: ['slug'], index: 'fiscal_years_slug_uq' },
    ],
    references: [
      liveApps(applications.fiscalYearId),
      liveApps(applications.registrationFiscalYearId),
      usedBy('usage.taxSetups', taxSetups, taxSetups.fiscalYearId, taxSetups.deletedOn),
      usedBy('usage.payments', payments, payments.fiscalYearId, payments.deletedOn),
      usedBy('usage.certificates', certificates, certificates.fiscalYearId),
    ],
    dropdown: DROPDOWN_FIELDS['fiscal-years'],
    createDefaults: { status: 0 },
    hooks: fiscalYearHooks,
  },
  {
    name: 'tax-setups',
    noun: 'tax setup (capital band)',
    table: taxSetups,
    allOrder: [taxSetups.businessTypeId, taxSetups.minCapital],
    forms: RESOURCE_FORMS['tax-setups'],
    list: list(
      taxSetups,
      {
        businessTypeId: taxSetups.businessTypeId,
        fiscalYearId: taxSetups.fiscalYearId,
        minCapital: taxSetups.minCapital,
        maxCapital: taxSetups.maxCapital,
        taxAmount: taxSetups.taxAmount,
        renewAmount: taxSetups.renewAmount,
        renewFine: taxSetups.renewFine,
        renewDiscount: taxSetups.renewDiscount,
        amendmentFee: taxSetups.amendmentFee,
        closureFee: taxSetups.closureFee,
        duplicateFee: taxSetups.duplicateFee,
        businessTypeNameEn: businessTypes.nameEn,
        fiscalYearCode: fiscalYears.code,
      },
      {
        q: f.search(businessTypes.nameEn, businessTypes.nameNe),
        businessTypeId: f.eq(taxSetups.businessTypeId),
        fiscalYearId: f.eq(taxSetups.fiscalYearId),
      },
    ),
    joins: [
      {
        table: businessTypes,
        on: eq(businessTypes.id, taxSetups.businessTypeId),
        fields: {
          businessTypeNameEn: businessTypes.nameEn,
          businessTypeNameNe: businessTypes.nameNe,
        },
      },
      {
        table: fiscalYears,
        on: eq(fiscalYears.id, taxSetups.fiscalYearId),
        fields: { fiscalYearCode: fiscalYears.code },
      },
    ],
    parents: { businessTypeId: businessTypes, fiscalYearId: fiscalYears },
    dropdown: DROPDOWN_FIELDS['tax-setups'],
    hooks: taxSetupHooks,
  },
  {
    name: 'states',
    noun: 'state (province)',
    table: states,
    allOpen: true,
    allOrder: [states.id],
    forms: RESOURCE_FORMS.states,
    list: list(states, names(states), {
      q: f.search(states.nameEn, states.nameNe, states.headquarterEn, states.headquarterNe),
    }),
    unique: uniqueNames('states_name_en_uq'),
    references: [
      usedBy('usage.districts', districts, districts.stateId, districts.deletedOn),
      liveApps(applications.permStateId),
    ],
    dropdown: DROPDOWN_FIELDS.states,
  },
  {
    name: 'districts',
    noun: 'district',
    table: districts,
    allOpen: true,
    allOrder: [districts.nameEn],
    forms: RESOURCE_FORMS.districts,
    list: list(
      districts,
      { ...names(districts), stateId: districts.stateId },
      {
        q: f.search(
          districts.nameEn,
          districts.nameNe,
          districts.headquarterEn,
          districts.headquarterNe,
        ),
        stateId: f.eq(districts.stateId),
      },
    ),
    joins: [
      {
        table: states,
        on: eq(states.id, districts.stateId),
        fields: { stateNameEn: states.nameEn, stateNameNe: states.nameNe },
      },
    ],
    parents: { stateId: states },
    unique: uniqueNames('districts_name_en_uq'),
    references: [
      usedBy('usage.cities', cities, cities.districtId, cities.deletedOn),
      liveApps(applications.permDistrictId),
    ],
    dropdown: DROPDOWN_FIELDS.districts,
  },
  {
    name: 'cities',
    noun: 'city (local level)',
    table: cities,
    allOpen: true,
    allOrder: [cities.nameEn],
    forms: RESOURCE_FORMS.cities,
    list: list(
      cities,
      {
        ...names(cities),
        districtId: cities.districtId,
        categoryEn: cities.categoryEn,
        wardCount: cities.wardCount,
      },
      {
        q: f.search(cities.nameEn, cities.nameNe),
        districtId: f.eq(cities.districtId),
        stateId: f.eq(districts.stateId),
        categoryEn: f.eq(cities.categoryEn, text),
      },
    ),
    joins: [
      {
        table: districts,
        on: eq(districts.id, cities.districtId),
        fields: {
          districtNameEn: districts.nameEn,
          districtNameNe: districts.nameNe,
          stateId: districts.stateId,
        },
      },
    ],
    parents: { districtId: districts },
    unique: uniqueNames('cities_district_name_en_uq', ['districtId']),
    references: [
      usedBy('usage.wards', wards, wards.cityId, wards.deletedOn),
      liveApps(applications.permCityId),
    ],
    dropdown: DROPDOWN_FIELDS.cities,
  },
  {
    name: 'checkboxes',
    noun: 'image checkbox',
    table: checkboxes,
    allOpen: true,
    allOrder: [checkboxes.id],
    forms: RESOURCE_FORMS.checkboxes,
    list: list(checkboxes, names(checkboxes), {
      q: f.search(checkboxes.nameEn, checkboxes.nameNe),
    }),
    unique: uniqueNames('checkboxes_name_en_uq'),
    references: [
      usedInJsonArray('usage.documents', applicationDocuments, applicationDocuments.checks),
    ],
    dropdown: DROPDOWN_FIELDS.checkboxes,
  },
  {
    name: 'required-files',
    noun: 'required file',
    table: requiredFiles,
    allOpen: true,
    allOrder: [requiredFiles.id],
    forms: RESOURCE_FORMS['required-files'],
    list: list(
      requiredFiles,
      {
        ...names(requiredFiles),
        slug: requiredFiles.slug,
        requiredIn: requiredFiles.requiredIn,
        isRequired: requiredFiles.isRequired,
      },
      {
        q: f.search(requiredFiles.nameEn, requiredFiles.nameNe, requiredFiles.slug),
        requiredIn: f.eq(requiredFiles.requiredIn, enumValue(REQUIRED_IN)),
        isRequired: f.eq(requiredFiles.isRequired, boolValue),
      },
    ),
    slug: requiredFiles.slug,
    unique: [
      { field: 'slug', columns: ['slug'], index: 'required_files_slug_uq' },
      ...uniqueNames('required_files_name_en_uq'),
    ],
    references: [
      usedBy('usage.documents', applicationDocuments, applicationDocuments.requiredFileId),
    ],
    dropdown: DROPDOWN_FIELDS['required-files'],
    hooks: slugFromName(requiredFiles),
  },
  {
    name: 'otp-tokens',
    noun: 'OTP token (log)',
    table: otpTokens,
    readOnly: true,
    allOrder: [otpTokens.createdAt],
    list: list(
      otpTokens,
      {
        expiresAt: otpTokens.expiresAt,
        usedAt: otpTokens.usedAt,
        attempts: otpTokens.attempts,
        purpose: otpTokens.purpose,
        deliveryStatus: otpTokens.deliveryStatus,
      },
      {
        q: f.search(otpTokens.purpose, otpTokens.deliveryStatus),
        purpose: f.eq(otpTokens.purpose, text),
        deliveryStatus: f.eq(otpTokens.deliveryStatus, text),
        ...f.range('expires', otpTokens.expiresAt, true),
      },
    ),
    hidden: ['codeHash'],
    present: (row) => ({ ...row, phone: maskPhone(String(row.phone ?? '')) }),
    dropdown: DROPDOWN_FIELDS['otp-tokens'],
  },
  {
    name: 'users',
    noun: 'user',
    table: users,
    allOrder: [users.name],
    forms: RESOURCE_FORMS.users,
    list: list(
      users,
      {
        name: users.name,
        username: users.username,
        phone: users.phone,
        email: users.email,
        userType: users.userType,
        wardId: users.wardId,
      },
      {
        q: f.search(users.name, users.username, users.phone, users.email),
        userType: f.eq(users.userType, enumValue(USER_TYPES)),
        wardId: f.eq(users.wardId),
        gender: f.eq(users.gender, enumValue(['male', 'female'])),
      },
    ),
    joins: [{ table: wards, on: eq(wards.id, users.wardId), fields: { wardNumber: wards.number } }],
    hidden: ['passwordHash', 'failedLogins', 'failedLoginAt'],
    parents: { wardId: wards },
    unique: [
      {
        field: 'username',
        columns: ['username'],
        ci: true,
        index: 'users_username_uq',
        message: 'errors.usernameTaken',
      },
      { field: 'phone', columns: ['phone'], index: 'users_phone_uq', message: 'errors.phoneTaken' },
    ],
    references: [liveApps(applications.userId)],
    dropdown: DROPDOWN_FIELDS.users,
    hooks: userHooks,
  },
  {
    name: 'roles',
    noun: 'role',
    table: roles,
    allOrder: [roles.id],
    forms: RESOURCE_FORMS.roles,
    list: list(
      roles,
      { ...names(roles), slug: roles.slug },
      { q: f.search(roles.slug, roles.nameEn, roles.nameNe) },
    ),
    slug: roles.slug,
    unique: [
      { field: 'slug', columns: ['slug'], index: 'roles_slug_uq' },
      { field: 'nameEn', columns: ['nameEn'], ci: true },
    ],
    references: [roleUsers],
    builtIn: { column: 'slug', values: ROLES },
    dropdown: DROPDOWN_FIELDS.roles,
    hooks: roleHooks,
  },
  {
    name: 'permissions',
    noun: 'permission',
    table: permissions,
    allOrder: [permissions.groupName, permissions.slug],
    forms: RESOURCE_FORMS.permissions,
    list: list(
      permissions,
      { ...names(permissions), slug: permissions.slug, groupName: permissions.groupName },
      {
        q: f.search(
          permissions.slug,
          permissions.nameEn,
          permissions.nameNe,
          permissions.groupName,
        ),
        groupName: f.eq(permissions.groupName, text),
      },
    ),
    slug: permissions.slug,
    unique: [
      { field: 'slug', columns: ['slug'], index: 'permissions_slug_uq' },
      { field: 'nameEn', columns: ['nameEn'], ci: true },
    ],
    references: [permissionRoles],
    builtIn: { column: 'slug', values: ALL_PERMISSIONS },
    dropdown: DROPDOWN_FIELDS.permissions,
  },
];

export const RESOURCE_BY_NAME = new Map<SetupResource, ResourceDef>(
  RESOURCES.map((d) => [d.name, d]),
);
