/**
 * Certificate HTML and PDF: escaping, self-containment, bilingual content, and a real print
 * through Chromium whose text is read back with pdf-parse. Writes /tmp/cert-sample.pdf (and
 * /tmp/cert-sample-revoked.pdf) for a human to look at.
 */
import { writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { CertificateView } from '../../../shared/schemas/certificate.js';
import type { ReceiptView } from '../../../shared/schemas/payments.js';
import { decodePdfQrCodes } from '../../../../test/server/pdf-qr.js';
import { actualTexts, pdfText, squash } from '../../../../test/server/pdf-text.js';
import { PdfRenderer, renderCertificateHtml, renderReceiptHtml } from './index.js';
import { escapeHtml } from './templates/common.js';

const sample: CertificateView = {
  applicationId: 42,
  registrationNo: '1/2082-83',
  verifyCode: 'K7Q2-9XMD',
  fiscalYear: { en: '2082/83', ne: '२०८२/८३' },
  palika: {
    name: { en: 'Lalitpur', ne: 'ललितपुर' },
    category: { en: 'Metropolitan City', ne: 'महानगरपालिका' },
    district: { en: 'Lalitpur', ne: 'ललितपुर' },
    province: { en: 'Bagmati Province', ne: 'बागमती प्रदेश' },
    title: { en: 'Lalitpur Metropolitan City', ne: 'ललितपुर महानगरपालिका' },
    emblemUrl: '/api/settings/emblem?v=default',
    office: { address: { en: '', ne: '' }, phone: '', email: '' },
  },
  ward: {
    number: 1,
    name: { en: 'Ward No. 1', ne: 'वडा नं. १' },
    chairName: { en: 'Ram Bahadur Shrestha', ne: 'राम बहादुर श्रेष्ठ' },
    secretaryName: { en: 'Sita Kumari Maharjan', ne: 'सीता कुमारी महर्जन' },
    address: { en: 'Pulchowk', ne: 'पुल्चोक' },
  },
  businessName: 'Himalayan Tea House',
  ownerName: 'Suman Tamang',
  fatherOrHusbandName: 'Dorje Tamang',
  owners: [{ name: 'Suman Tamang', fatherOrHusbandName: 'Dorje Tamang' }],
  firmName: 'हिमालयन टी हाउस प्रा. लि.',
  businessType: { en: 'Restaurant and Tea Shop', ne: 'रेष्टुरेन्ट तथा चिया पसल' },
  // Conjuncts and joiners that need real shaping: क्ष, त्र, द्द, र्‍ (eyelash ra via ZWJ).
  description: 'चिया, खाजा तथा हल्का खाना — क्षेत्रीय र्\u200Dयाली, त्रिभुवन, रद्द',
  location: { address: 'Jhamsikhel Road', tole: 'झम्सिखेल', mobile: '9841234567' },
  permanentAddress: {
    province: { en: 'Bagmati Province', ne: 'बागमती प्रदेश' },
    district: { en: 'Kathmandu', ne: 'काठमाडौं' },
    city: { en: 'Kathmandu Metropolitan City', ne: 'काठमाडौं महानगरपालिका' },
    wardNo: 16,
    tole: 'Balaju',
    chowk: 'Ganesh Chowk',
  },
  capital: { max: 500_000_000, current: 250_000_000, paidUp: 150_000_000 },
  registrationDate: '2025-07-17', // 2082-04-01 BS
  expiryDate: '2026-07-16', // 2083-03-32 BS
  issuedAt: '2025-07-17T06:30:00.000Z',
  revoked: false,
};

/** A partnership of four (SPEC §5: at most 4 names), Latin and Devanagari names. */
const partnership: CertificateView = {
  ...sample,
  owners: [
    { name: 'Suman Tamang', fatherOrHusbandName: 'Dorje Tamang' },
    { name: 'सीता कुमारी तामाङ', fatherOrHusbandName: 'बुद्ध तामाङ' },
    { name: 'Pemba Sherpa', fatherOrHusbandName: 'Nima Tenzing Lama Sherpa' },
    { name: 'Gita Gurung', fatherOrHusbandName: null },
  ],
};

/** A receipt with every fee line. Paisa. */
const receipt: ReceiptView = {
  receiptNo: 'R-2082-000123',
  paidDate: '2025-07-17',
  channel: 'khalti',
  gatewayTxnId: 'KH-123',
  palika: { en: 'Lalitpur Metropolitan City', ne: 'ललितपुर महानगरपालिका' },
  office: {
    address: { en: 'Pulchowk, Lalitpur', ne: 'पुल्चोक, ललितपुर' },
    phone: '01-5521234',
    email: 'info@lalitpurmun.gov.np',
  },
  ward: { number: 1, en: 'Ward No. 1', ne: 'वडा नं. १' },
  submissionNo: 'S-2082-00042',
  registrationNo: '1/2082-83',
  businessName: 'Himalayan Tea House',
  ownerName: 'Suman Tamang',
  lines: {
    businessTax: 1_000_000,
    fine: 100_000,
    rentTax: 84_500,
    adminCost: 50_000,
    serviceFee: 0,
    discount: 50_000,
  },
  total: 1_184_500, // 10,000 + 1,000 + 845 + 500 − 500 rupees
  fiscalYear: { en: '2082/83', ne: '२०८२/८३' },
};

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    expect(escapeHtml('व्यवसाय 12')).toBe('व्यवसाय 12');
  });
});

describe('renderCertificateHtml', () => {
  it('escapes data values', () => {
    const html = renderCertificateHtml({
      ...sample,
      businessName: '<script>alert("x")</script>',
      ownerName: `O'Brien & Sons <b>`,
      owners: [{ name: `O'Brien & Sons <b>`, fatherOrHusbandName: null }],
    });
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('O&#39;Brien &amp; Sons &lt;b&gt;');
  });

  it('is self-contained: fonts inlined, nothing fetched', () => {
    const html = renderCertificateHtml(sample);
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain("font-family:'Noto Sans Devanagari'");
    expect(html.match(/url\(data:font\/woff2;base64,/g)).toHaveLength(4);
    expect(html).not.toMatch(/url\((?!data:)/);
    expect(html).not.toMatch(/<(link|script|iframe)\b/i);
    // the emblem is the one image, inlined (settings, issue 17 §6)
    expect(html.match(/<img\b[^>]*>/gi)).toEqual([
      expect.stringMatching(/^<img class="flag" src="data:image\/svg\+xml;base64,/),
    ]);
  });

  it('shows both languages, Nepali digits and BS dates', () => {
    const html = renderCertificateHtml(sample);
    for (const s of [
      'ललितपुर महानगरपालिका',
      'Lalitpur Metropolitan City',
      '१ नं. वडा कार्यालय',
      'व्यवसाय दर्ता प्रमाणपत्र',
      'Business Registration Certificate',
      '१/२०८२-८३',
      '1/2082-83',
      '२०८२-०४-०१',
      '2082-04-01',
      '२०८३-०३-३२',
      'रु. ५०,००,०००.००',
      'Rs. 15,00,000.00',
      'राम बहादुर श्रेष्ठ',
      'Sita Kumari Maharjan',
      'K7Q2-9XMD',
    ]) {
      expect(html, s).toContain(s);
    }
    expect(html).not.toContain('REVOKED');
  });

  it('marks a revoked certificate', () => {
    const html = renderCertificateHtml({ ...sample, revoked: true });
    expect(html).toContain('REVOKED');
    expect(html).toContain('<span class="wm-ne">रद्द</span>');
  });

  it('shows a dash for a missing firm name and omits a missing description', () => {
    const html = renderCertificateHtml({ ...sample, firmName: null, description: null });
    expect(html).toContain('<div class="v clamp2">—</div>');
    expect(html).not.toContain('Nature of Business');
  });

  it('lists every owner of a multiple-owner registration, and the chowk', () => {
    const html = renderCertificateHtml(partnership);
    for (const o of partnership.owners) {
      expect(html, o.name).toContain(o.name);
      if (o.fatherOrHusbandName) expect(html).toContain(o.fatherOrHusbandName);
    }
    expect(html).toContain('व्यवसायीहरू (४ जना)');
    expect(html).toContain('Proprietors (4 partners)');
    expect(html).not.toContain('Name of Proprietor');
    expect(html).toContain('Balaju, Ganesh Chowk, काठमाडौं');
    expect(html).toContain('Balaju, Ganesh Chowk, Kathmandu');
    // one owner: the two rows of the single-owner certificate
    const single = renderCertificateHtml(sample);
    expect(single).toContain('Name of Proprietor');
    expect(single).toContain('Dorje Tamang');
  });
});

describe('renderReceiptHtml', () => {
  it('shows every fee line in both languages, and the total once', () => {
    const html = renderReceiptHtml(receipt);
    for (const s of ['व्यवसाय कर', 'Fine', 'घर बहाल कर', 'Administrative cost', 'छुट']) {
      expect(html, s).toContain(s);
    }
    expect(html).toContain('रु. -५००.००'); // the discount
    expect(html).toContain('Rs. 11,845.00');
    expect(html.match(/Total/g)).toHaveLength(1);
  });
});

describe('PdfRenderer', () => {
  const renderer = new PdfRenderer({ executablePath: process.env.CHROMIUM_PATH });
  afterAll(() => renderer.close());

  it('prints a one-page A4 PDF whose text is searchable in both scripts', async () => {
    const url = `http://localhost:3000/verify/${sample.verifyCode}`;
    const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 0 });
    const pdf = await renderer.render(renderCertificateHtml(sample, { url, qrSvg }));
    await writeFile('/tmp/cert-sample.pdf', pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The printed QR code, read from the rendered page as a camera would, is the verify URL.
    expect(await decodePdfQrCodes(pdf)).toEqual([url]);
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    for (const s of ['Registration No.: 1/2082-83', 'Himalayan Tea House', 'Suman Tamang', url]) {
      expect(text, s).toContain(s);
    }
    // Devanagari: see pdfText for why these are squashed and chosen this way.
    const squashed = squash(text);
    for (const s of [
      'प्रमाणपत्र',
      'व्यवसाय',
      'नं.: १/२०८२-८३',
      'क्षेत्रीय', // क्ष + े + त्र + ी + य
      'बागमती प्रदेश',
      'सीता कुमारी',
      'वडा अध्यक्ष',
      'रु. ५०,००,०००.००',
      '२०८२-०४-०१',
      '२०८३-०३-३२',
      'K7Q2-9XMD', // letter-spaced in the PDF
    ]) {
      expect(squashed, s).toContain(squash(s));
    }
    // The eyelash ra (र + ् + ZWJ) and the द्द conjunct map one-to-one, so pdf.js has them.
    expect(squashed).toContain('र्\u200Dयाली');
    expect(squashed).toContain('रद्द');
    // The clusters pdf.js drops are in the PDF as /ActualText: reph (दर्ता, कार्यालय),
    // i-matra (ललितपुर), श्र (श्रेष्ठ), त्रि (त्रिभुवन).
    const spans = actualTexts(pdf);
    for (const s of ['र्ता', 'र्या', 'लि', 'श्रे', 'त्रि']) {
      expect(spans, s).toContain(s);
    }
  });

  it('keeps a certificate with every field at its maximum length on one page', async () => {
    const long = (s: string, n: number) => s.repeat(Math.ceil(n / s.length)).slice(0, n);
    const pdf = await renderer.render(
      renderCertificateHtml({
        ...sample,
        businessName: long('क्षेत्रीय व्यवसाय ', 120),
        ownerName: long('Owner Name ', 120),
        fatherOrHusbandName: long('पिता ', 120),
        owners: [{ name: long('Owner Name ', 120), fatherOrHusbandName: long('पिता ', 120) }],
        firmName: long('Firm ', 160),
        description: long('विवरण ', 2000),
        location: {
          address: long('Address ', 200),
          tole: long('Tole ', 120),
          mobile: '9841234567',
        },
        permanentAddress: {
          ...sample.permanentAddress,
          tole: long('टोल ', 120),
          chowk: long('चोक ', 120),
        },
        capital: { max: 100_000_000_000, current: 100_000_000_000, paidUp: 100_000_000_000 },
      }),
    );
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    // The signatures and the verify code at the bottom are still on the page.
    expect(text).toContain('Ram Bahadur Shrestha');
    expect(squash(text)).toContain('K7Q2-9XMD');
  });

  it('prints every owner and the chowk of a partnership with the longest names on one page', async () => {
    const long = (s: string, n: number) => s.repeat(Math.ceil(n / s.length)).slice(0, n);
    const plain = await renderer.render(renderCertificateHtml(partnership));
    await writeFile('/tmp/cert-sample-partners.pdf', plain);
    const { text, pages } = await pdfText(plain);
    expect(pages).toBe(1);
    for (const s of [
      'Suman Tamang',
      'Pemba Sherpa',
      'Gita Gurung',
      'Ganesh Chowk',
      'Nima Tenzing Lama Sherpa',
    ])
      expect(squash(text), s).toContain(squash(s));
    // Devanagari owner and father names (forms pdf.js maps one-to-one)
    for (const s of ['सीता कुमारी तामाङ', 'बुद्ध तामाङ']) expect(squash(text), s).toContain(squash(s));
    const owners = [1, 2, 3, 4].map((i) => ({
      name: long(`Partner ${i} Longname `, 120),
      fatherOrHusbandName: long(`पिता ${i} `, 120),
    }));
    const longest = await renderer.render(
      renderCertificateHtml({
        ...partnership,
        owners,
        businessName: long('क्षेत्रीय व्यवसाय ', 120),
        firmName: long('Firm ', 160),
        description: long('विवरण ', 2000),
        location: {
          address: long('Address ', 200),
          tole: long('Tole ', 120),
          mobile: '9841234567',
        },
        permanentAddress: {
          ...sample.permanentAddress,
          tole: long('टोल ', 120),
          chowk: long('Chowk ', 120),
        },
        capital: { max: 100_000_000_000, current: 100_000_000_000, paidUp: 100_000_000_000 },
      }),
    );
    const l = await pdfText(longest);
    expect(l.pages).toBe(1);
    for (const i of [1, 2, 3, 4]) expect(squash(l.text)).toContain(`Partner${i}Longname`);
    expect(l.text).toContain('Ram Bahadur Shrestha');
    expect(squash(l.text)).toContain('K7Q2-9XMD');
  });

  it('prints the longest receipt (every fee line, long Nepali names) on one A5 page', async () => {
    const long = (s: string, n: number) => s.repeat(Math.ceil(n / s.length)).slice(0, n);
    const pdf = await renderer.render(
      renderReceiptHtml({
        ...receipt,
        businessName: long('क्षेत्रीय चिया तथा खाजा व्यवसाय ', 120),
        ownerName: long('श्री सीता कुमारी महर्जन ', 120),
        palika: { en: long('Palika ', 120), ne: long('पालिका ', 120) },
        ward: { number: 33, en: long('Ward ', 60), ne: long('वडा ', 60) },
        gatewayTxnId: 'KHALTI-0123456789ABCDEFGHIJ',
      }),
    );
    await writeFile('/tmp/receipt-sample.pdf', pdf);
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    // the total, in both scripts, is on that page
    expect(text).toContain('Rs. 11,845.00');
    expect(squash(text)).toContain(squash('रु. ११,८४५.००'));
    expect(text).toContain('Issued by the Darta system.');
  });

  it('prints a revoked certificate with the watermark', async () => {
    const pdf = await renderer.render(renderCertificateHtml({ ...sample, revoked: true }));
    await writeFile('/tmp/cert-sample-revoked.pdf', pdf);
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(squash(text)).toContain('REVOKED');
    expect(text).toContain('This certificate has been revoked');
  });

  it('marks a duplicate and an amended version with their issue date (BS), on one page', async () => {
    const issuedAt = '2025-10-01T05:00:00.000Z'; // 2082-06-15 BS in Kathmandu
    const dup = await renderer.render(
      renderCertificateHtml({ ...sample, issuedAt, kind: 'duplicate' }),
    );
    await writeFile('/tmp/cert-sample-duplicate.pdf', dup);
    const d = await pdfText(dup);
    expect(d.pages).toBe(1);
    expect(d.text).toContain('DUPLICATE — ');
    expect(d.text).toContain('(2082-06-15 B.S.)');
    // pdf.js drops the i-matras of प्रतिलिपि (see pdfText); the rest reads in order
    expect(squash(d.text)).toMatch(/प्रति?लि?पि?\/DUPLICATE—२०८२-०६-१५/);

    const amended = await renderer.render(
      renderCertificateHtml({ ...sample, issuedAt, kind: 'amendment' }),
    );
    await writeFile('/tmp/cert-sample-amended.pdf', amended);
    const a = await pdfText(amended);
    expect(a.pages).toBe(1);
    expect(a.text).toContain('Amended certificate — ');
    expect(a.text).not.toContain('DUPLICATE');
    expect(squash(a.text)).toMatch(/संशोधि?त\s*प्रमाणपत्र\/Amendedcertificate—२०८२-०६-१५/);

    // a first issue carries no mark
    const plain = await pdfText(
      await renderer.render(renderCertificateHtml({ ...sample, kind: 'issue' })),
    );
    expect(plain.text).not.toContain('DUPLICATE');
    expect(plain.text).not.toContain('Amended');
  });

  it('reuses a warm page across prints, and each PDF holds only its own document', async () => {
    const launch = vi.spyOn(chromium, 'launch');
    const own = new PdfRenderer({ executablePath: process.env.CHROMIUM_PATH });
    try {
      const first = await own.render(renderCertificateHtml(sample));
      const browser = await launch.mock.results[0].value;
      const newContext = vi.spyOn(browser, 'newContext');
      const other = { ...sample, businessName: 'Annapurna Bakery', ownerName: 'Gita Gurung' };
      const second = await own.render(renderCertificateHtml(other));
      const third = await own.render(renderCertificateHtml(sample));
      // sequential prints on the page kept from the first one: no new context
      expect(newContext).not.toHaveBeenCalled();
      const [a, b, c] = await Promise.all([first, second, third].map((p) => pdfText(p)));
      expect(b.text).toContain('Annapurna Bakery');
      expect(b.text).not.toContain('Himalayan Tea House');
      expect(b.pages).toBe(1);
      expect(c.text).toContain('Himalayan Tea House');
      expect(c.text).not.toContain('Annapurna Bakery');
      expect(c.text).toBe(a.text);
    } finally {
      await own.close();
      launch.mockRestore();
    }
  });

  it('launches one browser for concurrent first calls and relaunches after a disconnect', async () => {
    const launch = vi.spyOn(chromium, 'launch');
    const own = new PdfRenderer({ executablePath: process.env.CHROMIUM_PATH });
    try {
      const html = renderCertificateHtml(sample);
      const pdfs = await Promise.all([own.render(html), own.render(html), own.render(html)]);
      expect(pdfs.every((p) => p.subarray(0, 5).toString('latin1') === '%PDF-')).toBe(true);
      expect(launch).toHaveBeenCalledTimes(1);

      const browser = await launch.mock.results[0].value;
      await browser.close(); // as if Chromium had crashed
      const again = await own.render(html);
      expect(again.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(launch).toHaveBeenCalledTimes(2);
    } finally {
      await own.close();
      launch.mockRestore();
    }
    await expect(own.render('<p>x</p>')).rejects.toThrow('PdfRenderer is closed');
  });
});
