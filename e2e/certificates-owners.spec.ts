/**
 * Trustworthy documents (issue 17 §5): a partnership of four, approved through the API, has a
 * certificate whose web page and downloaded PDF list every owner and the permanent address's
 * chowk, in English on a desktop and in Nepali on a 360 px phone; with the English interface
 * the Nepali half still writes its dates in Devanagari digits. The certificate and receipt PDFs
 * are saved as pictures (pdftoppm) in docs/screenshots, the receipt on one A5 page.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { formatBs, todayBs } from '../src/shared/bs-date.js';
import { apiApprove, apiCreateApplication, apiRegister } from './api';
import {
  API,
  MESSAGES,
  pdfText,
  SCREENSHOTS,
  screenPage,
  shoot,
  unique,
  type Device,
  type Lang,
} from './support';

const run = promisify(execFile);

/** Removes whitespace and the NULs pdf.js leaves for Devanagari clusters it cannot map. */
const squash = (s: string) => s.replace(/\s+/g, '').replaceAll(String.fromCharCode(0), '');

/** Saves the first page of a PDF as docs/screenshots/<name>.png (pdftoppm, 80 dpi). */
async function pdfPicture(pdf: string, name: string) {
  await run('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, path.join(SCREENSHOTS, name)]);
}

/** The number of pages of a PDF, as poppler's pdfinfo reads it. */
async function pdfPages(pdf: string) {
  const { stdout } = await run('pdfinfo', [pdf]);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
}

/** Downloads the certificate PDF from its page; the file's path. */
async function downloadCertificate(page: Page, lang: Lang) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: MESSAGES[lang].certificate.downloadPdf }).click();
  return (await (await downloading).path())!;
}

test('a partnership certificate lists every owner and the chowk, on the web and in the PDF', async ({
  browser,
}) => {
  const { stamp, mobile } = unique('98');
  const owners = [
    { name: `Maya Gurung ${stamp}`, fatherOrHusbandName: 'Ram Bahadur Gurung' },
    { name: `Hari Gurung ${stamp}`, fatherOrHusbandName: 'Shyam Gurung' },
    { name: 'सीता कुमारी तामाङ', fatherOrHusbandName: 'बुद्ध तामाङ' },
    { name: `Bikash Rai ${stamp}`, fatherOrHusbandName: 'Dil Kumar Rai' },
  ];
  const chowk = 'Ganesh Chowk';
  const applicant = await apiRegister({
    name: owners[0].name,
    username: `maya_${stamp}`,
    phone: mobile,
  });
  const { id } = await apiCreateApplication(
    applicant.token,
    `Annapurna Traders ${stamp}`,
    owners[0].name,
    mobile,
    {
      kind: 'multiple',
      owners: JSON.stringify(owners.map((o) => ({ ...o, citizenshipNo: '' }))),
      permChowk: chowk,
    },
  );
  await apiApprove(id, `CO-${stamp}`);

  const screens: [Device, Lang, string][] = [
    ['desktop', 'en-US', 'en-desktop'],
    ['phone', 'ne', 'ne-phone'],
  ];
  for (const [device, lang, suffix] of screens) {
    const page = await screenPage(browser, device, lang, applicant);
    await page.goto(`/business/certificate/${id}`);
    const ne = page.locator('div[lang="ne"]').filter({ hasText: MESSAGES.ne.certificate.heading });
    const en = page
      .locator('div[lang="en-US"]')
      .filter({ hasText: MESSAGES['en-US'].certificate.heading });
    await expect(ne).toHaveCount(1);
    await expect(en).toHaveCount(1);
    for (const half of [ne, en]) {
      for (const o of owners) {
        await expect(half.getByText(o.name, { exact: true })).toBeVisible();
        await expect(half.getByText(o.fatherOrHusbandName, { exact: true })).toBeVisible();
      }
      await expect(half.getByText(chowk, { exact: true })).toBeVisible();
    }
    await expect(ne.getByText('धनी ४', { exact: true })).toBeVisible();
    await expect(en.getByText('Owner 4', { exact: true })).toBeVisible();
    // whatever the interface language, the Nepali half's dates are in Devanagari digits
    // (registered today) and the English half's in Latin digits
    await expect(ne.getByText(formatBs(todayBs(), 'ne'), { exact: true })).toBeVisible();
    await expect(en.getByText(formatBs(todayBs(), 'en-US'), { exact: true })).toBeVisible();
    await shoot(page, `certificate-owners-${suffix}`);

    const pdf = await downloadCertificate(page, lang);
    const text = squash(await pdfText(pdf));
    for (const o of owners) {
      expect(text, o.name).toContain(squash(o.name));
      expect(text, o.fatherOrHusbandName).toContain(squash(o.fatherOrHusbandName));
    }
    expect(text).toContain(squash(chowk));
    expect(await pdfPages(pdf)).toBe(1);
    if (device === 'desktop') await pdfPicture(pdf, 'certificate-owners-pdf');
    await page.context().close();
  }

  // the receipt of the same registration: one A5 page, the total on it
  const detail = (await (
    await fetch(`${API}/applications/${id}`, {
      headers: { authorization: `Bearer ${applicant.token}` },
    })
  ).json()) as { data: { payments: { id: number; payStatus: string }[] } };
  const paymentId = detail.data.payments.find((p) => p.payStatus === 'completed')!.id;
  const res = await fetch(`${API}/payments/${paymentId}/receipt.pdf`, {
    headers: { authorization: `Bearer ${applicant.token}` },
  });
  expect(res.status).toBe(200);
  const receipt = test.info().outputPath('receipt.pdf');
  await writeFile(receipt, new Uint8Array(await res.arrayBuffer()));
  expect(await pdfPages(receipt)).toBe(1);
  const receiptText = await pdfText(receipt);
  expect(squash(receiptText)).toContain('PAYMENTRECEIPT'); // letter-spaced
  expect(receiptText).toContain('Total');
  expect(receiptText).toMatch(/Rs\. [\d,]+\.\d\d/);
  await pdfPicture(receipt, 'receipt-pdf');
});
