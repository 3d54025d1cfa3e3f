/**
 * What the certificate and receipt templates share: HTML escaping, the embedded Noto fonts
 * (@font-face rules with the woff2 files of @fontsource/noto-sans-devanagari and
 * @fontsource/noto-sans, OFL, inlined as base64 data: URLs so that Chromium prints with no
 * network request and Devanagari shapes correctly), and the bilingual BS date format.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { formatAdAsBs } from '../../../../shared/format.js';

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

/** Nepali and English of one label or value. */
export type Bi = { ne: string; en: string };

/**
 * An AD date ('YYYY-MM-DD', or a timestamp: its Asia/Kathmandu date) as a BS date in both
 * languages: 'YYYY-MM-DD वि.सं.' with Devanagari digits, and 'YYYY-MM-DD B.S.'.
 * @throws RangeError if the date is malformed or outside the supported BS range.
 */
export function bsDate(ad: string): Bi {
  return {
    ne: `${formatAdAsBs(ad, 'ne')} वि.सं.`,
    en: `${formatAdAsBs(ad, 'en-US')} B.S.`,
  };
}
