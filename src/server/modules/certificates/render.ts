/**
 * Business registration certificate: a bilingual (Nepali first, English beneath) A4 HTML page
 * printed to PDF by Chromium (DESIGN.md §2 "PDF", §10).
 *
 * The HTML is self-contained: Noto Sans Devanagari and Noto Sans (OFL, from @fontsource) are
 * embedded as base64 data: URLs so that Devanagari conjuncts shape correctly and the PDF text
 * stays searchable, and the page makes no network request. Every data value is HTML-escaped.
 */
import pLimit from 'p-limit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sparticuz from '@sparticuz/chromium';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { CertificateView } from '../../../shared/schemas/certificate.js';
import { formatAdAsBs, formatPaisa, toNepaliDigits } from '../../../shared/format.js';

// ------------------------------------------------------------------------------------ HTML

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use in HTML element content and quoted attribute values. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const requireFromHere = createRequire(import.meta.url);

/** Base64 of one woff2 file resolved through the package's exports. */
function fontBase64(specifier: string): string {
  return readFileSync(requireFromHere.resolve(specifier)).toString('base64');
}

let fontFaceCss: string | undefined;

/**
 * The @font-face rules with the four woff2 files inlined (~180 KB of base64), read from
 * node_modules on first call and cached for the life of the process.
 * @throws Error if a font file cannot be resolved or read (packages not installed).
 */
export function fontFaces(): string {
  if (fontFaceCss !== undefined) return fontFaceCss;
  const face = (family: string, weight: number, file: string, range: string): string =>
    `@font-face{font-family:'${family}';font-style:normal;font-weight:${weight};` +
    `font-display:block;src:url(data:font/woff2;base64,${fontBase64(file)}) format('woff2');` +
    `unicode-range:${range};}`;
  // Ranges as in the @fontsource CSS: the Devanagari subset includes ZWJ/ZWNJ (र्‍) and ₹.
  const deva =
    'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF';
  const latin =
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,' +
    'U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
  const devaFile = (w: number) =>
    `@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-${w}-normal.woff2`;
  const latinFile = (w: number) => `@fontsource/noto-sans/files/noto-sans-latin-${w}-normal.woff2`;
  fontFaceCss = [
    face('Noto Sans Devanagari', 400, devaFile(400), deva),
    face('Noto Sans Devanagari', 700, devaFile(700), deva),
    face('Noto Sans', 400, latinFile(400), latin),
    face('Noto Sans', 700, latinFile(700), latin),
  ].join('\n');
  return fontFaceCss;
}

/** Points of a star polygon centred on (cx, cy), as an SVG `points` attribute. */
function starPoints(cx: number, cy: number, tips: number, outer: number, inner: number): string {
  const pts: string[] = [];
  for (let i = 0; i < tips * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = (Math.PI * i) / tips - Math.PI / 2;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(2)},${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(' ');
}

/** A simplified flag of Nepal (crimson double pennant, blue border, moon and sun). */
const FLAG_SVG =
  `<svg class="flag" viewBox="-4 -6 108 134" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">` +
  `<polygon points="0,0 100,60 32,60 100,124 0,124" fill="#DC143C" stroke="#003893" ` +
  `stroke-width="6" stroke-linejoin="miter" stroke-miterlimit="10"/>` +
  `<path d="M12,36 a15,15 0 0 0 30,0 a15,11 0 0 1 -30,0z" fill="#fff"/>` +
  `<polygon points="${starPoints(27, 40, 8, 7.5, 4.2)}" fill="#fff"/>` +
  `<polygon points="${starPoints(27, 97, 12, 15, 9.5)}" fill="#fff"/>` +
  `</svg>`;

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
header .flag { width: 17mm; height: auto; justify-self: start; }
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
`;

/** Nepali and English of one row label or value. */
type Bi = { ne: string; en: string };

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

/**
 * The certificate as a complete, self-contained A4 HTML document (one page; bilingual,
 * Nepali first). Dates are shown in BS ('YYYY-MM-DD'; Devanagari digits in the Nepali text),
 * amounts in rupees; `issuedAt` may be a timestamp (its Asia/Kathmandu date is shown). Long free
 * text is clamped (names to 2 lines, the description to 3), and the page body is marked
 * `data-fit` so that {@link PdfRenderer} shrinks the details table (to 60% at most) when the
 * page would still overflow: every field at its schema maximum fits on one A4 page. When
 * `view.revoked`, a "रद्द / REVOKED" watermark and a banner are added.
 * @throws RangeError if a date is malformed or outside the supported BS range.
 * @throws TypeError if a capital amount is not an integer number of paisa.
 * @throws Error if the embedded fonts cannot be read from node_modules (first call only).
 */
/**
 * @param verify the public verification page of this certificate and its QR code (SVG), shown
 *   beside the printed code (issue 7 §2); without it only the code is printed.
 */
export function renderCertificateHtml(
  view: CertificateView,
  verify?: { url: string; qrSvg: string },
): string {
  const { palika, ward } = view;
  const wardNoNe = toNepaliDigits(ward.number);
  const palikaNe = `${palika.name.ne} ${palika.category.ne}`;
  const palikaEn = `${palika.name.en} ${palika.category.en}`;
  const regNoNe = toNepaliDigits(view.registrationNo);
  const bsDate = (ad: string): Bi => ({
    ne: `${formatAdAsBs(ad, 'ne')} वि.सं.`,
    en: `${formatAdAsBs(ad, 'en-US')} B.S.`,
  });

  const perm = view.permanentAddress;
  const permanent: Bi = {
    ne: joinParts([
      `${perm.city.ne}-${toNepaliDigits(perm.wardNo)}`,
      perm.tole,
      perm.district.ne,
      perm.province.ne,
    ]),
    en: joinParts([
      `${perm.city.en}-${perm.wardNo}`,
      perm.tole,
      perm.district.en,
      perm.province.en,
    ]),
  };
  const locationHtml =
    single(joinParts([view.location.address, view.location.tole])) +
    `<span class="en">${escapeHtml(`${palikaNe}-${wardNoNe}`)} · ${escapeHtml(
      `${palikaEn}, Ward No. ${ward.number}`,
    )}</span>` +
    `<span class="en">मोबाइल / Mobile: ${escapeHtml(view.location.mobile)}</span>`;

  const capitalCell = (k: Bi, paisa: number): string =>
    `<td><div class="k">${escapeHtml(k.ne)} / <span class="en">${escapeHtml(k.en)}</span></div>` +
    `<div class="v">${escapeHtml(formatPaisa(paisa, 'ne'))}</div>` +
    `<span class="en">${escapeHtml(formatPaisa(paisa, 'en-US'))}</span></td>`;
  const capitalHtml =
    `<table class="capital"><tr>` +
    capitalCell({ ne: 'अधिकतम', en: 'Maximum' }, view.capital.max) +
    capitalCell({ ne: 'चालु', en: 'Current' }, view.capital.current) +
    capitalCell({ ne: 'चुक्ता', en: 'Paid-up' }, view.capital.paidUp) +
    `</tr></table>`;

  const dateCell = (k: Bi, ad: string): string => {
    const d = bsDate(ad);
    return (
      `<td><div class="k">${escapeHtml(k.ne)} / <span class="en">${escapeHtml(k.en)}</span></div>` +
      `<div class="v">${escapeHtml(d.ne)}</div><span class="en">${escapeHtml(d.en)}</span></td>`
    );
  };
  const datesHtml =
    `<table class="capital dates"><tr>` +
    dateCell({ ne: 'दर्ता मिति', en: 'Registration date' }, view.registrationDate) +
    dateCell({ ne: 'बहाल रहने अन्तिम मिति', en: 'Valid until' }, view.expiryDate) +
    `</tr></table>`;

  const rows = [
    row({ ne: 'व्यवसायको नाम', en: 'Name of Business' }, single(view.businessName)),
    row({ ne: 'फर्म/कम्पनीको नाम', en: 'Firm/Company Name' }, single(view.firmName)),
    row({ ne: 'व्यवसायीको नाम', en: 'Name of Proprietor' }, single(view.ownerName)),
    row({ ne: 'बाबु/पतिको नाम', en: "Father's/Husband's Name" }, single(view.fatherOrHusbandName)),
    row({ ne: 'व्यवसायको प्रकार', en: 'Type of Business' }, bilingual(view.businessType)),
    ...(view.description?.trim()
      ? [
          row(
            { ne: 'व्यवसायको प्रकृति', en: 'Nature of Business' },
            single(view.description, 'clamp3'),
          ),
        ]
      : []),
    row({ ne: 'व्यवसाय सञ्चालन स्थान', en: 'Business Location' }, locationHtml),
    row({ ne: 'स्थायी ठेगाना', en: 'Permanent Address' }, bilingual(permanent)),
    row({ ne: 'पुँजी', en: 'Capital' }, capitalHtml),
    row({ ne: 'दर्ता मिति / बहाल अवधि', en: 'Registered on / Valid until' }, datesHtml),
  ].join('');

  const signature = (role: Bi, name: Bi): string =>
    `<div class="sig"><div class="line"></div>` +
    (name.ne.trim() ? `<div class="name">${escapeHtml(name.ne)}</div>` : '') +
    (name.en.trim() ? `<div class="name-en en">${escapeHtml(name.en)}</div>` : '') +
    `<div class="role">${escapeHtml(role.ne)}<span class="en"> / ${escapeHtml(role.en)}</span></div></div>`;

  const issued = bsDate(view.issuedAt);
  const revokedHtml = view.revoked
    ? `<div class="watermark" aria-hidden="true"><div><span class="wm-ne">रद्द</span>` +
      `<span class="wm-en">REVOKED</span></div></div>`
    : '';
  const revokedBanner = view.revoked
    ? `<div class="revoked-banner">यो प्रमाणपत्र रद्द गरिएको छ र मान्य छैन।` +
      `<span class="en">This certificate has been revoked and is not valid.</span></div>`
    : '';

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
<header>
  ${FLAG_SVG}
  <div>
    <div class="palika">${escapeHtml(palikaNe)}</div>
    <div class="palika-en en">${escapeHtml(palikaEn)}</div>
    <div class="office">${escapeHtml(`${wardNoNe} नं. वडा कार्यालय`)}</div>
    <div class="office-en en">${escapeHtml(`Office of Ward No. ${ward.number}`)}</div>
    <div class="addr">${escapeHtml(joinParts([ward.address.ne, palika.district.ne, palika.province.ne, 'नेपाल']))}
      <div class="en">${escapeHtml(joinParts([ward.address.en, palika.district.en, palika.province.en, 'Nepal']))}</div></div>
  </div>
  <div></div>
</header>
<div class="title"><div class="ne">व्यवसाय दर्ता प्रमाणपत्र</div><div class="en">Business Registration Certificate</div></div>
<div class="meta">
  <div>दर्ता नं.: <b>${escapeHtml(regNoNe)}</b><span class="en">Registration No.: <b>${escapeHtml(view.registrationNo)}</b></span></div>
  <div class="right">आर्थिक वर्ष: <b>${escapeHtml(view.fiscalYear.ne)}</b><span class="en">Fiscal Year: <b>${escapeHtml(view.fiscalYear.en)}</b></span></div>
</div>
${revokedBanner}
<div class="intro">तपसिलमा उल्लिखित व्यवसाय यस वडा कार्यालयमा दर्ता गरी यो प्रमाणपत्र प्रदान गरिएको छ।
  <span class="en">This is to certify that the business described below has been registered with this ward office.</span></div>
<table class="details">${rows}</table>
<div class="notes"><ol>
  <li>यो प्रमाणपत्र व्यवसाय सञ्चालन स्थानमा सबैले देख्ने गरी राख्नुपर्नेछ। <span class="en">Display this certificate prominently at the place of business.</span></li>
  <li>म्याद सकिनुअघि दर्ता नवीकरण गर्नुपर्नेछ। <span class="en">Renew the registration before it expires.</span></li>
</ol></div>
<div class="signatures">
  ${signature({ ne: 'वडा सचिव', en: 'Ward Secretary' }, ward.secretaryName)}
  <div class="seal">कार्यालयको छाप<span class="en">Office Seal</span></div>
  ${signature({ ne: 'वडा अध्यक्ष', en: 'Ward Chairperson' }, ward.chairName)}
</div>
<footer>
  <div>जारी मिति / <span class="en">Issued on</span>: ${escapeHtml(issued.ne)} <span class="en">(${escapeHtml(issued.en)})</span></div>
  <div class="right verify">${verify ? `<div class="qr">${verify.qrSvg}</div>` : ''}<div>प्रमाणीकरण कोड / <span class="en">Verification code</span><br><span class="code">${escapeHtml(view.verifyCode)}</span>${verify ? `<br><span class="url">${escapeHtml(verify.url)}</span>` : ''}</div></div>
</footer>
</div>
</div>
${revokedHtml}
</div>
</body>
</html>`;
}

// ------------------------------------------------------------------------------------- PDF

/** Options for {@link PdfRenderer}. */
export interface PdfRendererOptions {
  /**
   * Chromium binary to launch (the CHROMIUM_PATH setting). When absent, the binary bundled in
   * @sparticuz/chromium is used: it is unpacked to /tmp on first launch (~2 s).
   */
  executablePath?: string;
}

/** Upper bound for loading the HTML and waiting for its fonts, in milliseconds. */
const PAGE_TIMEOUT_MS = 30_000;
/** Shrink-to-fit: `--fit` goes down from 1 in steps of FIT_STEP, never below FIT_MIN. */
const FIT_STEP = 0.04;
const FIT_MIN = 0.6;

/**
 * In-page scripts, passed to `page.evaluate` as source text rather than as functions so that
 * no transpiler helper (esbuild's `__name`, coverage counters) leaks into the page.
 */
const FONTS_READY_JS = 'document.fonts.ready.then(() => undefined)';

/**
 * For every element marked `data-fit` whose content overflows it, lowers the CSS custom
 * property `--fit` (which the document's CSS uses to scale its variable-length parts) in steps
 * of FIT_STEP until the content fits or FIT_MIN is reached. Pages without `data-fit` are
 * unchanged.
 */
const SHRINK_TO_FIT_JS = `(() => {
  for (const el of document.querySelectorAll('[data-fit]')) {
    let fit = 1;
    while (el.scrollHeight > el.clientHeight + 1 && fit - ${FIT_STEP} >= ${FIT_MIN} - 1e-9) {
      fit -= ${FIT_STEP};
      el.style.setProperty('--fit', fit.toFixed(2));
    }
  }
})()`;

/** Upper bound for one whole print (new context → PDF bytes), in milliseconds. */
const PRINT_TIMEOUT_MS = 60_000;
/** Upper bound for launching Chromium, in milliseconds. */
const LAUNCH_TIMEOUT_MS = 60_000;

/**
 * Flags from @sparticuz/chromium that are wrong for a long-lived server browser.
 * `--single-process` makes Chromium crash when a second browser context opens a page after the
 * first one closed (seen here with Chromium 153), so every other render would relaunch it.
 */
const DROPPED_ARGS = new Set(['--single-process']);

/** Thrown by {@link PdfRenderer.render} when one print takes longer than PRINT_TIMEOUT_MS. */
export class PdfRenderTimeoutError extends Error {
  constructor() {
    super(`PDF rendering took longer than ${PRINT_TIMEOUT_MS} ms`);
    this.name = 'PdfRenderTimeoutError';
  }
}

/**
 * Prints HTML to PDF with one shared headless Chromium, launched on first use and reused by
 * every later call, on warm pages kept between calls (each in its own context; every print
 * replaces the whole document, with no script and no network, so calls share no state).
 * Concurrent first calls share a single launch. If the browser dies or disconnects, the next
 * call launches a new one. Call {@link PdfRenderer.close} on shutdown, or the Chromium process
 * outlives the server's listener.
 */
/** Prints at once; more wait their turn (2 cores on the reference machine). */
const MAX_CONCURRENT_PRINTS = 2;
/** Prints one pooled page serves before it is replaced (bounds any growth of its memory). */
const PAGE_MAX_USES = 200;

/** A page kept open between prints, in a context of its own. */
interface PooledPage {
  page: Page;
  uses: number;
}

export class PdfRenderer {
  private readonly executablePath: string | undefined;
  /** The launch in progress or the launched browser; null when none (or it disconnected). */
  private browserPromise: Promise<Browser> | null = null;
  /** The browser `browserPromise` resolved to, while it is the current one. */
  private current: Browser | null = null;
  private closed = false;
  /** Idle warm pages per browser (at most MAX_CONCURRENT_PRINTS are ever open at once). */
  private readonly idlePages = new Map<Browser, PooledPage[]>();

  constructor(opts: PdfRendererOptions = {}) {
    this.executablePath = opts.executablePath || undefined;
  }

  /**
   * The shared browser, launching it if there is none (or the last one disconnected).
   * @throws Error if Chromium cannot be unpacked or launched within LAUNCH_TIMEOUT_MS.
   */
  private browser(): Promise<Browser> {
    if (this.browserPromise) return this.browserPromise;
    const launching = this.launch().then(
      (browser) => {
        if (this.browserPromise !== launching) {
          // close() was called while launching.
          void browser.close().catch(() => undefined);
          throw new Error('PdfRenderer is closed');
        }
        this.current = browser;
        browser.on('disconnected', () => this.forget(browser));
        // The browser may have died before the listener was attached.
        if (!browser.isConnected()) this.forget(browser);
        return browser;
      },
      (err: unknown) => {
        // A failed launch is not cached: the next call tries again.
        if (this.browserPromise === launching) this.browserPromise = null;
        throw err;
      },
    );
    this.browserPromise = launching;
    return launching;
  }

  /** Makes the next call launch a new browser if `browser` is still the current one. */
  private forget(browser: Browser): void {
    this.idlePages.delete(browser);
    if (this.current !== browser) return;
    this.current = null;
    this.browserPromise = null;
  }

  private async launch(): Promise<Browser> {
    if (this.executablePath) {
      return chromium.launch({
        executablePath: this.executablePath,
        headless: true,
        timeout: LAUNCH_TIMEOUT_MS,
      });
    }
    // No WebGL/SwiftShader: printing does not need it, the unpack is smaller, and with it on,
    // each new context waited for the previous one's GPU teardown (warm renders ~850 ms
    // instead of ~220 ms on the 2-core build machine).
    sparticuz.setGraphicsMode = false;
    return chromium.launch({
      executablePath: await sparticuz.executablePath(),
      args: sparticuz.args.filter((arg) => !DROPPED_ARGS.has(arg)),
      headless: true,
      timeout: LAUNCH_TIMEOUT_MS,
    });
  }

  /**
   * Prints a self-contained HTML document to an A4 PDF (backgrounds printed, CSS @page
   * honoured). The page runs with JavaScript disabled and the network offline, so the HTML
   * must inline everything it needs (fonts as data: URLs). Elements marked `data-fit` are
   * shrunk to fit (see SHRINK_TO_FIT_JS). The first call also launches Chromium (~0.5–3 s);
   * later calls reuse it.
   * @param html A complete HTML document.
   * @returns The PDF file bytes (starting with '%PDF-').
   * @throws Error 'PdfRenderer is closed' after {@link close}.
   * @throws Error if Chromium cannot be launched, or loading or printing fails. A failure
   *   caused by the browser disconnecting is retried once with a fresh browser first.
   * @throws PdfRenderTimeoutError if the print takes longer than 60 s; the browser is then
   *   discarded (renders still using it fail) and the next call launches a new one.
   */
  render(html: string): Promise<Buffer> {
    // Each open page costs ~50 MiB and a core; more than two at once only queues in Chromium.
    return this.limit(() => this.renderNow(html));
  }

  private readonly limit = pLimit(MAX_CONCURRENT_PRINTS);

  private async renderNow(html: string): Promise<Buffer> {
    for (let attempt = 1; ; attempt++) {
      if (this.closed) throw new Error('PdfRenderer is closed');
      const browser = await this.browser();
      try {
        return await withTimeout(this.print(browser, html), PRINT_TIMEOUT_MS);
      } catch (err) {
        if (err instanceof PdfRenderTimeoutError) {
          // A hung browser (e.g. it died mid-command) is not trusted again.
          this.forget(browser);
          void browser.close().catch(() => undefined);
          throw err;
        }
        if (attempt >= 2 || browser.isConnected()) throw err;
        // Forget the dead browser even if its 'disconnected' event has not fired yet.
        this.forget(browser);
      }
    }
  }

  /**
   * A warm page of `browser`: an idle one from the pool, else a new one in its own context
   * (JavaScript off, network offline). Creating a context and page costs ~100–150 ms of the
   * ~250 ms of a print on the 2-core machine, so pages are reused (issue 8 §1: PDF ≤ 300 ms).
   */
  private async takePage(browser: Browser): Promise<PooledPage> {
    const idle = this.idlePages.get(browser);
    const pooled = idle?.pop();
    if (pooled) return pooled;
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      return { page, uses: 0 };
    } catch (err) {
      await context.close().catch(() => undefined);
      throw err;
    }
  }

  /** Back to the pool, or closed when worn out, closed-down or of a browser no longer used. */
  private releasePage(browser: Browser, pooled: PooledPage): void {
    const idle = this.idlePages.get(browser);
    if (this.closed || this.current !== browser || pooled.uses >= PAGE_MAX_USES || !idle) {
      void pooled.page
        .context()
        .close()
        .catch(() => undefined);
      return;
    }
    idle.push(pooled);
  }

  /**
   * One print on a pooled page. Each print replaces the whole document (setContent), and the
   * page runs no script and has no network, so nothing of one certificate survives into the
   * next; a page whose print failed is closed, never reused.
   */
  private async print(browser: Browser, html: string): Promise<Buffer> {
    if (!this.idlePages.has(browser)) this.idlePages.set(browser, []);
    const pooled = await this.takePage(browser);
    let ok = false;
    try {
      const { page } = pooled;
      await page.setContent(html, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      await page.evaluate(FONTS_READY_JS);
      await page.evaluate(SHRINK_TO_FIT_JS);
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      ok = true;
      return pdf;
    } finally {
      pooled.uses++;
      if (ok) this.releasePage(browser, pooled);
      else
        void pooled.page
          .context()
          .close()
          .catch(() => undefined);
    }
  }

  /**
   * Closes the browser (if one was launched or is launching) and makes later {@link render}
   * calls throw. Renders still in progress fail. Safe to call more than once; never throws.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.idlePages.clear();
    const pending = this.browserPromise;
    this.browserPromise = null;
    this.current = null;
    if (!pending) return;
    const browser = await pending.catch(() => null);
    await browser?.close().catch(() => undefined);
  }
}

/**
 * Settles like `promise`, or rejects with PdfRenderTimeoutError after `ms` milliseconds.
 * (The underlying work is not cancelled.)
 */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfRenderTimeoutError()), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
