import { describe, expect, it } from 'vitest';
import { parse } from 'content-disposition';
import { asciiFileName, contentDisposition } from './disposition.js';

describe('contentDisposition', () => {
  it('gives a Devanagari registration number as filename* with an ASCII filename', () => {
    const h = contentDisposition('certificate-४५६/०७५-७६.pdf');
    expect(h).toContain("filename*=UTF-8''");
    expect(h).toContain('filename=certificate-456-075-76.pdf');
    expect(parse(h).parameters.filename).toBe('certificate-४५६-०७५-७६.pdf');
    // a header Node accepts: nothing outside printable ASCII
    expect(/^[\x20-\x7e]+$/.test(h)).toBe(true);
  });

  it('keeps an ASCII name and turns path separators into dashes', () => {
    expect(parse(contentDisposition('receipt-R/12.pdf')).parameters.filename).toBe(
      'receipt-R-12.pdf',
    );
    expect(parse(contentDisposition('file-3.png', 'inline')).type).toBe('inline');
    expect(asciiFileName('व्यवसाय 12.pdf')).toBe('-12.pdf');
  });
});
