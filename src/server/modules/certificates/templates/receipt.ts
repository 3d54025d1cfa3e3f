/**
 * The payment receipt (issue 6 §8): bilingual (Nepali first, English under it), A5, printed by
 * the same PdfRenderer (../pdf.ts) and embedded Noto fonts (./common.ts) as the certificate.
 * Amounts are paisa, shown as रु. with Nepali grouping and as Rs.; dates are shown in BS.
 * Moved here from payments/receipt.ts.
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

/**
 * Self-contained HTML of the receipt, ready for PdfRenderer.render.
 * @param emblem the palika's emblem as a data URI (settings); the default emblem when not given
 */
export function renderReceiptHtml(
  v: ReceiptView,
  emblem: string = DEFAULT_EMBLEM_DATA_URI,
): string {
  const e = escapeHtml;
  const row = (ne: string, en: string, value: string, cls = '') =>
    `<tr class="${cls}"><th>${e(ne)}<span class="en">${e(en)}</span></th><td>${value}</td></tr>`;
  const money = (paisa: number) =>
    `${e(formatPaisa(paisa, 'ne'))}<span class="en">${e(formatPaisa(paisa, 'en-US'))}</span>`;
  const lines = LINES.filter(([k]) => v.lines[k] !== 0)
    .map(([k, ne, en]) => row(ne, en, money(k === 'discount' ? -v.lines[k] : v.lines[k])))
    .join('');
  const ch = CHANNEL[v.channel];
  const paid = bsDate(v.paidDate);
  return `<!doctype html><html lang="ne"><head><meta charset="utf-8"><title>${e(v.receiptNo)}</title><style>
${fontFaces()}
@page { size: A5; margin: 12mm; }
body { font-family: 'Noto Sans Devanagari', 'Noto Sans', sans-serif; font-size: 10.5pt; color: #1b1b1b; }
.en { display: block; font-family: 'Noto Sans', 'Noto Sans Devanagari', sans-serif; font-size: 8.5pt; color: #444; font-weight: 400; }
header { display: flex; align-items: center; justify-content: center; gap: 3mm; }
header img { width: 11mm; max-height: 13mm; object-fit: contain; }
header .office { text-align: center; font-size: 8pt; color: #444; }
header .office .en { font-size: 7.5pt; }
h1 { text-align: center; color: #8f1028; font-size: 15pt; margin: 0; }
h1 .en { font-size: 10pt; color: #8f1028; }
h2 { text-align: center; font-size: 13pt; margin: 4mm 0 2mm; letter-spacing: 0.05em; }
table { width: 100%; border-collapse: collapse; margin-top: 3mm; }
th, td { border-bottom: 0.3mm solid #ccc; padding: 1.6mm 1mm; text-align: left; vertical-align: top; }
td { text-align: right; }
tr.total th, tr.total td { font-weight: 700; border-top: 0.5mm solid #333; border-bottom: 0.5mm solid #333; }
.meta th { width: 45%; }
.meta td { text-align: left; }
footer { margin-top: 6mm; font-size: 8.5pt; color: #555; text-align: center; }
</style></head><body>
<header><img src="${e(emblem)}" alt=""><div><h1>${e(v.palika.ne)}<span class="en">${e(v.palika.en)}</span></h1>${officeLine(v.office)}</div></header>
<h2>भुक्तानी रसिद<span class="en">PAYMENT RECEIPT</span></h2>
<table class="meta">
${row('रसिद नं.', 'Receipt No.', `${e(toNepaliDigits(v.receiptNo))}<span class="en">${e(v.receiptNo)}</span>`)}
${row('मिति', 'Date', `${e(paid.ne)}<span class="en">${e(paid.en)}</span>`)}
${row('आर्थिक वर्ष', 'Fiscal year', `${e(v.fiscalYear.ne)}<span class="en">${e(v.fiscalYear.en)}</span>`)}
${row('वडा', 'Ward', `${e(toNepaliDigits(v.ward.number))} — ${e(v.ward.ne)}<span class="en">${e(v.ward.number)} — ${e(v.ward.en)}</span>`)}
${row('निवेदन नं.', 'Submission No.', e(v.submissionNo))}
${v.registrationNo ? row('दर्ता नं.', 'Registration No.', e(v.registrationNo)) : ''}
${row('व्यवसाय', 'Business', e(v.businessName))}
${row('धनी', 'Owner', e(v.ownerName))}
${row('भुक्तानी माध्यम', 'Paid through', `${e(ch.ne)}<span class="en">${e(ch.en)}${v.gatewayTxnId ? ` · ${e(v.gatewayTxnId)}` : ''}</span>`)}
</table>
<table>
${lines}
${row('जम्मा', 'Total', money(v.total), 'total')}
</table>
<footer>यो रसिद दर्ता प्रणालीबाट जारी गरिएको हो।<span class="en">Issued by the Darta system.</span></footer>
</body></html>`;
}
