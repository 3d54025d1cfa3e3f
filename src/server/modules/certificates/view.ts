/**
 * What a registration certificate shows (the web certificate page and the PDF), read in one
 * statement: the application (scoped), its latest certificate, the palika (settings `palika`
 * → cityId, else the ward's city) with its district and province and its settings' names, office
 * and emblem (subselects, settings/columns.ts), the ward, the permanent address, the business
 * type, the certificate's fiscal year and the owners (json_agg).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CertificateView } from '../../../shared/schemas/certificate.js';
import type { Db } from '../../db/client.js';
import { applications, businessTypes, certificates, fiscalYears, wards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { placeAliases } from '../../lib/places.js';
import { scopeOf, type Actor } from '../../lib/scope.js';
import { emblemUrl } from '../../../shared/schemas/settings.js';
import { palikaHeaderColumns } from '../settings/index.js';

const { city: pCity, district: pDistrict, state: pState } = placeAliases('palika');
const { city: hCity, district: hDistrict, state: hState } = placeAliases('home');

/** English and Nepali of a name; Nepali falls back to English. */
const bi = (en: string | null, ne: string | null) => ({ en: en ?? '', ne: ne ?? en ?? '' });

/** 404 unless application `id` is visible, approved (or later terminated) and certified. */
export async function certificateView(db: Db, actor: Actor, id: number): Promise<CertificateView> {
  const row = await certificateRow(db, actor, id);
  const a = row?.a;
  if (!row || !a.registrationNo || !a.registrationDate || !a.expiryDate) throw AppError.notFound();
  const { cert, ward, bt, fy, palika: p, home: h, owners, header: s } = row;
  return {
    applicationId: a.id,
    registrationNo: a.registrationNo,
    verifyCode: cert.verifyCode,
    fiscalYear: { en: fy.code, ne: fy.nameNe },
    palika: {
      name: bi(p.name, p.nameNe),
      category: bi(p.category, p.categoryNe),
      district: bi(p.district, p.districtNe),
      province: bi(p.province, p.provinceNe),
      title: { en: s.nameEn, ne: s.nameNe },
      emblemUrl: emblemUrl(s.emblemVersion),
      office: { address: { en: s.addressEn, ne: s.addressNe }, phone: s.phone, email: s.email },
    },
    ward: {
      number: ward.number,
      name: bi(ward.nameEn, ward.nameNe),
      chairName: bi(ward.chairNameEn, ward.chairNameNe),
      secretaryName: bi(ward.secretaryNameEn, ward.secretaryNameNe),
      address: bi(ward.addressEn, ward.addressNe),
    },
    businessName: a.businessName,
    ownerName: a.ownerName,
    fatherOrHusbandName: a.fatherOrHusbandName,
    // A single-owner registration keeps its owner in the application row (registrations/owners.ts).
    owners: owners.length
      ? owners
      : [{ name: a.ownerName, fatherOrHusbandName: a.fatherOrHusbandName }],
    firmName: a.firmName,
    businessType: bi(bt.nameEn, bt.nameNe),
    description: a.description,
    location: { address: a.locAddress, tole: a.locTole, mobile: a.locMobile },
    permanentAddress: {
      province: bi(h.province, h.provinceNe),
      district: bi(h.district, h.districtNe),
      city: bi(h.city, h.cityNe),
      wardNo: a.permWardNo,
      tole: a.permTole,
      chowk: a.permChowk,
    },
    capital: { max: a.capitalMax, current: a.capitalCurrent, paidUp: a.capitalPaidUp },
    registrationDate: a.registrationDate,
    expiryDate: a.expiryDate,
    issuedAt: cert.issuedAt.toISOString(),
    revoked: !!cert.revokedAt || a.appStatus === 'cancelled',
    kind: cert.kind,
  };
}

/**
 * The one statement: application `id` (scoped to `actor`) with its latest certificate, the
 * places, ward, business type and fiscal year it names, and its owners by position (json, []
 * for a single owner); undefined when there is none.
 */
async function certificateRow(db: Db, actor: Actor, id: number) {
  const [row] = await db
    .select({
      a: applications,
      cert: certificates,
      ward: wards,
      bt: businessTypes,
      fy: fiscalYears,
      palika: {
        name: pCity.nameEn,
        nameNe: pCity.nameNe,
        category: pCity.categoryEn,
        categoryNe: pCity.categoryNe,
        district: pDistrict.nameEn,
        districtNe: pDistrict.nameNe,
        province: pState.nameEn,
        provinceNe: pState.nameNe,
      },
      header: palikaHeaderColumns(pCity),
      home: {
        city: hCity.nameEn,
        cityNe: hCity.nameNe,
        district: hDistrict.nameEn,
        districtNe: hDistrict.nameNe,
        province: hState.nameEn,
        provinceNe: hState.nameNe,
      },
      owners: sql<{ name: string; fatherOrHusbandName: string | null }[]>`(select
        coalesce(json_agg(json_build_object('name', o.name,
          'fatherOrHusbandName', o.father_or_husband_name) order by o.position), '[]'::json)
        from application_owners o where o.application_id = ${applications.id})`,
    })
    .from(applications)
    .innerJoin(
      certificates,
      eq(
        certificates.id,
        sql`(select max(c.id) from certificates c where c.application_id = ${applications.id})`,
      ),
    )
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
    .innerJoin(fiscalYears, eq(fiscalYears.id, certificates.fiscalYearId))
    .innerJoin(
      pCity,
      eq(
        pCity.id,
        sql`coalesce((select (s.value->>'cityId')::int from settings s where s.key = 'palika'), ${wards.cityId})`,
      ),
    )
    .innerJoin(pDistrict, eq(pDistrict.id, pCity.districtId))
    .innerJoin(pState, eq(pState.id, pDistrict.stateId))
    .innerJoin(hCity, eq(hCity.id, applications.permCityId))
    .innerJoin(hDistrict, eq(hDistrict.id, hCity.districtId))
    .innerJoin(hState, eq(hState.id, hDistrict.stateId))
    .where(and(eq(applications.id, id), isNull(applications.deletedOn), scopeOf(actor)));
  return row;
}
