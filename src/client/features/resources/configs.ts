/**
 * Every setup resource's screen, as data (SPEC §2 generic list pages, §3 fields; issue 3):
 * columns (and which sort), filters, and form fields with their input kinds. The shared zod
 * schemas of src/shared/schemas/resources.ts validate the forms exactly as the server does.
 */
import { createElement } from 'react';
import { RESOURCE_FORMS } from '../../../shared/schemas/resources.js';
import { CurrentYearCell } from './MakeCurrentFiscalYear';
import type { ColumnDef, FieldDef, OptionLabel, ResourceConfig } from './types';

// ---------------------------------------------------------------- shared pieces

/** The name in the user's language; wide enough not to wrap word by word on a phone. */
const nameColumn: ColumnDef = {
  key: 'name',
  label: 'fields.name',
  kind: 'name',
  sortable: true,
  minWidth: 160,
};
const slugColumn: ColumnDef = {
  key: 'slug',
  label: 'fields.slug',
  kind: 'text',
  sortable: true,
  noWrap: true,
};

/** English and Nepali name side by side. */
const names = (required = true): FieldDef[] => [
  { name: 'nameEn', label: 'fields.nameEn', kind: 'text', lang: 'en', required },
  { name: 'nameNe', label: 'fields.nameNe', kind: 'text', lang: 'ne', required },
];
/** An English/Nepali pair of some other text (`<base>En`, `<base>Ne`). */
const pair = (base: string, required = false): FieldDef[] => [
  { name: `${base}En`, label: `fields.${base}En`, kind: 'text', lang: 'en', required },
  { name: `${base}Ne`, label: `fields.${base}Ne`, kind: 'text', lang: 'ne', required },
];

export const wardLabel: OptionLabel = (r, f) => `${f.num(Number(r.number))} — ${f.name(r)}`;
export const fiscalYearLabel: OptionLabel = (r, f) => f.digits(String(r.code ?? r.id));

// ---------------------------------------------------------------- the resources

const wards: ResourceConfig = {
  name: 'wards',
  searchHint: 'resource.searchHints.wards',
  schema: RESOURCE_FORMS.wards,
  title: 'nav.wards',
  one: 'entities.ward',
  columns: [
    { key: 'number', label: 'fields.wardNumber', kind: 'number', sortable: true },
    nameColumn,
    { key: 'chairName', label: 'fields.chairName', kind: 'name', minWidth: 150 },
    { key: 'secretaryName', label: 'fields.secretaryName', kind: 'name', minWidth: 150 },
    { key: 'phone', label: 'fields.phone', kind: 'digits' },
  ],
  fields: [
    { name: 'number', label: 'fields.wardNumber', kind: 'number', required: true },
    { name: 'phone', label: 'fields.phone', kind: 'phone' },
    ...names(),
    ...pair('chairName', true),
    ...pair('secretaryName', true),
    ...pair('address'),
  ],
};

const businessTypes: ResourceConfig = {
  name: 'business-types',
  searchHint: 'resource.searchHints.slugOrName',
  schema: RESOURCE_FORMS['business-types'],
  title: 'nav.businessTypes',
  one: 'entities.businessType',
  columns: [nameColumn, slugColumn],
  fields: [
    ...names(),
    { name: 'slug', label: 'fields.slug', kind: 'text', help: 'fields.slugHelp', wide: true },
  ],
  dialogSize: 'md',
};

const fiscalYears: ResourceConfig = {
  name: 'fiscal-years',
  searchHint: 'resource.searchHints.fiscalYears',
  schema: RESOURCE_FORMS['fiscal-years'],
  title: 'nav.fiscalYears',
  one: 'entities.fiscalYear',
  columns: [
    { key: 'code', label: 'fields.code', kind: 'digits', sortable: true },
    { key: 'nameNe', label: 'fields.fiscalYearName', kind: 'text', sortable: true },
    { key: 'startDate', label: 'fields.startDate', kind: 'date', sortable: true },
    { key: 'endDate', label: 'fields.endDate', kind: 'date', sortable: true },
    // issue 17 §7: which year is current changes only through this explicit, confirmed action
    {
      key: 'isCurrent',
      label: 'staff.fiscalYear.currentColumn',
      kind: 'bool',
      noWrap: true,
      render: (row) => createElement(CurrentYearCell, { row }),
    },
  ],
  // on a phone the card keeps the current year's badge or its "Make current" button
  card: {
    title: 'code',
    status: 'isCurrent',
    fields: ['nameNe', 'startDate', 'endDate', 'status'],
    action: 'actions',
  },
  fields: [
    {
      name: 'code',
      label: 'fields.code',
      kind: 'text',
      required: true,
      placeholder: '2084/85',
      help: 'fields.codeHelp',
    },
    { name: 'nameNe', label: 'fields.fiscalYearName', kind: 'text', lang: 'ne', required: true },
    { name: 'startDate', label: 'fields.startDate', kind: 'bsDate', required: true },
    { name: 'endDate', label: 'fields.endDate', kind: 'bsDate', required: true },
  ],
  dialogSize: 'md',
};

const taxSetups: ResourceConfig = {
  name: 'tax-setups',
  // 'Tea shop Rs. 0.00–Rs. 5,00,000.00'
  rowName: (r, f) =>
    `${f.name({ nameEn: r.businessTypeNameEn as string, nameNe: r.businessTypeNameNe as string })} ${f.money(Number(r.minCapital))}–${f.money(Number(r.maxCapital))}`,
  searchHint: 'resource.searchHints.taxSetups',
  schema: RESOURCE_FORMS['tax-setups'],
  title: 'nav.taxSetups',
  one: 'entities.taxSetup',
  columns: [
    // The list rows carry the parents' names (joined on the server).
    {
      key: 'businessTypeName',
      label: 'fields.businessTypeId',
      kind: 'name',
      sortable: true,
      sortKey: 'businessTypeNameEn',
      minWidth: 150,
    },
    { key: 'fiscalYearCode', label: 'fields.fiscalYearId', kind: 'digits', sortable: true },
    { key: 'minCapital', label: 'fields.minCapital', kind: 'money', sortable: true },
    { key: 'maxCapital', label: 'fields.maxCapital', kind: 'money', sortable: true },
    { key: 'taxAmount', label: 'fields.taxAmount', kind: 'money', sortable: true },
    { key: 'renewAmount', label: 'fields.renewAmount', kind: 'money', sortable: true },
    { key: 'renewFine', label: 'fields.renewFine', kind: 'money', sortable: true },
    { key: 'renewDiscount', label: 'fields.renewDiscount', kind: 'money', sortable: true },
    { key: 'amendmentFee', label: 'fields.amendmentFee', kind: 'money', sortable: true },
    { key: 'closureFee', label: 'fields.closureFee', kind: 'money', sortable: true },
    { key: 'duplicateFee', label: 'fields.duplicateFee', kind: 'money', sortable: true },
  ],
  filters: [
    {
      kind: 'select',
      name: 'businessTypeId',
      label: 'fields.businessTypeId',
      resource: 'business-types',
    },
    {
      kind: 'select',
      name: 'fiscalYearId',
      label: 'fields.fiscalYearId',
      resource: 'fiscal-years',
      optionLabel: fiscalYearLabel,
    },
  ],
  fields: [
    {
      name: 'businessTypeId',
      label: 'fields.businessTypeId',
      kind: 'select',
      resource: 'business-types',
      required: true,
    },
    {
      name: 'fiscalYearId',
      label: 'fields.fiscalYearId',
      kind: 'select',
      resource: 'fiscal-years',
      optionLabel: fiscalYearLabel,
      required: true,
    },
    { name: 'minCapital', label: 'fields.minCapital', kind: 'rupees', required: true },
    { name: 'maxCapital', label: 'fields.maxCapital', kind: 'rupees', required: true },
    { name: 'taxAmount', label: 'fields.taxAmount', kind: 'rupees', required: true },
    { name: 'renewAmount', label: 'fields.renewAmount', kind: 'rupees', required: true },
    { name: 'renewFine', label: 'fields.renewFine', kind: 'rupees', required: true },
    { name: 'renewDiscount', label: 'fields.renewDiscount', kind: 'rupees', required: true },
    { name: 'amendmentFee', label: 'fields.amendmentFee', kind: 'rupees', required: true },
    { name: 'closureFee', label: 'fields.closureFee', kind: 'rupees', required: true },
    { name: 'duplicateFee', label: 'fields.duplicateFee', kind: 'rupees', required: true },
  ],
};

const states: ResourceConfig = {
  name: 'states',
  schema: RESOURCE_FORMS.states,
  title: 'nav.states',
  one: 'entities.state',
  columns: [nameColumn, { key: 'headquarter', label: 'fields.headquarter', kind: 'name' }],
  fields: [...names(), ...pair('headquarter')],
};

const districts: ResourceConfig = {
  name: 'districts',
  schema: RESOURCE_FORMS.districts,
  title: 'nav.districts',
  one: 'entities.district',
  columns: [
    nameColumn,
    { key: 'stateName', label: 'fields.stateId', kind: 'name' },
    { key: 'headquarter', label: 'fields.headquarter', kind: 'name' },
  ],
  filters: [{ kind: 'select', name: 'stateId', label: 'fields.stateId', resource: 'states' }],
  fields: [
    {
      name: 'stateId',
      label: 'fields.stateId',
      kind: 'select',
      resource: 'states',
      required: true,
      wide: true,
    },
    ...names(),
    ...pair('headquarter'),
  ],
};

const cities: ResourceConfig = {
  name: 'cities',
  schema: RESOURCE_FORMS.cities,
  title: 'nav.cities',
  one: 'entities.city',
  columns: [
    nameColumn,
    { key: 'districtName', label: 'fields.districtId', kind: 'name' },
    { key: 'category', label: 'fields.category', kind: 'name', minWidth: 150 },
    { key: 'wardCount', label: 'fields.wardCount', kind: 'number', sortable: true },
  ],
  filters: [
    { kind: 'select', name: 'stateId', label: 'fields.stateId', resource: 'states' },
    {
      kind: 'select',
      name: 'districtId',
      label: 'fields.districtId',
      resource: 'districts',
      filterBy: { field: 'stateId', key: 'stateId' },
    },
  ],
  fields: [
    {
      name: 'stateId',
      label: 'fields.stateId',
      kind: 'select',
      resource: 'states',
      required: true,
      virtual: { deriveFrom: { field: 'districtId', resource: 'districts', key: 'stateId' } },
    },
    {
      name: 'districtId',
      label: 'fields.districtId',
      kind: 'select',
      resource: 'districts',
      filterBy: { field: 'stateId', key: 'stateId' },
      required: true,
    },
    ...names(),
    ...pair('category', true),
    { name: 'wardCount', label: 'fields.wardCount', kind: 'number', required: true },
  ],
};

const checkboxes: ResourceConfig = {
  name: 'checkboxes',
  schema: RESOURCE_FORMS.checkboxes,
  title: 'nav.checkboxes',
  one: 'entities.checkbox',
  columns: [nameColumn],
  fields: names(),
  dialogSize: 'md',
};

const REQUIRED_IN = ['create', 'update', 'both'] as const;
const requiredFiles: ResourceConfig = {
  name: 'required-files',
  searchHint: 'resource.searchHints.slugOrName',
  schema: RESOURCE_FORMS['required-files'],
  title: 'nav.requiredFiles',
  one: 'entities.requiredFile',
  columns: [
    nameColumn,
    slugColumn,
    {
      key: 'requiredIn',
      label: 'fields.requiredIn',
      kind: 'enum',
      enumKey: 'requiredIn',
      sortable: true,
    },
    { key: 'isRequired', label: 'fields.isRequired', kind: 'bool', sortable: true },
  ],
  filters: [
    {
      kind: 'enum',
      name: 'requiredIn',
      label: 'fields.requiredIn',
      options: REQUIRED_IN.map((v) => ({ value: v, label: `requiredIn.${v}` })),
    },
  ],
  fields: [
    ...names(),
    { name: 'slug', label: 'fields.slug', kind: 'text', help: 'fields.slugHelp' },
    {
      name: 'requiredIn',
      label: 'fields.requiredIn',
      kind: 'enum',
      required: true,
      options: REQUIRED_IN.map((v) => ({ value: v, label: `requiredIn.${v}` })),
    },
    { name: 'isRequired', label: 'fields.isRequired', kind: 'switch', wide: true, initial: true },
  ],
};

const otpTokens: ResourceConfig = {
  name: 'otp-tokens',
  searchHint: 'resource.searchHints.otpTokens',
  title: 'nav.otpTokens',
  one: 'entities.otpToken',
  readOnly: true,
  statusFilter: false,
  columns: [
    { key: 'phone', label: 'fields.phone', kind: 'digits' },
    {
      key: 'purpose',
      label: 'fields.purpose',
      kind: 'enum',
      enumKey: 'otpPurpose',
      sortable: true,
    },
    { key: 'createdAt', label: 'fields.createdAt', kind: 'datetime', sortable: true },
    { key: 'expiresAt', label: 'fields.expiresAt', kind: 'datetime', sortable: true },
    { key: 'usedAt', label: 'fields.usedAt', kind: 'datetime', sortable: true },
    { key: 'attempts', label: 'fields.attempts', kind: 'number', sortable: true },
    {
      key: 'deliveryStatus',
      label: 'fields.deliveryStatus',
      kind: 'enum',
      enumKey: 'otpStatus',
      sortable: true,
    },
  ],
};

const USER_TYPES = ['user', 'wardadmin', 'systemadmin'] as const;
const users: ResourceConfig = {
  name: 'users',
  searchHint: 'resource.searchHints.users',
  schema: RESOURCE_FORMS.users,
  title: 'nav.users',
  one: 'entities.user',
  columns: [
    { key: 'name', label: 'fields.fullName', kind: 'text', sortable: true, minWidth: 140 },
    { key: 'username', label: 'fields.username', kind: 'text', sortable: true },
    { key: 'phone', label: 'fields.phone', kind: 'digits', sortable: true },
    { key: 'email', label: 'fields.email', kind: 'text', sortable: true },
    { key: 'userType', label: 'fields.userType', kind: 'enum', enumKey: 'roles', sortable: true },
    {
      key: 'wardNumber',
      label: 'fields.wardId',
      kind: 'number',
      sortable: true,
      sortKey: 'wardId',
    },
  ],
  filters: [
    {
      kind: 'enum',
      name: 'userType',
      label: 'fields.userType',
      options: USER_TYPES.map((v) => ({ value: v, label: `roles.${v}` })),
    },
    {
      kind: 'select',
      name: 'wardId',
      label: 'fields.wardId',
      resource: 'wards',
      optionLabel: wardLabel,
    },
  ],
  fields: [
    { name: 'name', label: 'fields.fullName', kind: 'text', required: true },
    { name: 'username', label: 'fields.username', kind: 'text', required: true },
    { name: 'phone', label: 'fields.phone', kind: 'phone', required: true },
    { name: 'email', label: 'fields.email', kind: 'email' },
    {
      name: 'gender',
      label: 'fields.gender',
      kind: 'enum',
      required: true,
      options: ['male', 'female'].map((v) => ({ value: v, label: `gender.${v}` })),
    },
    {
      name: 'userType',
      label: 'fields.userType',
      kind: 'enum',
      required: true,
      options: USER_TYPES.map((v) => ({ value: v, label: `roles.${v}` })),
    },
    {
      name: 'wardId',
      label: 'fields.wardId',
      kind: 'select',
      resource: 'wards',
      optionLabel: wardLabel,
      required: true,
      visibleWhen: (v) => v.userType === 'wardadmin',
    },
    {
      name: 'password',
      label: 'fields.password',
      kind: 'password',
      required: 'create',
      help: 'fields.passwordHelp',
    },
    { name: 'photo', label: 'fields.photo', kind: 'file', fileIdKey: 'photoFileId' },
    {
      name: 'citizenship',
      label: 'fields.citizenship',
      kind: 'file',
      fileIdKey: 'citizenshipFileId',
    },
  ],
};

const roles: ResourceConfig = {
  name: 'roles',
  searchHint: 'resource.searchHints.slugOrName',
  schema: RESOURCE_FORMS.roles,
  title: 'nav.roles',
  one: 'entities.role',
  columns: [slugColumn, nameColumn],
  fields: [
    { name: 'slug', label: 'fields.slug', kind: 'text', required: true, wide: true },
    ...names(),
    {
      name: 'permissionIds',
      label: 'fields.permissionIds',
      kind: 'multiselect',
      resource: 'permissions',
      groupBy: 'groupName',
      wide: true,
    },
  ],
  dialogSize: 'xl',
};

const permissions: ResourceConfig = {
  name: 'permissions',
  searchHint: 'resource.searchHints.slugOrName',
  schema: RESOURCE_FORMS.permissions,
  title: 'nav.permissions',
  one: 'entities.permission',
  columns: [
    slugColumn,
    nameColumn,
    { key: 'groupName', label: 'fields.groupName', kind: 'text', sortable: true },
  ],
  fields: [
    { name: 'slug', label: 'fields.slug', kind: 'text', required: true },
    { name: 'groupName', label: 'fields.groupName', kind: 'text', required: true },
    ...names(),
  ],
};

export const CONFIGS: Record<string, ResourceConfig> = Object.fromEntries(
  [
    wards,
    businessTypes,
    fiscalYears,
    taxSetups,
    states,
    districts,
    cities,
    checkboxes,
    requiredFiles,
    otpTokens,
    users,
    roles,
    permissions,
  ].map((c) => [c.name, c]),
);
