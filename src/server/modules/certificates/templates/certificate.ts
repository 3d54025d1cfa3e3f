/**
 * Business registration certificate: a bilingual (Nepali first, English beneath) A4 HTML page,
 * printed to PDF by PdfRenderer in ../pdf.ts (DESIGN.md §2 "PDF", §10). Lengths in the CSS are
 * mm/pt of the printed page; amounts are paisa, shown in rupees; dates are shown in BS.
 *
 * The HTML is self-contained: the fonts are embedded (see ./common.ts) and the page makes no
 * network request. Every data value is HTML-escaped.
 */
import type { CertificateView } from '../../../../shared/schemas/certificate.js';
import { formatPaisa, toNepaliDigits } from '../../../../shared/format.js';
import { DEFAULT_EMBLEM_DATA_URI } from '../../settings/index.js';
import { bsDate, escapeHtml, fontFaces, type Bi } from './common.js';

const CSS = `
@page { size: A4; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body {
  font-family: 'Noto Sans Devanagari', 'Noto Sans', sans-serif;
  color: #1b1b1b; font-size: 10.5pt; line-height: 1.32;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
.sheet { position: relative; width: 210mm; height: 297mm; padding: 7mm; overflow: hidden; }
.frame {
  position: relative; height: 100%; padding: 2.2mm;
  border: 2.2mm solid #8f1028;
  background: #fffdf7;
}
.frame-inner {
  position: relative; height: 100%; overflow: hidden;
  border: 0.6mm solid #1d3a7a; outline: 0.25mm solid #1d3a7a; outline-offset: -1.6mm;
  padding: 6mm 10mm 5mm;
  display: flex; flex-direction: column;
  background:
    radial-gradient(circle at 50% 48%, rgba(143,16,40,0.045) 0, rgba(143,16,40,0) 60%),
    repeating-linear-gradient(45deg, rgba(29,58,122,0.022) 0 1.2mm, transparent 1.2mm 2.4mm);
}
.corner { position: absolute; width: 11mm; height: 11mm; border-color: #8f1028; border-style: solid; }
.corner.tl { top: 2.6mm; left: 2.6mm; border-width: 0.9mm 0 0 0.9mm; }
.corner.tr { top: 2.6mm; right: 2.6mm; border-width: 0.9mm 0.9mm 0 0; }
.corner.bl { bottom: 2.6mm; left: 2.6mm; border-width: 0 0 0.9mm 0.9mm; }
.corner.br { bottom: 2.6mm; right: 2.6mm; border-width: 0 0.9mm 0.9mm 0; }
.en { color: #3a3a3a; font-family: 'Noto Sans', 'Noto Sans Devanagari', sans-serif; }
header { display: grid; grid-template-columns: 22mm 1fr 22mm; align-items: center; text-align: center; }
header .flag { width: 17mm; max-height: 21mm; object-fit: contain; justify-self: start; }
header .contact { font-size: 8pt; margin-top: 0.4mm; }
header .palika { font-size: 19pt; font-weight: 700; color: #8f1028; line-height: 1.25; }
header .palika-en { font-size: 11.5pt; font-weight: 700; color: #8f1028; letter-spacing: 0.02em; }
header .office { font-size: 13.5pt; font-weight: 700; color: #1d3a7a; margin-top: 0.6mm; line-height: 1.3; }
header .office-en { font-size: 10pt; font-weight: 700; color: #1d3a7a; }
header .addr { font-size: 9.5pt; margin-top: 0.5mm; }
header .addr .en { font-size: 8.5pt; }
.title { margin: 3mm auto 0; text-align: center; }
.title .ne {
  display: inline-block; font-size: 17pt; font-weight: 700; color: #fff; background: #8f1028;
  padding: 0.8mm 9mm 1.6mm; border-radius: 1.5mm; letter-spacing: 0.02em;
  box-shadow: 0 0 0 0.6mm #fffdf7, 0 0 0 1.1mm #8f1028;
}
.title .en { margin-top: 1.8mm; font-size: 11.5pt; font-weight: 700; letter-spacing: 0.16em; color: #8f1028; text-transform: uppercase; }
.meta { display: flex; justify-content: space-between; margin-top: 2.5mm; font-size: 10.5pt; }
.meta b { color: #8f1028; }
.meta .en { display: block; font-size: 9pt; }
.meta .right { text-align: right; }
.intro { margin: 2.5mm 0 2mm; text-align: justify; }
.intro .en { display: block; font-size: 9pt; margin-top: 0.3mm; }
/* --fit (1 = natural size) is lowered by PdfRenderer when the page overflows (data-fit). */
table.details { width: 100%; border-collapse: collapse; font-size: calc(1em * var(--fit, 1)); }
table.details th, table.details td {
  border: 0.25mm solid #c9c2b3; padding: 0.3em 0.65em; vertical-align: top; text-align: left;
}
table.details tr:nth-child(odd) td, table.details tr:nth-child(odd) th { background: rgba(255,255,255,0.6); }
table.details th { width: 29%; font-weight: 700; color: #1d3a7a; background: rgba(29,58,122,0.04); }
table.details th .en { display: block; font-weight: 400; font-size: 0.76em; color: #4a5a80; line-height: 1.2; }
table.details td .v { font-weight: 700; overflow-wrap: anywhere; }
table.details td .en { display: block; font-size: 0.81em; overflow-wrap: anywhere; line-height: 1.25; }
table.details td .clamp2, table.details td .clamp3 { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
table.details td .clamp2 { -webkit-line-clamp: 2; }
table.details ol.owners { margin: 0; padding: 0; list-style: none; }
table.details ol.owners li + li { margin-top: 0.3em; }
table.details td .clamp3 { -webkit-line-clamp: 3; }
table.capital { width: 100%; border-collapse: collapse; }
table.capital td { border: 0; padding: 0 2mm 0 0; background: none !important; width: 33%; }
table.capital .k { font-size: 0.76em; color: #555; }
table.capital .k .en { display: inline; font-size: 1em; color: #555; }
table.capital .v { white-space: nowrap; }
table.dates td { width: 50%; }
.notes { margin-top: 2mm; font-size: 8.5pt; color: #333; }
.notes ol { margin: 0; padding-left: 5mm; }
.notes .en { font-size: 8pt; }
.signatures { margin-top: auto; display: grid; grid-template-columns: 1fr 28mm 1fr; align-items: end; text-align: center; padding-top: 14mm; }
.sig .line { border-top: 0.3mm dotted #333; margin: 0 6mm 1.2mm; }
.sig .name { font-weight: 700; }
.sig .name-en { font-size: 9pt; }
.sig .role { color: #1d3a7a; font-weight: 700; }
.sig .role .en { font-weight: 400; font-size: 9pt; }
.seal {
  width: 23mm; height: 23mm; border: 0.4mm dashed #a7a7a7; border-radius: 50%; margin: 0 auto;
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  font-size: 8pt; color: #9a9a9a; line-height: 1.25;
}
footer {
  margin-top: 3mm; padding-top: 1.5mm; border-top: 0.3mm solid #8f1028;
  display: flex; justify-content: space-between; align-items: flex-end; font-size: 8.5pt;
}
footer .code { font-family: 'Noto Sans', sans-serif; font-weight: 700; font-size: 11.5pt; letter-spacing: 0.12em; color: #1d3a7a; }
footer .right { text-align: right; }
footer .verify { display: flex; align-items: center; gap: 2.5mm; justify-content: flex-end; }
footer .qr svg { width: 19mm; height: 19mm; display: block; }
footer .url { font-family: 'Noto Sans', sans-serif; font-size: 7pt; color: #555; }
.watermark {
  position: absolute; inset: 0; display: flex; flex-direction: column; align-items: center;
  justify-content: center; pointer-events: none; z-index: 10;
}
.watermark div {
  transform: rotate(-35deg); color: rgba(200,0,0,0.20); font-weight: 700; text-align: center;
  border: 2.5mm solid rgba(200,0,0,0.20); border-radius: 6mm; padding: 2mm 12mm 5mm; line-height: 1.15;
}
.watermark .wm-ne { font-size: 88pt; display: block; }
.watermark .wm-en { font-family: 'Noto Sans', sans-serif; font-size: 50pt; letter-spacing: 0.12em; display: block; }
.revoked-banner {
  margin-top: 2.5mm; padding: 1.5mm 3mm; text-align: center; font-weight: 700; color: #b00000;
  border: 0.5mm solid #b00000; background: rgba(200,0,0,0.06);
}
.revoked-banner .en { display: block; color: #b00000; font-size: 9.5pt; }
.copy-mark {
  margin-top: 2.5mm; padding: 1.2mm 3mm; text-align: center; font-weight: 700; color: #1d3a7a;
  border: 0.5mm double #1d3a7a; letter-spacing: 0.02em;
}
.copy-mark .en { font-weight: 700; font-size: 10pt; }
`;

/** A table row; `value` is already-escaped HTML. */
function row(label: Bi, valueHtml: string): string {
  return (
    `<tr><th>${escapeHtml(label.ne)}<span class="en">${escapeHtml(label.en)}</span></th>` +
    `<td>${valueHtml}</td></tr>`
  );
}

/** A value that is the same in both languages (user-entered names, addresses). */
function single(value: string | null | undefined, clamp = 'clamp2'): string {
  const v = value?.trim() ? value : '—';
  return `<div class="v ${clamp}">${escapeHtml(v)}</div>`;
}

/** A value with a Nepali line and an English line beneath. */
function bilingual(value: Bi, clamp = 'clamp2'): string {
  return (
    `<div class="v ${clamp}">${escapeHtml(value.ne)}</div>` +
    `<span class="en ${clamp}">${escapeHtml(value.en)}</span>`
  );
}

const joinParts = (parts: Array<string | null | undefined>): string =>
  parts.filter((p): p is string => Boolean(p && p.trim())).join(', ');

/** The permanent address in both languages: city-ward, tole, chowk, district, province. */
function permanentAddress(perm: CertificateView['permanentAddress']): Bi {
  return {
    ne: joinParts([
      `${perm.city.ne}-${toNepaliDigits(perm.wardNo)}`,
      perm.tole,
      perm.chowk,
      perm.district.ne,
      perm.province.ne,
    ]),
    en: joinParts([
      `${perm.city.en}-${perm.wardNo}`,
      perm.tole,
      perm.chowk,
      perm.district.en,
      perm.province.en,
    ]),
  };
}

/**
 * The owners cell of a multiple-owner registration: each partner numbered (with
 * a Devanagari number), the name in bold and the father's or husband's name beneath, each at
 * most 2 lines (a realistic name is never cut; four of the longest allowed still fit the page).
 */
function ownersHtml(owners: CertificateView['owners']): string {
  const items = owners.map(
    (o, i) =>
      `<li><div class="v clamp2">${escapeHtml(`${toNepaliDigits(i + 1)}. ${o.name}`)}</div>` +
      `<span class="en clamp2">बाबु/पति / Father/Husband: ${escapeHtml(o.fatherOrHusbandName?.trim() || '—')}</span></li>`,
  );
  return `<ol class="owners">${items.join('')}</ol>`;
}

/** The owner rows: name and father's/husband's name of one owner, or every partner. */
function ownerRows(view: CertificateView): string[] {
  if (view.owners.length > 1)
    return [
      row(
        {
          ne: `व्यवसायीहरू (${toNepaliDigits(view.owners.length)} जना)`,
          en: `Proprietors (${view.owners.length} partners)`,
        },
        ownersHtml(view.owners),
      ),
    ];
  const [owner] = view.owners;
  return [
    row({ ne: 'व्यवसायीको नाम', en: 'Name of Proprietor' }, single(owner.name)),
    row({ ne: 'बाबु/पतिको नाम', en: "Father's/Husband's Name" }, single(owner.fatherOrHusbandName)),
  ];
}

/** The business location cell: address and tole, the palika and ward, the mobile number. */
function locationHtml(view: CertificateView, palikaNe: string, palikaEn: string): string {
  const wardNoNe = toNepaliDigits(view.ward.number);
  return (
    single(joinParts([view.location.address, view.location.tole])) +
    `<span class="en">${escapeHtml(`${palikaNe}-${wardNoNe}`)} · ${escapeHtml(
      `${palikaEn}, Ward No. ${view.ward.number}`,
    )}</span>` +
    `<span class="en">मोबाइल / Mobile: ${escapeHtml(view.location.mobile)}</span>`
  );
}

/** One amount of the capital table, in Nepali and English rupees. */
function capitalCell(k: Bi, paisa: number): string {
  return (
    `<td><div class="k">${escapeHtml(k.ne)} / <span class="en">${escapeHtml(k.en)}</span></div>` +
    `<div class="v">${escapeHtml(formatPaisa(paisa, 'ne'))}</div>` +
    `<span class="en">${escapeHtml(formatPaisa(paisa, 'en-US'))}</span></td>`
  );
}

/** The capital cell: maximum, current and paid-up side by side. */
function capitalHtml(capital: CertificateView['capital']): string {
  return (
    `<table class="capital"><tr>` +
    capitalCell({ ne: 'अधिकतम', en: 'Maximum' }, capital.max) +
    capitalCell({ ne: 'चालु', en: 'Current' }, capital.current) +
    capitalCell({ ne: 'चुक्ता', en: 'Paid-up' }, capital.paidUp) +
    `</tr></table>`
  );
}

/** One date of the dates table, in BS. */
function dateCell(k: Bi, ad: string): string {
  const d = bsDate(ad);
  return (
    `<td><div class="k">${escapeHtml(k.ne)} / <span class="en">${escapeHtml(k.en)}</span></div>` +
    `<div class="v">${escapeHtml(d.ne)}</div><span class="en">${escapeHtml(d.en)}</span></td>`
  );
}

/** The dates cell: registration date and valid-until side by side. */
function datesHtml(view: CertificateView): string {
  return (
    `<table class="capital dates"><tr>` +
    dateCell({ ne: 'दर्ता मिति', en: 'Registration date' }, view.registrationDate) +
    dateCell({ ne: 'बहाल रहने अन्तिम मिति', en: 'Valid until' }, view.expiryDate) +
    `</tr></table>`
  );
}

/** The rows of the details table (the nature of business only when there is one). */
function detailRows(view: CertificateView, palikaNe: string, palikaEn: string): string {
  return [
    row({ ne: 'व्यवसायको नाम', en: 'Name of Business' }, single(view.businessName)),
    row({ ne: 'फर्म/कम्पनीको नाम', en: 'Firm/Company Name' }, single(view.firmName)),
    ...ownerRows(view),
    row({ ne: 'व्यवसायको प्रकार', en: 'Type of Business' }, bilingual(view.businessType)),
    ...(view.description?.trim()
      ? [
          row(
            { ne: 'व्यवसायको प्रकृति', en: 'Nature of Business' },
            single(view.description, 'clamp3'),
          ),
        ]
      : []),
    row(
      { ne: 'व्यवसाय सञ्चालन स्थान', en: 'Business Location' },
      locationHtml(view, palikaNe, palikaEn),
    ),
    row(
      { ne: 'स्थायी ठेगाना', en: 'Permanent Address' },
      bilingual(permanentAddress(view.permanentAddress)),
    ),
    row({ ne: 'पुँजी', en: 'Capital' }, capitalHtml(view.capital)),
    row({ ne: 'दर्ता मिति / बहाल अवधि', en: 'Registered on / Valid until' }, datesHtml(view)),
  ].join('');
}

/** A signature block: the dotted line, the name in both languages (when set), the role. */
function signature(role: Bi, name: Bi): string {
  return (
    `<div class="sig"><div class="line"></div>` +
    (name.ne.trim() ? `<div class="name">${escapeHtml(name.ne)}</div>` : '') +
    (name.en.trim() ? `<div class="name-en en">${escapeHtml(name.en)}</div>` : '') +
    `<div class="role">${escapeHtml(role.ne)}<span class="en"> / ${escapeHtml(role.en)}</span></div></div>`
  );
}

/** The palika office's address and contact on one line (issue 17 §6); '' when none is set. */
function contactHtml({ address, phone, email }: CertificateView['palika']['office']): string {
  const parts = [
    address.ne &&
      `${escapeHtml(address.ne)}${address.en ? ` <span class="en">(${escapeHtml(address.en)})</span>` : ''}`,
    phone && `फोन <span class="en">Tel.</span> ${escapeHtml(toNepaliDigits(phone))}`,
    email && `<span class="en">${escapeHtml(email)}</span>`,
  ].filter(Boolean);
  return parts.length ? `<div class="contact">${parts.join(' · ')}</div>` : '';
}

/** The page header: the palika's emblem, the palika, the ward office and its address. */
function headerHtml(
  view: CertificateView,
  palikaNe: string,
  palikaEn: string,
  emblem: string,
): string {
  const { palika, ward } = view;
  const wardNoNe = toNepaliDigits(ward.number);
  return `<header>
  <img class="flag" src="${escapeHtml(emblem)}" alt="">
  <div>
    <div class="palika">${escapeHtml(palikaNe)}</div>
    <div class="palika-en en">${escapeHtml(palikaEn)}</div>
    <div class="office">${escapeHtml(`${wardNoNe} नं. वडा कार्यालय`)}</div>
    <div class="office-en en">${escapeHtml(`Office of Ward No. ${ward.number}`)}</div>
    <div class="addr">${escapeHtml(joinParts([ward.address.ne, palika.district.ne, palika.province.ne, 'नेपाल']))}
      <div class="en">${escapeHtml(joinParts([ward.address.en, palika.district.en, palika.province.en, 'Nepal']))}</div></div>
    ${contactHtml(palika.office)}
  </div>
  <div></div>
</header>`;
}

/** The page footer: the issue date, the verification code and, when given, its QR code and URL. */
function footerHtml(view: CertificateView, verify?: { url: string; qrSvg: string }): string {
  const issued = bsDate(view.issuedAt);
  return `<footer>
  <div>जारी मिति / <span class="en">Issued on</span>: ${escapeHtml(issued.ne)} <span class="en">(${escapeHtml(issued.en)})</span></div>
  <div class="right verify">${verify ? `<div class="qr">${verify.qrSvg}</div>` : ''}<div>प्रमाणीकरण कोड / <span class="en">Verification code</span><br><span class="code">${escapeHtml(view.verifyCode)}</span>${verify ? `<br><span class="url">${escapeHtml(verify.url)}</span>` : ''}</div></div>
</footer>`;
}

/** The "रद्द / REVOKED" watermark over the page. */
const REVOKED_WATERMARK =
  `<div class="watermark" aria-hidden="true"><div><span class="wm-ne">रद्द</span>` +
  `<span class="wm-en">REVOKED</span></div></div>`;

/** The banner under the title of a revoked certificate. */
const REVOKED_BANNER =
  `<div class="revoked-banner">यो प्रमाणपत्र रद्द गरिएको छ र मान्य छैन।` +
  `<span class="en">This certificate has been revoked and is not valid.</span></div>`;

/**
 * The mark of a duplicate ("प्रतिलिपि / DUPLICATE") or of a new version after an amendment
 * ("संशोधित / Amended"), with its issue date in BS (issue 19 §1, §3); '' for a first issue.
 */
function copyMarkHtml(view: CertificateView): string {
  if (view.kind !== 'duplicate' && view.kind !== 'amendment') return '';
  const d = bsDate(view.issuedAt);
  const [ne, en] =
    view.kind === 'duplicate'
      ? ['प्रतिलिपि', 'DUPLICATE']
      : ['संशोधित प्रमाणपत्र', 'Amended certificate'];
  return `<div class="copy-mark" data-kind="${view.kind}">${ne} / <span class="en">${en}</span> — ${escapeHtml(d.ne)} <span class="en">(${escapeHtml(d.en)})</span></div>`;
}

/**
 * The certificate as a complete, self-contained A4 HTML document (one page; bilingual,
 * Nepali first). Dates are shown in BS ('YYYY-MM-DD'; Devanagari digits in the Nepali text),
 * amounts in rupees; `issuedAt` may be a timestamp (its Asia/Kathmandu date is shown). Long free
 * text is clamped (names to 2 lines, the description to 3), and the page body is marked
 * `data-fit` so that PdfRenderer (../pdf.ts) shrinks the details table (to 60% at most) when the
 * page would still overflow: every field at its schema maximum fits on one A4 page. When
 * `view.revoked`, a "रद्द / REVOKED" watermark and a banner are added; a duplicate or an
 * amended version carries its mark with its issue date under the title (copyMarkHtml).
 * @throws RangeError if a date is malformed or outside the supported BS range.
 * @throws TypeError if a capital amount is not an integer number of paisa.
 * @throws Error if the embedded fonts cannot be read from node_modules (first call only).
 * @param verify the public verification page of this certificate and its QR code (SVG), shown
 *   beside the printed code (issue 7 §2); without it only the code is printed.
 * @param emblem the palika's emblem as a data URI (settings, issue 17 §6); the default emblem
 *   (the flag of Nepal) when not given.
 */
export function renderCertificateHtml(
  view: CertificateView,
  verify?: { url: string; qrSvg: string },
  emblem: string = DEFAULT_EMBLEM_DATA_URI,
): string {
  const { palika, ward } = view;
  // the palika's name as its settings give it (issue 17 §6)
  const palikaNe = palika.title.ne;
  const palikaEn = palika.title.en;
  const regNoNe = toNepaliDigits(view.registrationNo);
  return `<!DOCTYPE html>
<html lang="ne">
<head>
<meta charset="utf-8">
<title>${escapeHtml(`व्यवसाय दर्ता प्रमाणपत्र ${regNoNe} — Business Registration Certificate ${view.registrationNo}`)}</title>
<style>
${fontFaces()}
${CSS}
</style>
</head>
<body>
<div class="sheet">
<div class="frame">
<div class="frame-inner" data-fit>
<span class="corner tl"></span><span class="corner tr"></span><span class="corner bl"></span><span class="corner br"></span>
${headerHtml(view, palikaNe, palikaEn, emblem)}
<div class="title"><div class="ne">व्यवसाय दर्ता प्रमाणपत्र</div><div class="en">Business Registration Certificate</div></div>
<div class="meta">
  <div>दर्ता नं.: <b>${escapeHtml(regNoNe)}</b><span class="en">Registration No.: <b>${escapeHtml(view.registrationNo)}</b></span></div>
  <div class="right">आर्थिक वर्ष: <b>${escapeHtml(view.fiscalYear.ne)}</b><span class="en">Fiscal Year: <b>${escapeHtml(view.fiscalYear.en)}</b></span></div>
</div>
${view.revoked ? REVOKED_BANNER : ''}
${copyMarkHtml(view)}
<div class="intro">तपसिलमा उल्लिखित व्यवसाय यस वडा कार्यालयमा दर्ता गरी यो प्रमाणपत्र प्रदान गरिएको छ।
  <span class="en">This is to certify that the business described below has been registered with this ward office.</span></div>
<table class="details">${detailRows(view, palikaNe, palikaEn)}</table>
<div class="notes"><ol>
  <li>यो प्रमाणपत्र व्यवसाय सञ्चालन स्थानमा सबैले देख्ने गरी राख्नुपर्नेछ। <span class="en">Display this certificate prominently at the place of business.</span></li>
  <li>म्याद सकिनुअघि दर्ता नवीकरण गर्नुपर्नेछ। <span class="en">Renew the registration before it expires.</span></li>
</ol></div>
<div class="signatures">
  ${signature({ ne: 'वडा सचिव', en: 'Ward Secretary' }, ward.secretaryName)}
  <div class="seal">कार्यालयको छाप<span class="en">Office Seal</span></div>
  ${signature({ ne: 'वडा अध्यक्ष', en: 'Ward Chairperson' }, ward.chairName)}
</div>
${footerHtml(view, verify)}
</div>
</div>
${view.revoked ? REVOKED_WATERMARK : ''}
</div>
</body>
</html>`;
}
