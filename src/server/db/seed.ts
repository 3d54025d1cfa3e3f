/**
 * Seed data (issue 2 §3), idempotent: every insert skips rows that exist, so running it
 * twice changes nothing. Reference data always; demo logins only when `demo` is true.
 *
 * Sources: provinces, districts and local levels from db/seed/nepal-administrative-divisions.json
 * (sagautam5/local-states-nepal, MIT); fiscal years computed from the BS calendar
 * (src/shared/fiscal-year.ts); business types, tax bands, required files and checklist are a
 * demo palika's defaults, editable through the setup screens.
 */
import { and, eq, sql } from 'drizzle-orm';
import { todayAd } from '../../shared/bs-date.js';
import { fiscalYearOf, fiscalYearRange } from '../../shared/fiscal-year.js';
import { toNepaliDigits } from '../../shared/format.js';
import { translate, type Lang } from '../../shared/i18n/index.js';
import { ALL_PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../../shared/permissions.js';
import { DEFAULT_RENEWAL_WINDOW_DAYS } from '../../shared/schemas/settings.js';
import { hashPassword } from '../lib/passwords.js';
import type { Db, Tx } from './client.js';
import { loadDivisions, restandardiseDivisionNames, seedDivisions } from './seed-divisions.js';

export { standardNepali } from './seed-divisions.js';
import {
  businessTypes,
  checkboxes,
  cities,
  fiscalYears,
  permissions,
  requiredFiles,
  rolePermissions,
  roles,
  settings,
  states,
  taxSetups,
  userRoles,
  users,
  wards,
} from './schema.js';

/** Lalitpur Metropolitan City's id in the divisions file. */
export const DEMO_PALIKA_CITY_ID = 331;
export const DEMO_PASSWORD = 'Darta@2082';

export const BUSINESS_TYPES: [slug: string, en: string, ne: string][] = [
  ['retail-shop', 'Retail shop', 'खुद्रा पसल'],
  ['wholesale-trade', 'Wholesale trade', 'थोक व्यापार'],
  ['grocery', 'Grocery (kirana) store', 'किराना पसल'],
  ['restaurant-hotel', 'Hotel and restaurant', 'होटल तथा रेस्टुरेन्ट'],
  ['tea-shop', 'Tea and snack shop', 'चिया तथा खाजा पसल'],
  ['pharmacy', 'Pharmacy', 'औषधि पसल'],
  ['tailoring', 'Tailoring', 'सिलाई कटाई'],
  ['beauty-salon', 'Beauty parlour and salon', 'ब्युटी पार्लर तथा सैलुन'],
  ['hardware', 'Hardware store', 'हार्डवेयर पसल'],
  ['electronics-repair', 'Electronics and mobile repair', 'इलेक्ट्रोनिक्स तथा मोबाइल मर्मत'],
  ['stationery', 'Stationery and books', 'स्टेसनरी तथा पुस्तक पसल'],
  ['meat-shop', 'Meat shop', 'मासु पसल'],
  ['furniture', 'Furniture workshop', 'फर्निचर उद्योग'],
  ['it-services', 'Computer and IT services', 'कम्प्युटर तथा सूचना प्रविधि सेवा'],
];

const RUPEE = 100;
const LAKH = 100_000 * RUPEE;
const CRORE = 100 * LAKH;
/** Demo capital bands (paisa): [min, max, tax, renew, fine per month, early discount]. */
export const TAX_BANDS: [number, number, number, number, number, number][] = [
  [0, 5 * LAKH, 1_000 * RUPEE, 500 * RUPEE, 100 * RUPEE, 100 * RUPEE],
  [5 * LAKH + 1, 25 * LAKH, 2_500 * RUPEE, 1_500 * RUPEE, 200 * RUPEE, 200 * RUPEE],
  [25 * LAKH + 1, CRORE, 5_000 * RUPEE, 3_000 * RUPEE, 500 * RUPEE, 300 * RUPEE],
  [CRORE + 1, 100 * CRORE, 10_000 * RUPEE, 7_000 * RUPEE, 1_000 * RUPEE, 500 * RUPEE],
];

/**
 * The documents an application asks for besides the profile's photo and citizenship, which
 * every application takes from the applicant's profile (issue 17 §3).
 */
const REQUIRED_FILES: [string, string, string, 'create' | 'update' | 'both', boolean][] = [
  ['rent-agreement', 'Rent agreement', 'घर बहाल सम्झौता', 'both', false],
  [
    'lalpurja',
    'Land ownership certificate (lalpurja)',
    'जग्गाधनी प्रमाण पुर्जा (लालपुर्जा)',
    'create',
    false,
  ],
];

const CHECKBOXES: [string, string][] = [
  ['Photo is clear and recent', 'फोटो स्पष्ट र हालसालैको छ'],
  ['Name matches the citizenship certificate', 'नाम नागरिकता प्रमाणपत्रसँग मिल्छ'],
  ['Document is legible', 'कागजात पढ्न सकिन्छ'],
  ['Stamp and signature are present', 'छाप र दस्तखत छ'],
];

/** The names of the roles, English and Nepali. */
const ROLE_NAMES: Record<string, [string, string]> = {
  user: ['Applicant', 'आवेदक'],
  wardadmin: ['Ward admin', 'वडा प्रशासक'],
  systemadmin: ['System admin', 'प्रणाली प्रशासक'],
};

/** Demo ward officials (fictional names). */
const CHAIRS: [string, string][] = [
  ['Ram Bahadur Shrestha', 'राम बहादुर श्रेष्ठ'],
  ['Krishna Prasad Maharjan', 'कृष्ण प्रसाद महर्जन'],
  ['Sita Devi Shakya', 'सीता देवी शाक्य'],
  ['Hari Krishna Dangol', 'हरि कृष्ण डंगोल'],
];
const SECRETARIES: [string, string][] = [
  ['Gita Kumari Tamang', 'गीता कुमारी तामाङ'],
  ['Bishnu Prasad Khanal', 'बिष्णु प्रसाद खनाल'],
  ['Anita Bajracharya', 'अनिता बज्राचार्य'],
];

/**
 * A permission's name in `lang`, from the catalogue's group and verb names (the slug is
 * `<verb>-<resource>`, src/shared/permissions.ts): 'verify-applications' → 'Applications: Verify'
 * / 'निवेदन: प्रमाणित गर्ने'. Seeded in both languages so the Nepali screens show Nepali.
 */
export function permissionName(slug: string, lang: Lang): string {
  const [verb, ...rest] = slug.split('-');
  const group = rest.join('-');
  return `${translate(lang, `permissionGroups.${group}`)}: ${translate(lang, `permissionVerbs.${verb}`)}`;
}

export async function seedReference(db: Db): Promise<void> {
  const data = await loadDivisions();
  await db.transaction(async (tx) => {
    await seedDivisions(tx, data);
    await restandardiseDivisionNames(tx, data);
    await seedPalika(tx);
    await seedFiscalYears(tx);
    await seedBusinessTypes(tx);
    await seedTaxSetups(tx);
    await seedDocumentSetup(tx);
    await seedRolesAndPermissions(tx);
  });
}

/** The demo palika's wards (with demo officials) and the palika and fee settings. */
async function seedPalika(tx: Tx) {
  const [palika] = await tx.select().from(cities).where(eq(cities.id, DEMO_PALIKA_CITY_ID));
  await tx
    .insert(wards)
    .values(
      Array.from({ length: palika.wardCount }, (_, i) => {
        const n = i + 1;
        const chair = CHAIRS[i % CHAIRS.length];
        const sec = SECRETARIES[i % SECRETARIES.length];
        return {
          cityId: palika.id,
          number: n,
          nameEn: `Ward No. ${n}`,
          nameNe: `वडा नं. ${toNepaliDigits(n)}`,
          chairNameEn: chair[0],
          chairNameNe: chair[1],
          secretaryNameEn: sec[0],
          secretaryNameNe: sec[1],
          addressEn: `${palika.nameEn}-${n}`,
          addressNe: `${palika.nameNe}-${toNepaliDigits(n)}`,
        };
      }),
    )
    .onConflictDoNothing();
  await tx
    .insert(settings)
    .values([
      // the names default to the local level's (settings screen, issue 17 §6); the office is
      // the demo palika's
      {
        key: 'palika',
        value: {
          cityId: palika.id,
          addressEn: `Pulchowk, ${palika.nameEn}`,
          addressNe: `पुल्चोक, ${palika.nameNe}`,
        },
      },
      { key: 'fees', value: { adminCost: 100 * RUPEE, rentTaxRatePercent: 10 } },
      { key: 'renewal', value: { windowDays: DEFAULT_RENEWAL_WINDOW_DAYS } },
    ])
    .onConflictDoNothing();
}

/** Fiscal years 2080/81 .. 2083/84; the one containing today is active and current. */
async function seedFiscalYears(tx: Tx) {
  const current = fiscalYearOf(todayAd()).code;
  await tx
    .insert(fiscalYears)
    .values(
      fiscalYearRange(2080, 2083).map((fy) => ({
        code: fy.code,
        slug: fy.slug,
        nameNe: fy.nameNe,
        startDate: fy.startAd,
        endDate: fy.endAd,
        isCurrent: fy.code === current,
        status: fy.code === current ? 1 : 0,
      })),
    )
    .onConflictDoNothing();
}

/** The demo business types. */
async function seedBusinessTypes(tx: Tx) {
  await tx
    .insert(businessTypes)
    .values(BUSINESS_TYPES.map(([slug, en, ne]) => ({ slug, nameEn: en, nameNe: ne })))
    .onConflictDoNothing();
}

/** The demo tax bands of every business type that has none in the current fiscal year. */
async function seedTaxSetups(tx: Tx) {
  const [activeFy] = await tx.select().from(fiscalYears).where(eq(fiscalYears.isCurrent, true));
  if (activeFy) {
    const types = await tx.select({ id: businessTypes.id }).from(businessTypes);
    const existing = await tx
      .select({ id: taxSetups.businessTypeId })
      .from(taxSetups)
      .where(eq(taxSetups.fiscalYearId, activeFy.id));
    const have = new Set(existing.map((e) => e.id));
    const rows = types
      .filter((t) => !have.has(t.id))
      .flatMap((t) =>
        TAX_BANDS.map(([min, max, tax, renew, fine, disc]) => ({
          businessTypeId: t.id,
          fiscalYearId: activeFy.id,
          minCapital: min,
          maxCapital: max,
          taxAmount: tax,
          renewAmount: renew,
          renewFine: fine,
          renewDiscount: disc,
          // issue 19: Rs. 500 an amendment, Rs. 1,000 a closure, Rs. 300 a duplicate
          amendmentFee: 50_000,
          closureFee: 100_000,
          duplicateFee: 30_000,
        })),
      );
    if (rows.length) await tx.insert(taxSetups).values(rows);
  }
}

/** The required files and the document checklist (only when it is empty). */
async function seedDocumentSetup(tx: Tx) {
  await tx
    .insert(requiredFiles)
    .values(
      REQUIRED_FILES.map(([slug, en, ne, requiredIn, isRequired]) => ({
        slug,
        nameEn: en,
        nameNe: ne,
        requiredIn,
        isRequired,
      })),
    )
    .onConflictDoNothing();
  const [{ n: checkboxCount }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(checkboxes);
  if (checkboxCount === 0) {
    await tx.insert(checkboxes).values(CHECKBOXES.map(([en, ne]) => ({ nameEn: en, nameNe: ne })));
  }
}

/** The roles, the permission catalogue, and which role has which permission. */
async function seedRolesAndPermissions(tx: Tx) {
  await tx
    .insert(roles)
    .values(
      ROLES.map((slug) => ({ slug, nameEn: ROLE_NAMES[slug][0], nameNe: ROLE_NAMES[slug][1] })),
    )
    .onConflictDoNothing();
  await tx
    .insert(permissions)
    .values(
      ALL_PERMISSIONS.map((slug) => ({
        slug,
        nameEn: permissionName(slug, 'en-US'),
        nameNe: permissionName(slug, 'ne'),
        groupName: slug.replace(/^(view|create|edit|delete)-/, ''),
      })),
    )
    .onConflictDoNothing();
  const roleRows = await tx.select().from(roles);
  const permRows = await tx.select().from(permissions);
  const permId = new Map(permRows.map((p) => [p.slug, p.id]));
  const links = roleRows.flatMap((r) =>
    (ROLE_PERMISSIONS[r.slug as keyof typeof ROLE_PERMISSIONS] ?? []).map((p) => ({
      roleId: r.id,
      permissionId: permId.get(p)!,
    })),
  );
  await tx.insert(rolePermissions).values(links).onConflictDoNothing();
}

export const DEMO_USERS = [
  {
    username: 'admin',
    name: 'System Administrator',
    phone: '9800000001',
    userType: 'systemadmin' as const,
    ward: null,
  },
  {
    username: 'ward1',
    name: 'Ward 1 Administrator',
    phone: '9800000002',
    userType: 'wardadmin' as const,
    ward: 1,
  },
  {
    username: 'applicant',
    name: 'Demo Applicant',
    phone: '9800000003',
    userType: 'user' as const,
    ward: null,
  },
];

/**
 * Demo logins (issue 2 §3), password Darta@2082; only in demo mode, never in production
 * (NODE_ENV=production: config.ts refuses DEMO=true; this is the last guard).
 */
export async function seedDemoUsers(db: Db): Promise<void> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('The demo logins are never created in production (NODE_ENV=production)');
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    for (const u of DEMO_USERS) {
      let wardId: number | null = null;
      if (u.ward) {
        const [w] = await tx
          .select({ id: wards.id })
          .from(wards)
          .where(and(eq(wards.cityId, DEMO_PALIKA_CITY_ID), eq(wards.number, u.ward)));
        wardId = w.id;
      }
      const inserted = await tx
        .insert(users)
        .values({
          name: u.name,
          username: u.username,
          phone: u.phone,
          passwordHash,
          gender: 'male',
          userType: u.userType,
          wardId,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (inserted.length) {
        const [role] = await tx
          .select({ id: roles.id })
          .from(roles)
          .where(eq(roles.slug, u.userType));
        await tx
          .insert(userRoles)
          .values({ userId: inserted[0].id, roleId: role.id })
          .onConflictDoNothing();
      }
    }
  });
}

export async function seed(db: Db, opts: { demo: boolean }): Promise<void> {
  await seedReference(db);
  if (opts.demo) await seedDemoUsers(db);
}

/** True when the database has no reference data yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(states);
  return n === 0;
}
