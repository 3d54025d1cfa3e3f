/**
 * What the acknowledgement slip shows (issue 19 §4), read in one statement: the application
 * (scoped, lib/scope.ts), its ward, the palika's letter-head (settings/columns.ts), the
 * applicant's account name, the documents received, and the completed payments with their
 * receipt numbers. Amounts in paisa; dates AD (the template shows BS).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Service } from '../../../shared/lifecycle.js';
import type { Db } from '../../db/client.js';
import { applications, cities, users, wards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { scopeOf, type Actor } from '../../lib/scope.js';
import { palikaHeaderColumns } from '../settings/index.js';
import type { Bi } from './templates/common.js';

/** The slip's data; `received` names each document in both languages. */
export interface AcknowledgementView {
  id: number;
  submissionNo: string;
  service: Service;
  businessName: string;
  applicantName: string;
  applicantPhone: string;
  submittedOn: string;
  ward: { number: number; en: string; ne: string };
  palika: Bi;
  office: { address: Bi; phone: string; email: string };
  received: Bi[];
  payments: { receiptNo: string; paidDate: string; total: number }[];
}

/** Names of the documents that are not required files (those carry their own names). */
const KIND_NAMES: Record<string, Bi> = {
  photo: { en: 'Photo', ne: 'फोटो' },
  citizenship: { en: 'Citizenship document', ne: 'नागरिकता प्रमाणपत्र' },
  'old-certificate': { en: 'Old registration certificate', ne: 'पुरानो दर्ता प्रमाणपत्र' },
  'renew-proof': { en: 'Renewal proof', ne: 'नवीकरणको प्रमाण' },
};

/** The slip of application `id`; 404 when it is not visible to the actor. */
export async function acknowledgementView(
  db: Db,
  actor: Actor,
  id: number,
): Promise<AcknowledgementView> {
  const [row] = await db
    .select({
      a: applications,
      w: wards,
      applicant: users.name,
      header: palikaHeaderColumns(cities),
      documents: sql<{ kind: string; en: string | null; ne: string | null }[]>`(select
        coalesce(json_agg(json_build_object('kind', d.kind, 'en', r.name_en, 'ne', r.name_ne)
          order by d.id), '[]'::json)
        from application_documents d left join required_files r on r.id = d.required_file_id
        where d.application_id = ${applications.id})`,
      payments: sql<AcknowledgementView['payments']>`(select
        coalesce(json_agg(json_build_object('receiptNo', p.receipt_no, 'paidDate', p.paid_date,
          'total', p.total) order by p.id), '[]'::json)
        from payments p where p.application_id = ${applications.id}
          and p.pay_status = 'completed' and p.receipt_no is not null)`,
    })
    .from(applications)
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(
      cities,
      eq(
        cities.id,
        sql`coalesce((select (s.value->>'cityId')::int from settings s where s.key = 'palika'), ${wards.cityId})`,
      ),
    )
    .where(and(eq(applications.id, id), isNull(applications.deletedOn), scopeOf(actor)));
  if (!row) throw AppError.notFound();
  const { a, w, header: h } = row;
  return {
    id: a.id,
    submissionNo: a.submissionNo,
    service: a.service,
    businessName: a.businessName,
    applicantName: row.applicant,
    applicantPhone: a.applicantContact,
    submittedOn: a.submissionDate,
    ward: { number: w.number, en: w.nameEn, ne: w.nameNe },
    palika: { en: h.nameEn, ne: h.nameNe },
    office: { address: { en: h.addressEn, ne: h.addressNe }, phone: h.phone, email: h.email },
    received: receivedOf(row.documents, a),
    payments: row.payments,
  };
}

/** The documents received, then a renewal's proof and an old certificate kept on the row. */
function receivedOf(
  docs: { kind: string; en: string | null; ne: string | null }[],
  a: { renewProofFileId: number | null; oldCertificateFileId: number | null },
): Bi[] {
  const kinds = new Set(docs.map((d) => d.kind));
  const out = docs.map((d) =>
    d.en && d.ne ? { en: d.en, ne: d.ne } : (KIND_NAMES[d.kind] ?? { en: d.kind, ne: d.kind }),
  );
  if (a.renewProofFileId && !kinds.has('renew-proof')) out.push(KIND_NAMES['renew-proof']);
  if (a.oldCertificateFileId && !kinds.has('old-certificate'))
    out.push(KIND_NAMES['old-certificate']);
  return out;
}
