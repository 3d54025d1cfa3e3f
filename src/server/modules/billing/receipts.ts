/**
 * What a payment receipt shows (the receipt page and its A5 PDF), read in one statement: the
 * completed payment, its application (scoped), ward, fiscal year and the palika (settings
 * `palika` → cityId, else the ward's city; its names and office from the settings, read with
 * subselects, settings/columns.ts). Amounts in paisa; dates AD.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { ReceiptView } from '../../../shared/schemas/payments.js';
import type { Db } from '../../db/client.js';
import { applications, cities, fiscalYears, payments, wards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { scopeOf, type Actor } from '../../lib/scope.js';
import { palikaHeaderColumns } from '../settings/index.js';

/** The receipt of payment `id`; 404 unless completed, numbered and visible to the actor. */
export async function receiptView(db: Db, actor: Actor, id: number): Promise<ReceiptView> {
  const [row] = await db
    .select({
      p: payments,
      a: applications,
      w: wards,
      fy: fiscalYears,
      header: palikaHeaderColumns(cities),
      // a renewal's or a request's receipt names the registration it is about (issue 19)
      registrationNo: sql<string | null>`coalesce(${applications.registrationNo},
        (select r.registration_no from applications r
          where r.id = coalesce(${applications.renewalOfId}, ${applications.subjectId})))`,
    })
    .from(payments)
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .innerJoin(fiscalYears, eq(fiscalYears.id, payments.fiscalYearId))
    .leftJoin(
      cities,
      eq(
        cities.id,
        sql`coalesce((select (s.value->>'cityId')::int from settings s where s.key = 'palika'), ${wards.cityId})`,
      ),
    )
    .where(and(eq(payments.id, id), eq(payments.payStatus, 'completed'), scopeOf(actor)));
  if (!row || !row.p.receiptNo || !row.p.paidDate) throw AppError.notFound();
  const { p, a, w, fy, header: h } = row;
  return {
    receiptNo: p.receiptNo!,
    paidDate: p.paidDate!,
    channel: p.channel,
    gatewayTxnId: p.gatewayTxnId,
    palika: { en: h.nameEn, ne: h.nameNe },
    office: { address: { en: h.addressEn, ne: h.addressNe }, phone: h.phone, email: h.email },
    ward: { number: w.number, en: w.nameEn, ne: w.nameNe },
    submissionNo: a.submissionNo,
    registrationNo: row.registrationNo,
    businessName: a.businessName,
    ownerName: a.ownerName,
    lines: {
      businessTax: p.businessTax,
      fine: p.fine,
      rentTax: p.rentTax,
      adminCost: p.adminCost,
      serviceFee: p.serviceFee,
      discount: p.discount,
    },
    total: p.total,
    fiscalYear: { en: fy.code, ne: fy.nameNe },
  };
}
