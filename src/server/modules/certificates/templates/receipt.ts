/**
 * The payment receipt (issue 6 §8): bilingual (Nepali first, English under it), A5, printed by
 * the same PdfRenderer (../pdf.ts) and embedded Noto fonts (./common.ts) as the certificate.
 * Amounts are paisa, shown as रु. with Nepali grouping and as Rs.; dates are shown in BS.
 * Moved here from payments/receipt.ts. The layout fits one A5 page whatever the data (issue 17 §5).
 */
import { formatPaisa, toNepaliDigits } from '../../../../shared/format.js';
import type { ReceiptView } from '../../../../shared/schemas/payments.js';
import { DEFAULT_EMBLEM_DATA_URI } from '../../settings/index.js';
import { bsDate, escapeHtml, fontFaces, type Bi } from './common.js';

const CHANNEL: Record<ReceiptView['channel'], Bi> = {
  counter: { en: 'Counter', ne: 'काउन्टर' },
  bank: { en: 'Bank deposit', ne: 'बैंक दाखिला' },
  esewa: { en: 'eSewa', ne: 'इसेवा' },
  khalti: { en: 'Khalti', ne: 'खल्ती' },
};

const LINES: [keyof ReceiptView['lines'], string, string][] = [
  ['businessTax', 'व्यवसाय कर', 'Business tax'],
  ['fine', 'जरिवाना', 'Fine'],
  ['rentTax', 'घर बहाल कर', 'Rent tax'],
  ['adminCost', 'प्रशासनिक खर्च', 'Administrative cost'],
  ['serviceFee', 'सेवा शुल्क', 'Service fee'],
  ['discount', 'छुट', 'Discount'],
];

/** The palika office's address and contact on one line ('' when none is set; issue 17 §6). */
function officeLine({ address, phone, email }: ReceiptView['office']): string {
  const e = escapeHtml;
  const parts = [address.ne, phone && toNepaliDigits(phone), email].filter(Boolean).map(e);
  return parts.length
    ? `<div class="office">${parts.join(' · ')}${address.en ? `<span class="en">${e(address.en)}</span>` : ''}</div>`
    : '';
}

/** One field of the details grid: bilingual label, the value (escaped HTML), `wide` spans both columns. */
function field(ne: string, en: string, valueHtml: string, wide = false): string {
  return (
    `<div class="f${wide ? ' wide' : ''}"><div class="k">${escapeHtml(ne)} <span class="en">/ ${escapeHtml(en)}</span></div>` +
    `<div class="v">${valueHtml}</div></div>`
  );
}

/** A value with its Nepali form on the first line and the English one beneath. */
function both(ne: string, en: string): string {
  return `${escapeHtml(ne)}<span class="en">${escapeHtml(en)}</span>`;
}

/** The details of the receipt as a two-column grid (names span both, clamped to 2 lines). */
function detailsHtml(v: ReceiptView): string {
  const ch = CHANNEL[v.channel];
  const paid = bsDate(v.paidDate);
  const txn = v.gatewayTxnId ? ` · ${v.gatewayTxnId}` : '';
  return `<div class="grid">
${field('रसिद नं.', 'Receipt No.', both(toNepaliDigits(v.receiptNo), v.receiptNo))}
${field('मिति', 'Date', both(paid.ne, paid.en))}
${field('आर्थिक वर्ष', 'Fiscal year', both(v.fiscalYear.ne, v.fiscalYear.en))}
${field('वडा', 'Ward', both(`${toNepaliDigits(v.ward.number)} — ${v.ward.ne}`, `${v.ward.number} — ${v.ward.en}`))}
${field('निवेदन नं.', 'Submission No.', escapeHtml(v.submissionNo))}
${field('दर्ता नं.', 'Registration No.', escapeHtml(v.registrationNo ?? '—'))}
${field('व्यवसाय', 'Business', `<span class="clamp">${escapeHtml(v.businessName)}</span>`, true)}
${field('धनी', 'Owner', `<span class="clamp">${escapeHtml(v.ownerName)}</span>`, true)}
${field('भुक्तानी माध्यम', 'Paid through', both(ch.ne, `${ch.en}${txn}`), true)}
</div>`;
}

/** The fee lines and the total: particulars, amount in रु. (Nepali digits), amount in Rs. */
function linesHtml(v: ReceiptView): string {
  const line = (ne: string, en: string, paisa: number, cls = '') =>
    `<tr class="${cls}"><th>${escapeHtml(ne)} <span class="en">/ ${escapeHtml(en)}</span></th>` +
    `<td>${escapeHtml(formatPaisa(paisa, 'ne'))}</td><td class="en">${escapeHtml(formatPaisa(paisa, 'en-US'))}</td></tr>`;
  const lines = LINES.filter(([k]) => v.lines[k] !== 0)
    .map(([k, ne, en]) => line(ne, en, k === 'discount' ? -v.lines[k] : v.lines[k]))
    .join('');
  return `<table class="lines">
<thead><tr><th>विवरण <span class="en">/ Particulars</span></th><th>रकम</th><th class="en">Amount</th></tr></thead>
<tbody>${lines}${line('जम्मा', 'Total', v.total, 'total')}</tbody>
</table>`;
}

/**
 * Self-contained HTML of the receipt, ready for PdfRenderer.render: one A5 page (issue 17 §5)
 * with every fee line, names of the longest allowed length (clamped to 2 lines) and Nepali.
 * @param emblem the palika's emblem as a data URI (settings, issue 17 §6); the default when not given
 */
export function renderReceiptHtml(
  v: ReceiptView,
  emblem: string = DEFAULT_EMBLEM_DATA_URI,
): string {
  const e = escapeHtml;
  return `<!doctype html><html lang="ne"><head><meta charset="utf-8"><title>${e(v.receiptNo)}</title><style>
${fontFaces()}
@page { size: A5; margin: 10mm 11mm; }
html, body { margin: 0; padding: 0; }
/* One page: the body is the A5 page's content box (148 × 210 mm less the margins; 1 mm less high
   for rounding; sized in mm because the shrink runs before printing, at screen width),
   and <main data-fit> below the title takes the rest; PdfRenderer lowers --fit (1 → 0.6) when
   its content would overflow, and the em-sized text and spacing shrink with it. */
body { width: 126mm; height: 189mm; display: flex; flex-direction: column; overflow: hidden; font-family: 'Noto Sans Devanagari', 'Noto Sans', sans-serif; font-size: 10pt; line-height: 1.35; color: #1b1b1b; }
.en { font-family: 'Noto Sans', 'Noto Sans Devanagari', sans-serif; font-size: 0.85em; color: #444; font-weight: 400; }
h1 { text-align: center; color: #8f1028; font-size: 14pt; line-height: 1.3; margin: 0; flex: none; max-height: 36mm; overflow: hidden; }
h1 .en, h2 .en { display: block; }
h1 .en { font-size: 9.5pt; color: #8f1028; }
h2 { text-align: center; font-size: 12pt; line-height: 1.3; margin: 2.5mm 0 1mm; letter-spacing: 0.05em; flex: none; }
h2 .en { font-size: 8.5pt; letter-spacing: 0.15em; }
main { flex: 1 1 0; min-height: 0; overflow: hidden; font-size: calc(10pt * var(--fit, 1)); }
.grid { display: grid; grid-template-columns: 1fr 1fr; column-gap: 5mm; border-top: 0.4mm solid #333; }
.f { padding: 0.4em 0; border-bottom: 0.25mm solid #ccc; min-width: 0; }
.f.wide { grid-column: 1 / -1; }
.k { font-size: 0.85em; color: #555; }
.k .en { font-size: 0.9em; color: #666; }
.v { font-weight: 700; overflow-wrap: anywhere; }
.v .en { display: block; font-weight: 400; }
.clamp { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
table.lines { width: 100%; border-collapse: collapse; margin-top: 1.1em; }
.lines th, .lines td { border-bottom: 0.25mm solid #ccc; padding: 0.4em 0.3em; text-align: left; font-weight: 400; }
.lines td { text-align: right; white-space: nowrap; }
.lines thead th { font-size: 0.85em; color: #555; border-bottom: 0.4mm solid #333; }
.lines thead th + th { text-align: right; }
.lines td.en { font-size: 0.9em; color: #333; }
.lines tr.total th, .lines tr.total td { font-weight: 700; font-size: 1.1em; border-top: 0.5mm solid #333; border-bottom: 0.5mm double #333; }
footer { margin-top: 1.5em; font-size: 0.85em; color: #555; text-align: center; }
footer .en { display: block; font-size: 0.9em; }
header { display: flex; align-items: center; justify-content: center; gap: 3mm; flex: none; }
header img { width: 11mm; max-height: 13mm; object-fit: contain; }
header .office { text-align: center; font-size: 7.5pt; color: #444; }
header .office .en { display: block; font-size: 7pt; }
</style></head><body>
<header><img src="${e(emblem)}" alt=""><div><h1>${e(v.palika.ne)}<span class="en">${e(v.palika.en)}</span></h1>${officeLine(v.office)}</div></header>
<h2>भुक्तानी रसिद<span class="en">PAYMENT RECEIPT</span></h2>
<main data-fit>
${detailsHtml(v)}
${linesHtml(v)}
<footer>यो रसिद दर्ता प्रणालीबाट जारी गरिएको हो।<span class="en">Issued by the Darta system.</span></footer>
</main>
</body></html>`;
}
