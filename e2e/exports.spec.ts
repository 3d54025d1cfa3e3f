/**
 * List exports through the Export button (issue 7 §4): as the admin, the applications list
 * filtered by a search and a status downloads as CSV and XLSX holding exactly the filtered
 * rows, with a header row in the interface language (English, then Nepali), and a business
 * name starting with '=' neutralised; a setup-data list (states) exports with its search too.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { apiCreateApplication, apiRegister } from './api';
import { login, MESSAGES, switchLanguage, unique, type Lang } from './support';

const en = MESSAGES['en-US'];
const ne = MESSAGES.ne;

/** Chooses a format in the Export menu and answers the download. */
async function exportAs(page: Page, lang: Lang, format: 'csv' | 'xlsx'): Promise<Download> {
  const m = MESSAGES[lang];
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: m.export.button, exact: true }).click();
  await page
    .getByRole('menuitem', { name: format === 'csv' ? m.export.csv : m.export.xlsx })
    .click();
  return download;
}

/** A downloaded CSV as rows of cells (simple quoting: these files have no newlines in cells). */
async function csvRows(d: Download): Promise<string[][]> {
  const text = (await readFile((await d.path())!, 'utf8')).replace(/^\uFEFF/, '');
  return text
    .trim()
    .split('\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .filter((m, i, all) => i < all.length - 1 || m[0] !== '')
        .map((m) => m[1].replace(/^"|"$/g, '').replace(/""/g, '"')),
    );
}

/** A downloaded XLSX's first sheet as rows of cell values. */
async function xlsxRows(d: Download): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile((await d.path())!);
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return rows;
}

test('the applications list exports its filtered rows as CSV and XLSX, in English and Nepali', async ({
  page,
}) => {
  const { stamp, mobile } = unique('98');
  const applicant = await apiRegister({
    name: 'Sita Export',
    username: `export_${stamp}`,
    phone: mobile,
  });
  const plain = `Export Tea House ${stamp}`;
  const formula = `=HYPERLINK("http://x","Export ${stamp}")`;
  await apiCreateApplication(applicant.token, plain, 'Sita Export', mobile);
  await apiCreateApplication(applicant.token, formula, 'Sita Export', mobile);

  await login(page, 'admin');
  // the search (in the URL) and the status filter are the list's filters
  await page.goto(`/business/applications?q=${stamp}`);
  await page.getByLabel(en.applications.status).selectOption('pending');
  const table = page.getByRole('table', { name: en.applications.title });
  await expect(table.getByRole('link', { name: plain })).toBeVisible();

  const csv = await csvRows(await exportAs(page, 'en-US', 'csv'));
  expect(csv[0][0]).toBe(en.applications.submissionNo);
  expect(csv[0]).toContain(en.applications.businessName);
  const nameCol = csv[0].indexOf(en.applications.businessName);
  const statusCol = csv[0].indexOf(en.applications.status);
  expect(
    csv
      .slice(1)
      .map((r) => r[nameCol])
      .sort(),
  ).toEqual([`'${formula}`, plain].sort());
  expect(csv.slice(1).every((r) => r[statusCol] === en.status.pending)).toBe(true);

  const xlsx = await xlsxRows(await exportAs(page, 'en-US', 'xlsx'));
  expect(xlsx[0][0]).toBe(en.applications.submissionNo);
  expect(
    xlsx
      .slice(1)
      .map((r) => r[nameCol])
      .sort(),
  ).toEqual([`'${formula}`, plain].sort());

  // another status: nothing of these two
  await page.getByLabel(en.applications.status).selectOption('approved');
  await expect(table.getByRole('link', { name: plain })).toHaveCount(0);
  const none = await csvRows(await exportAs(page, 'en-US', 'csv'));
  expect(none).toHaveLength(1);

  // Nepali: the header row and the status in Nepali
  await page.getByLabel(en.applications.status).selectOption('pending');
  await switchLanguage(page, 'ne');
  await expect(
    page.getByRole('table', { name: ne.applications.title }).getByRole('link', { name: plain }),
  ).toBeVisible();
  const nep = await csvRows(await exportAs(page, 'ne', 'csv'));
  expect(nep[0][0]).toBe(ne.applications.submissionNo);
  expect(nep[0]).toContain(ne.applications.businessName);
  expect(nep.slice(1)).toHaveLength(2);
  expect(nep.slice(1).every((r) => r[statusCol] === ne.status.pending)).toBe(true);
  await switchLanguage(page, 'en-US');
});

test('a setup-data list exports with its search', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/state?q=Koshi');
  const table = page.getByRole('table', { name: en.nav.states });
  await expect(table.getByRole('row')).toHaveCount(2);
  const rows = await csvRows(await exportAs(page, 'en-US', 'csv'));
  expect(rows[0]).toEqual([en.fields.name, en.fields.headquarter, en.resource.status]);
  expect(rows).toHaveLength(2);
  expect(rows[1][0]).toContain('Koshi');
  expect(rows[1][2]).toBe(en.resource.active);
  const sheet = await xlsxRows(await exportAs(page, 'en-US', 'xlsx'));
  expect(sheet[0]).toEqual(rows[0]);
  expect(sheet[1][0]).toBe(rows[1][0]);
});
