/**
 * Test shortcuts for the generic resources (issue 3): a valid form per resource (unique per
 * call), the ids those forms point at, and request helpers. Shared by the conformance, rules
 * and authorization-matrix tests.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { toNepaliDigits } from '../../src/shared/format.js';
import type { SetupResource } from '../../src/shared/schemas/resources.js';
import type { Database } from '../../src/server/db/client.js';
import {
  businessTypes,
  fiscalYears,
  otpTokens,
  permissions,
  wards,
} from '../../src/server/db/schema.js';
import { DEMO_PALIKA_CITY_ID } from '../../src/server/db/seed.js';
import { auth, multipart } from './helper.js';

export type Form = Record<string, string | number | undefined | (string | number)[]>;
export type Writable = Exclude<SetupResource, 'otp-tokens'>;

/** Ids sample forms refer to. */
export interface Parents {
  businessTypeId: number;
  /** a fiscal year without tax bands (2080/81) */
  bandFreeYearId: number;
  /** another one (2081/82) */
  otherYearId: number;
  currentYearId: number;
  stateId: number;
  districtId: number;
  ward1Id: number;
  ward2Id: number;
  permissionIds: number[];
}

export async function parents(database: Database): Promise<Parents> {
  const db = database.db;
  const fy = async (code: string) =>
    (
      await db
        .select()
        .from(fiscalYears)
        .where(and(eq(fiscalYears.code, code), isNull(fiscalYears.deletedOn)))
    )[0].id;
  const [current] = await db.select().from(fiscalYears).where(eq(fiscalYears.isCurrent, true));
  const ward = async (n: number) =>
    (
      await db
        .select()
        .from(wards)
        .where(and(eq(wards.cityId, DEMO_PALIKA_CITY_ID), eq(wards.number, n)))
    )[0].id;
  const [bt] = await db.select().from(businessTypes).where(eq(businessTypes.slug, 'retail-shop'));
  const perms = await db.select({ id: permissions.id }).from(permissions).limit(3);
  return {
    businessTypeId: bt.id,
    bandFreeYearId: await fy('2080/81'),
    otherYearId: await fy('2081/82'),
    currentYearId: current.id,
    stateId: 3,
    districtId: 29,
    ward1Id: await ward(1),
    ward2Id: await ward(2),
    permissionIds: perms.map((p) => p.id),
  };
}

const pad2 = (n: number) => String(n % 100).padStart(2, '0');

/** A valid create form for each writable resource; `i` makes unique values. */
export const SAMPLES: Record<Writable, (i: number, p: Parents) => Form> = {
  wards: (i) => ({
    // the demo palika has wards 1..29; 30..33 are free (delete what you create)
    number: 30 + (i % 4),
    nameEn: `Ward No. ${30 + (i % 4)}`,
    nameNe: `वडा नं. ${toNepaliDigits(30 + (i % 4))}`,
    chairNameEn: `Chair ${i}`,
    chairNameNe: `अध्यक्ष ${toNepaliDigits(i)}`,
    secretaryNameEn: `Secretary ${i}`,
    secretaryNameNe: `सचिव ${toNepaliDigits(i)}`,
    addressEn: 'Lalitpur',
    addressNe: 'ललितपुर',
    phone: '01-5521234',
  }),
  'business-types': (i) => ({
    nameEn: `Sample trade ${i}`,
    nameNe: `नमूना व्यापार ${toNepaliDigits(i)}`,
  }),
  'fiscal-years': (i) => ({
    code: `${2150 + i}/${pad2(2151 + i)}`,
    nameNe: toNepaliDigits(`${2150 + i}/${pad2(2151 + i)}`),
    startDate: `${2093 + i}-07-17`,
    endDate: `${2094 + i}-07-16`,
  }),
  'tax-setups': (i, p) => ({
    businessTypeId: p.businessTypeId,
    fiscalYearId: p.bandFreeYearId,
    minCapital: i * 10_000,
    maxCapital: i * 10_000 + 9_999.99,
    taxAmount: 1000,
    renewAmount: 500,
    renewFine: 100,
    renewDiscount: 50,
  }),
  states: (i) => ({
    nameEn: `Sample Province ${i}`,
    nameNe: `नमूना प्रदेश ${toNepaliDigits(i)}`,
    headquarterEn: 'Somewhere',
  }),
  districts: (i, p) => ({
    stateId: p.stateId,
    nameEn: `Sample District ${i}`,
    nameNe: `नमूना जिल्ला ${toNepaliDigits(i)}`,
  }),
  cities: (i, p) => ({
    districtId: p.districtId,
    nameEn: `Sample City ${i}`,
    nameNe: `नमूना नगर ${toNepaliDigits(i)}`,
    categoryEn: 'Municipality',
    categoryNe: 'नगरपालिका',
    wardCount: 9,
  }),
  checkboxes: (i) => ({ nameEn: `Sample check ${i}`, nameNe: `नमूना जाँच ${toNepaliDigits(i)}` }),
  'required-files': (i) => ({
    nameEn: `Sample document ${i}`,
    nameNe: `नमूना कागजात ${toNepaliDigits(i)}`,
    requiredIn: 'both',
    isRequired: '1',
  }),
  users: (i) => ({
    name: `Sample User ${i}`,
    username: `sample_${i}_${process.pid % 1000}`,
    phone: `97${String(10_000_000 + i).padStart(8, '0')}`,
    email: `sample${i}@example.com`,
    gender: 'female',
    userType: 'user',
    password: 'Secret123',
  }),
  roles: (i, p) => ({
    slug: `sample-role-${i}`,
    nameEn: `Sample role ${i}`,
    nameNe: `नमूना भूमिका ${toNepaliDigits(i)}`,
    'permissionIds[]': p.permissionIds,
  }),
  permissions: (i) => ({
    slug: `sample-permission-${i}`,
    nameEn: `Sample permission ${i}`,
    nameNe: `नमूना अनुमति ${toNepaliDigits(i)}`,
    groupName: 'samples',
  }),
};

/** A valid update-dropdown call per resource that has dropdown fields. */
export const DROPDOWN_SAMPLES: Partial<
  Record<Writable, (p: Parents) => { field: string; value: string | number; expect: unknown }>
> = {
  'tax-setups': (p) => ({ field: 'fiscalYearId', value: p.otherYearId, expect: p.otherYearId }),
  districts: () => ({ field: 'stateId', value: 4, expect: 4 }),
  cities: () => ({ field: 'districtId', value: 30, expect: 30 }),
  'required-files': () => ({ field: 'requiredIn', value: 'create', expect: 'create' }),
  users: () => ({ field: 'gender', value: 'male', expect: 'male' }),
};

let counter = 0;
/** A fresh sample number for this test file. */
export const nextI = () => ++counter;

/** A request helper bound to an app. */
export function client(app: FastifyInstance) {
  const send = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token?: string,
    form?: Form,
    headers: Record<string, string> = {},
  ) => {
    const m = form ? multipart(form) : undefined;
    return app.inject({
      method,
      url,
      payload: m?.payload,
      headers: { ...(m?.headers ?? {}), ...(token ? auth(token) : {}), ...headers },
    });
  };
  return {
    get: (url: string, token?: string, headers?: Record<string, string>) =>
      send('GET', url, token, undefined, headers),
    post: (
      url: string,
      token: string | undefined,
      form: Form = {},
      headers?: Record<string, string>,
    ) => send('POST', url, token, form, headers),
    put: (url: string, token?: string) => send('PUT', url, token),
    /** GET with a list query given as an object (filters as an object too) */
    list: (r: string, token: string, q: Record<string, unknown> = {}) => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(q))
        qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
      return send('GET', `/api/${r}${qs.size ? `?${qs}` : ''}`, token);
    },
  };
}

export const body = <T = Record<string, unknown>>(res: LightMyRequestResponse) => res.json() as T;

/** Inserts OTP log rows (the OTP flow itself is another issue). */
export async function seedOtps(database: Database, n = 3) {
  const rows = Array.from({ length: n }, (_, i) => ({
    phone: `98412345${String(i).padStart(2, '0')}`,
    purpose: i % 2 ? 'register' : 'login',
    codeHash: `hash-${i}`,
    expiresAt: new Date(Date.now() + 300_000),
    attempts: i,
    deliveryStatus: i % 2 ? 'sent' : 'failed',
  }));
  return database.db.insert(otpTokens).values(rows).returning({ id: otpTokens.id });
}
