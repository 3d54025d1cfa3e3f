/**
 * Reads the QR codes printed in a PDF, as a phone camera would: each page is rendered to a
 * bitmap (pdf.js through pdf-parse, drawn by @napi-rs/canvas) and scanned with jsQR. Used by the
 * certificate tests (issue 7 acceptance: "the QR in a real certificate PDF decodes to the verify
 * URL"), so the check covers the printed picture, not the HTML that produced it.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';

/**
 * The text of the first QR code found on each page (null for a page without a readable one).
 * `scale` 2 renders an A4 page at about 1190×1684 px, enough for a 2–3 cm printed code.
 */
export async function decodePdfQrCodes(pdf: Uint8Array, scale = 2): Promise<(string | null)[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const shots = await parser.getScreenshot({ scale, imageBuffer: true, imageDataUrl: false });
    const found: (string | null)[] = [];
    for (const page of shots.pages) {
      const image = await loadImage(Buffer.from(page.data));
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      const { data, width, height } = ctx.getImageData(0, 0, image.width, image.height);
      const code = jsQR(
        new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
        width,
        height,
      );
      found.push(code ? code.data : null);
    }
    return found;
  } finally {
    await parser.destroy();
  }
}
