/**
 * The acknowledgement slip (issue 19 §4) given to an applicant at the counter: bilingual
 * (Nepali first, English under it), A5, on the palika's letter-head, with what was received, the
 * fees paid and a QR code that opens the public status page `/track/<code>`. Printed by the same
 * PdfRenderer (../pdf.ts) and embedded Noto fonts (./common.ts) as the receipt.
 */
import { formatPaisa, toNepaliDigits } from '../../../../shared/format.js';
import type { Service } from '../../../../shared/lifecycle.js';
import { DEFAULT_EMBLEM_DATA_URI } from '../../settings/index.js';
import type { AcknowledgementView } from '../acknowledgement.js';
import { bsDate, escapeHtml, fontFaces, type Bi } from './common.js';

const SERVICE: Record<Service, Bi> = {
  registration: { ne: 'व्यवसाय दर्ता', en: 'Registration' },
  renewal: { ne: 'नवीकरण', en: 'Renewal' },
  amendment: { ne: 'संशोधन', en: 'Amendment' },
  closure: { ne: 'व्यवसाय खारेजी', en: 'Closure' },
  duplicate: { ne: 'प्रमाणपत्रको प्रतिलिपि', en: 'Duplicate certificate' },
};

const e = escapeHtml;

/** A value with its Nepali form first and the English one beneath. */
const both = (ne: string, en: string) => `${e(ne)}<span class="en">${e(en)}</span>`;

/** One field of the details grid: bilingual label and value HTML; `wide` spans both columns. */
function field(label: Bi, valueHtml: string, wide = false): string {
  return (
    `<div class="f${wide ? ' wide' : ''}"><div class="k">${e(label.ne)} <span class="en">/ ${e(label.en)}</span></div>` +
    `<div class="v">${valueHtml}</div></div>`
  );
}

/** The palika office's address and contact on one line ('' when none is set). */
function officeLine({ address, phone, email }: AcknowledgementView['office']): string {
  const parts = [address.ne, phone && toNepaliDigits(phone), email].filter(Boolean).map(e);
  return parts.length
    ? `<div class="office">${parts.join(' · ')}${address.en ? `<span class="en">${e(address.en)}</span>` : ''}</div>`
    : '';
}

/** The application's details. */
function detailsHtml(v: AcknowledgementView): string {
  const s = SERVICE[v.service];
  const on = bsDate(v.submittedOn);
  return `<div class="grid">
${field({ ne: 'निवेदन नं.', en: 'Submission No.' }, both(toNepaliDigits(v.submissionNo), v.submissionNo))}
${field({ ne: 'मिति', en: 'Date' }, both(on.ne, on.en))}
${field({ ne: 'सेवा', en: 'Service' }, both(s.ne, s.en))}
${field({ ne: 'वडा', en: 'Ward' }, both(`${toNepaliDigits(v.ward.number)} — ${v.ward.ne}`, `${v.ward.number} — ${v.ward.en}`))}
${field({ ne: 'व्यवसाय', en: 'Business' }, `<span class="clamp">${e(v.businessName)}</span>`, true)}
${field({ ne: 'निवेदक', en: 'Applicant' }, `<span class="clamp">${e(v.applicantName)}</span><span class="en">${e(v.applicantPhone)}</span>`, true)}
</div>`;
}

/** The documents received, numbered. */
function receivedHtml(v: AcknowledgementView): string {
  const items = v.received.map((d) => `<li>${e(d.ne)} <span class="en">/ ${e(d.en)}</span></li>`);
  return `<h3>प्राप्त कागजात <span class="en">/ Documents received</span></h3>
<ol class="docs">${items.join('') || '<li>—</li>'}</ol>`;
}

/** The fees paid: one line per receipt, and the total (or "not paid yet"). */
function paidHtml(v: AcknowledgementView): string {
  if (!v.payments.length)
    return `<h3>शुल्क <span class="en">/ Fee</span></h3><p class="none">${both('अझै भुक्तानी भएको छैन', 'Not paid yet')}</p>`;
  const total = v.payments.reduce((t, p) => t + p.total, 0);
  const row = (label: string, paisa: number, cls = '') =>
    `<tr class="${cls}"><th>${label}</th><td>${e(formatPaisa(paisa, 'ne'))}</td><td class="en">${e(formatPaisa(paisa, 'en-US'))}</td></tr>`;
  const lines = v.payments.map((p) => {
    const d = bsDate(p.paidDate);
    return row(
      `${e(toNepaliDigits(p.receiptNo))} <span class="en">${e(p.receiptNo)} · ${e(d.en)}</span>`,
      p.total,
    );
  });
  return `<h3>बुझाएको शुल्क <span class="en">/ Fee paid</span></h3>
<table class="lines"><thead><tr><th>रसिद नं. <span class="en">/ Receipt No.</span></th><th>रकम</th><th class="en">Amount</th></tr></thead>
<tbody>${lines.join('')}${row('जम्मा <span class="en">/ Total</span>', total, 'total')}</tbody></table>`;
}

/**
 * Self-contained HTML of the slip, ready for PdfRenderer.render (one A5 page).
 * @param track the public status page's URL and its QR code as SVG
 * @param emblem the palika's emblem as a data URI (settings); the default when not given
 */
export function renderAcknowledgementHtml(
  v: AcknowledgementView,
  track: { url: string; qrSvg: string },
  emblem: string = DEFAULT_EMBLEM_DATA_URI,
): string {
  return `<!doctype html><html lang="ne"><head><meta charset="utf-8"><title>${e(v.submissionNo)}</title><style>
${fontFaces()}
@page { size: A5; margin: 10mm 11mm; }
html, body { margin: 0; padding: 0; }
body { width: 126mm; height: 189mm; display: flex; flex-direction: column; overflow: hidden; font-family: 'Noto Sans Devanagari', 'Noto Sans', sans-serif; font-size: 10pt; line-height: 1.35; color: #1b1b1b; }
.en { font-family: 'Noto Sans', 'Noto Sans Devanagari', sans-serif; font-size: 0.85em; color: #444; font-weight: 400; }
header { display: flex; align-items: center; justify-content: center; gap: 3mm; flex: none; }
header img { width: 11mm; max-height: 13mm; object-fit: contain; }
header .office { text-align: center; font-size: 7.5pt; color: #444; }
header .office .en { display: block; font-size: 7pt; }
h1 { text-align: center; color: #8f1028; font-size: 14pt; line-height: 1.3; margin: 0; max-height: 36mm; overflow: hidden; }
h1 .en, h2 .en { display: block; }
h1 .en { font-size: 9.5pt; color: #8f1028; }
h2 { text-align: center; font-size: 12pt; line-height: 1.3; margin: 2.5mm 0 1mm; flex: none; }
h2 .en { font-size: 8.5pt; letter-spacing: 0.15em; }
h3 { font-size: 0.95em; margin: 0.9em 0 0.2em; }
main { flex: 1 1 0; min-height: 0; overflow: hidden; font-size: calc(10pt * var(--fit, 1)); }
.grid { display: grid; grid-template-columns: 1fr 1fr; column-gap: 5mm; border-top: 0.4mm solid #333; }
.f { padding: 0.35em 0; border-bottom: 0.25mm solid #ccc; min-width: 0; }
.f.wide { grid-column: 1 / -1; }
.k { font-size: 0.85em; color: #555; }
.v { font-weight: 700; overflow-wrap: anywhere; }
.v .en { display: block; font-weight: 400; }
.clamp { display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden; }
ol.docs { margin: 0; padding-left: 1.6em; list-style-type: devanagari; columns: 2; column-gap: 5mm; font-size: 0.9em; }
table.lines { width: 100%; border-collapse: collapse; }
.lines th, .lines td { border-bottom: 0.25mm solid #ccc; padding: 0.3em; text-align: left; font-weight: 400; }
.lines td { text-align: right; white-space: nowrap; }
.lines thead th { font-size: 0.85em; color: #555; border-bottom: 0.4mm solid #333; }
.lines thead th + th { text-align: right; }
.lines tr.total th, .lines tr.total td { font-weight: 700; border-top: 0.5mm solid #333; }
p.none { margin: 0; font-weight: 700; }
p.none .en { display: block; font-weight: 400; }
.track { display: flex; gap: 4mm; align-items: center; margin-top: 1em; border-top: 0.4mm solid #333; padding-top: 0.8em; }
.track .qr { width: 28mm; height: 28mm; flex: none; }
.track .qr svg { width: 100%; height: 100%; }
.track .en { display: block; }
.track .url { font-family: 'Noto Sans', sans-serif; font-size: 0.8em; overflow-wrap: anywhere; }
</style></head><body>
<header><img src="${e(emblem)}" alt=""><div><h1>${e(v.palika.ne)}<span class="en">${e(v.palika.en)}</span></h1>${officeLine(v.office)}</div></header>
<h2>निवेदन प्राप्तिको भरपाई<span class="en">ACKNOWLEDGEMENT SLIP</span></h2>
<main data-fit>
${detailsHtml(v)}
${receivedHtml(v)}
${paidHtml(v)}
<div class="track"><div class="qr">${track.qrSvg}</div><div>
<div>निवेदनको अवस्था हेर्न QR कोड स्क्यान गर्नुहोस् (लगइन चाहिँदैन)।<span class="en">Scan the QR code to see the application's status (no sign-in needed).</span></div>
<div class="url">${e(track.url)}</div></div></div>
</main>
</body></html>`;
}
