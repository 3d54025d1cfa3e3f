/**
 * The closure letter (खारेजी पत्र, issue 19 §2): what the palika gives the owner once a closure
 * request is approved — its letter-head, the registration closed, the date it closed, the
 * reason, and the arrears and fees paid for it. Data in one statement (`closureLetterView`),
 * HTML for PdfRenderer (`renderClosureLetterHtml`): A4, Nepali first with English beneath,
 * dates in BS, amounts in रु. with Nepali digits and in Rs.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { formatPaisa, toNepaliDigits } from '../../../shared/format.js';
import type { Db } from '../../db/client.js';
import { applications, businessTypes, cities, wards } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { scopeOf, type Actor } from '../../lib/scope.js';
import { DEFAULT_EMBLEM_DATA_URI, palikaHeaderColumns } from '../settings/index.js';
import { bsDate, escapeHtml, fontFaces } from './templates/common.js';

export interface ClosureLetterView {
  palika: { en: string; ne: string };
  office: { en: string; ne: string; phone: string; email: string };
  /** the closure request's submission number, the letter's reference */
  reference: string;
  registrationNo: string;
  /** AD */
  registrationDate: string | null;
  /** AD */
  closedOn: string;
  businessName: string;
  ownerName: string;
  businessType: { en: string; ne: string };
  ward: { number: number; en: string; ne: string };
  reason: string;
  /** completed payments of the closure request (arrears and fees), paisa */
  payments: { receiptNo: string | null; total: number }[];
}

/**
 * The closure letter of registration `id` (or of its closure request): 404 unless the actor
 * sees it, and 409 `errors.notClosed` until a closure request about it is approved.
 */
export async function closureLetterView(
  db: Db,
  actor: Actor,
  id: number,
): Promise<ClosureLetterView> {
  const [seen] = await db
    .select({ id: applications.id, subjectId: applications.subjectId })
    .from(applications)
    .where(and(eq(applications.id, id), scopeOf(actor)));
  if (!seen) throw AppError.notFound();
  const regId = seen.subjectId ?? seen.id;
  const [row] = await db
    .select({
      a: applications,
      w: wards,
      bt: { en: businessTypes.nameEn, ne: businessTypes.nameNe },
      header: palikaHeaderColumns(cities),
      request: sql<{
        submissionNo: string;
        reason: string | null;
        payments: { receiptNo: string | null; total: number }[];
      } | null>`(select json_build_object('submissionNo', r.submission_no,
          'reason', r.service_data ->> 'reason',
          'payments', (select coalesce(json_agg(json_build_object('receiptNo', p.receipt_no,
            'total', p.total) order by p.id), '[]'::json) from payments p
            where p.application_id = r.id and p.pay_status = 'completed'))
        from applications r where r.subject_id = ${applications.id} and r.service = 'closure'
          and r.app_status = 'approved' and r.deleted_on is null order by r.id desc limit 1)`,
    })
    .from(applications)
    .innerJoin(wards, eq(wards.id, applications.wardId))
    .innerJoin(businessTypes, eq(businessTypes.id, applications.businessTypeId))
    .leftJoin(
      cities,
      eq(
        cities.id,
        sql`coalesce((select (s.value->>'cityId')::int from settings s where s.key = 'palika'), ${wards.cityId})`,
      ),
    )
    .where(eq(applications.id, regId))
    .orderBy(desc(applications.id));
  if (!row) throw AppError.notFound();
  const { a, w, header: h, request } = row;
  if (a.appStatus !== 'closed' || !a.closedOn || !request || !a.registrationNo)
    throw AppError.conflict('errors.notClosed');
  return {
    palika: { en: h.nameEn, ne: h.nameNe },
    office: { en: h.addressEn, ne: h.addressNe, phone: h.phone, email: h.email },
    reference: request.submissionNo,
    registrationNo: a.registrationNo,
    registrationDate: a.registrationDate,
    closedOn: a.closedOn,
    businessName: a.businessName,
    ownerName: a.ownerName,
    businessType: row.bt,
    ward: { number: w.number, en: w.nameEn, ne: w.nameNe },
    reason: request.reason ?? '',
    payments: request.payments.map((p) => ({ ...p, total: Number(p.total) })),
  };
}

const e = escapeHtml;

/** One row of the details table: bilingual label, the Nepali value, the English one beneath. */
function row(ne: string, en: string, valueNe: string, valueEn = valueNe): string {
  return `<tr><th>${e(ne)}<span class="en">${e(en)}</span></th><td>${e(valueNe)}${
    valueEn !== valueNe ? `<span class="en">${e(valueEn)}</span>` : ''
  }</td></tr>`;
}

/**
 * Self-contained HTML of the closure letter, ready for PdfRenderer.render (one A4 page).
 * @param emblem the palika's emblem as a data URI (settings); the default when not given
 */
export function renderClosureLetterHtml(
  v: ClosureLetterView,
  emblem: string = DEFAULT_EMBLEM_DATA_URI,
): string {
  const closed = bsDate(v.closedOn);
  const registered = v.registrationDate ? bsDate(v.registrationDate) : { ne: '—', en: '—' };
  const paid = v.payments.reduce((n, p) => n + p.total, 0);
  const receipts = v.payments
    .map((p) => p.receiptNo)
    .filter(Boolean)
    .join(', ');
  const office = [v.office.ne, v.office.phone && toNepaliDigits(v.office.phone), v.office.email]
    .filter(Boolean)
    .map(e)
    .join(' · ');
  return `<!doctype html><html lang="ne"><head><meta charset="utf-8"><title>${e(v.registrationNo)}</title><style>
${fontFaces()}
@page { size: A4; margin: 18mm 20mm; }
body { margin: 0; font-family: 'Noto Sans Devanagari', 'Noto Sans', sans-serif; font-size: 11pt; line-height: 1.5; color: #1b1b1b; }
.en { display: block; font-family: 'Noto Sans', 'Noto Sans Devanagari', sans-serif; font-size: 0.85em; color: #444; font-weight: 400; }
header { display: flex; align-items: center; justify-content: center; gap: 4mm; text-align: center; }
header img { width: 18mm; max-height: 20mm; object-fit: contain; }
h1 { color: #8f1028; font-size: 16pt; margin: 0; }
.office { font-size: 9pt; color: #444; }
h2 { text-align: center; font-size: 14pt; margin: 8mm 0 2mm; }
.ref { display: flex; justify-content: space-between; font-size: 10pt; margin-top: 6mm; }
p { margin: 4mm 0; text-align: justify; }
table { width: 100%; border-collapse: collapse; margin: 4mm 0; }
th, td { text-align: left; vertical-align: top; padding: 1.6mm 2mm; border-bottom: 0.25mm solid #ccc; }
th { width: 38%; font-weight: 400; color: #555; font-size: 10pt; }
td { font-weight: 700; overflow-wrap: anywhere; }
.sign { margin-top: 24mm; display: flex; justify-content: flex-end; }
.sign div { border-top: 0.3mm solid #333; padding-top: 2mm; text-align: center; min-width: 60mm; font-size: 10pt; }
</style></head><body>
<header><img src="${e(emblem)}" alt=""><div><h1>${e(v.palika.ne)}<span class="en">${e(v.palika.en)}</span></h1>${office ? `<div class="office">${office}</div>` : ''}</div></header>
<div class="ref"><div>पत्र सङ्ख्या / Ref.: ${e(v.reference)}</div><div>मिति / Date: ${e(closed.ne)}<span class="en">${e(closed.en)}</span></div></div>
<h2>व्यवसाय दर्ता खारेजी पत्र<span class="en">Business Registration Closure Letter</span></h2>
<p>श्री ${e(v.ownerName)},<br>तपाईंको निवेदनबमोजिम देहायको व्यवसायको दर्ता मिति ${e(closed.ne)} देखि खारेज गरिएको व्यहोरा जानकारी गराइन्छ। यस मितिपछि यो दर्ताको नवीकरण हुने छैन।<span class="en">At your request, the registration of the business below is closed from ${e(closed.en)} It will not be renewed after this date.</span></p>
<table>
${row('दर्ता नं.', 'Registration No.', toNepaliDigits(v.registrationNo), v.registrationNo)}
${row('व्यवसायको नाम', 'Business name', v.businessName)}
${row('धनी', 'Owner', v.ownerName)}
${row('व्यवसायको प्रकार', 'Business type', v.businessType.ne, v.businessType.en)}
${row('वडा', 'Ward', `${toNepaliDigits(v.ward.number)} — ${v.ward.ne}`, `${v.ward.number} — ${v.ward.en}`)}
${row('दर्ता मिति', 'Registered on', registered.ne, registered.en)}
${row('खारेज मिति', 'Closed on', closed.ne, closed.en)}
${row('कारण', 'Reason', v.reason)}
${row('बुझाएको बक्यौता र दस्तुर', 'Arrears and fees paid', formatPaisa(paid, 'ne'), `${formatPaisa(paid, 'en-US')}${receipts ? ` (${receipts})` : ''}`)}
</table>
<div class="sign"><div>अधिकृत<span class="en">Authorised officer</span></div></div>
</body></html>`;
}
