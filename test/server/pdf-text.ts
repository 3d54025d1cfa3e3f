/**
 * Reading back the PDFs the server prints (certificate, receipt): the text and page count
 * through pdf-parse (pdf.js), and the /ActualText spans Chromium writes for Devanagari clusters.
 */
import { inflateSync } from 'node:zlib';
import { PDFParse } from 'pdf-parse';

/**
 * Text of every page of a PDF (via pdf-parse, i.e. pdf.js), and the page count.
 *
 * pdf.js reads each glyph's ToUnicode entry only. Chromium (Skia) maps a Devanagari glyph
 * that stands for several characters, or sits out of logical order (the i-matra ि drawn
 * before its consonant, the reph र् drawn above the next one, ligatures like श्र), to nothing
 * and records the real characters in a marked-content /ActualText span instead; pdf.js ignores
 * those, so it returns e.g. 'ल\u0000लतपुर' for 'ललितपुर' and 'दता ' for 'दर्ता', and breaks words
 * with spaces. Viewers that honour /ActualText (Acrobat, poppler's pdftotext) get the exact
 * text. So tests assert on `squash`ed text (no whitespace, no NUL) and words without those
 * forms, and `actualTexts` checks the clusters pdf.js misses.
 */
export async function pdfText(data: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    const result = await parser.getText();
    return { text: result.text, pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** Removes whitespace and NUL characters (what pdf.js leaves for unmapped glyphs). */
export const squash = (s: string): string =>
  s.replace(/\s+/g, '').replaceAll(String.fromCharCode(0), '');

/** The /ActualText strings (UTF-16BE hex, as Skia writes them) of every Flate stream. */
export function actualTexts(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue; // not a Flate stream (fonts are compressed too, but hold no ActualText)
    }
    for (const a of content.matchAll(/\/ActualText\s*<([0-9A-Fa-f]+)>/g)) {
      const bytes = Buffer.from(a[1], 'hex');
      bytes.swap16(); // UTF-16BE → UTF-16LE
      out.push(bytes.toString('utf16le').replace(/^\uFEFF/, ''));
    }
  }
  return out;
}
