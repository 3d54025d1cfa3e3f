/**
 * Dashboard charts (issue 7 §3): applications are seeded through the API — in ward 1 a pending,
 * a verified and an approved tea shop; in ward 2 two approved businesses with long type names
 * (electronics and mobile repair, computer and IT services), all paid at the counter today.
 * The system admin signs in, and the charts' tables show the API's figures, which moved by
 * exactly the seeded mix. The ward and fiscal year filters go into the URL and survive a
 * reload; an old fiscal year shows "no data". axe finds no serious violation on the page's
 * content with the tables hidden or shown. Screenshots in both languages, phone and desktop.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adToBs, bsMonthName, todayAd } from '../src/shared/bs-date.js';
import { formatNumber, formatPaisa } from '../src/shared/format.js';
import {
  apiApprove,
  apiCounterPayment,
  apiCreateApplication,
  apiLogin,
  apiRegister,
  apiUploadProfileDocuments,
  apiVerify,
} from './api';
import { API, login, MESSAGES, SCREENS, screenPage, shoot, unique } from './support';

const en = MESSAGES['en-US'];
const TEA = 'Tea and snack shop';
const ELECTRONICS = 'Electronics and mobile repair';
const IT = 'Computer and IT services';

async function apiJson<T>(method: string, url: string, token: string, body?: FormData) {
  const res = await fetch(`${API}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  const json = (await res.json().catch(() => null)) as T;
  expect(res.ok, `${method} ${url}: ${res.status} ${JSON.stringify(json)}`).toBe(true);
  return json;
}

/**
 * An application of the business type named `typeEn` in ward `wardNo` (apiCreateApplication
 * always makes a ward 1 tea shop); the applicant's profile documents must be uploaded.
 */
async function apiApplyIn(token: string, wardNo: number, typeEn: string, businessName: string) {
  const types = await apiJson<{ data: { id: number; nameEn: string }[] }>(
    'GET',
    '/business-types/all',
    token,
  );
  const wards = await apiJson<{ data: { id: number; number: number }[] }>(
    'GET',
    '/wards/all',
    token,
  );
  const fd = new FormData();
  const fields: Record<string, string | number> = {
    businessName,
    ownerName: 'Mina Gurung',
    fatherOrHusbandName: 'Ram Bahadur Gurung',
    businessTypeId: types.data.find((t) => t.nameEn === typeEn)!.id,
    permStateId: 3, // Bagmati Province
    permDistrictId: 29, // Lalitpur
    permCityId: 331, // Lalitpur Metropolitan City
    permWardNo: 5,
    wardId: wards.data.find((w) => w.number === wardNo)!.id,
    locAddress: `Lalitpur-${wardNo}`,
    locMobile: '9841000002',
    capitalMax: 500000,
    capitalCurrent: 300000,
    capitalPaidUp: 200000,
    applicantName: 'Mina Gurung',
    applicantAddress: 'Lalitpur-5',
    applicantContact: '9841000002',
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, String(v));
  // The photo and citizenship come from the profile; no other document is compulsory.
  const res = await apiJson<{ data: { id: number } }>('POST', '/applications', token, fd);
  return res.data.id;
}

/** The system admin verifies, takes the counter payment (today) and approves. */
async function apiApproveAsAdmin(adminToken: string, id: number, receiptNo: string) {
  const remarks = new FormData();
  remarks.append('remarks', 'Documents checked');
  await apiJson('POST', `/applications/${id}/verify`, adminToken, remarks);
  await apiCounterPayment(adminToken, id, receiptNo);
  await apiJson('POST', `/applications/${id}/approve`, adminToken, new FormData());
}

interface Figures {
  total: number;
  pending: number;
  verified: number;
  approved: number;
  paidAmount: number;
  fiscalYear: { id: number; code: string } | null;
  byWard: { wardId: number; number: number; n: number }[];
  byBusinessType: { id: number; nameEn: string; nameNe: string; n: number }[];
  revenueByMonth: { month: number; total: number }[];
}

async function figures(token: string, query = ''): Promise<Figures> {
  const res = await fetch(`${API}/dashboard${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Figures }).data;
}

/** The [label, value] rows of the table of the chart with this heading. */
async function tableRows(page: Page, heading: string) {
  const table = page.getByRole('region', { name: heading }).getByRole('table');
  return table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')),
    );
}

/** axe (WCAG 2.x A and AA) on the page's main content: serious and critical findings, as lines. */
async function axeFailures(page: Page) {
  // The page's own content; the header and navigation are scanned by a11y.spec.ts.
  const result = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${v.impact} ${v.id} at ${n.target.join(' ')}: ${n.html.slice(0, 200)} ${n.failureSummary ?? ''}`,
      ),
    );
}

test('the dashboard charts show the database figures; filters live in the URL', async ({
  page,
  browser,
}) => {
  const admin = await apiLogin('admin');
  const before = await figures(admin.token);

  // the mix
  const { stamp, mobile } = unique('98');
  const applicant = await apiRegister({
    name: 'Dashboard Applicant',
    username: `dash_${stamp}`,
    phone: mobile,
  });
  await apiCreateApplication(applicant.token, `Dash Pending ${stamp}`, 'Mina Gurung', mobile);
  const verified = await apiCreateApplication(
    applicant.token,
    `Dash Verified ${stamp}`,
    'Mina Gurung',
    mobile,
  );
  await apiVerify(verified.id);
  const approved = await apiCreateApplication(
    applicant.token,
    `Dash Approved ${stamp}`,
    'Mina Gurung',
    mobile,
  );
  await apiApprove(approved.id, `D1-${stamp}`);
  await apiUploadProfileDocuments(applicant.token);
  for (const [i, type] of [ELECTRONICS, IT].entries()) {
    const id = await apiApplyIn(applicant.token, 2, type, `Dash Ward 2 ${i} ${stamp}`);
    await apiApproveAsAdmin(admin.token, id, `D2${i}-${stamp}`);
  }

  const after = await figures(admin.token);
  expect(after.total - before.total).toBe(5);
  expect(after.pending - before.pending).toBe(1);
  expect(after.verified - before.verified).toBe(1);
  expect(after.approved - before.approved).toBe(3);
  const inWard = (f: Figures, n: number) => f.byWard.find((w) => w.number === n)?.n ?? 0;
  expect(inWard(after, 1) - inWard(before, 1)).toBe(1);
  expect(inWard(after, 2) - inWard(before, 2)).toBe(2);
  const ofType = (f: Figures, name: string) =>
    f.byBusinessType.find((b) => b.nameEn === name)?.n ?? 0;
  for (const type of [TEA, ELECTRONICS, IT]) {
    expect(ofType(after, type) - ofType(before, type), type).toBe(1);
  }
  const thisMonth = adToBs(todayAd()).month;
  const revenue = (f: Figures) => f.revenueByMonth.find((m) => m.month === thisMonth)!.total;
  const paid = after.paidAmount - before.paidAmount;
  expect(paid).toBeGreaterThan(0);
  expect(revenue(after) - revenue(before)).toBe(paid);

  // the admin's dashboard: the cards and every chart's table equal the API's figures
  await login(page, 'admin');
  await expect(page.getByRole('heading', { name: en.charts.byStatus })).toBeVisible();
  // the current fiscal year is the default filter
  await expect(page.locator('select[name=fiscalYearId]')).toHaveValue(String(after.fiscalYear!.id));
  const statusRows = await tableRows(page, en.charts.byStatus);
  expect(statusRows.find(([l]) => l === en.status.pending)?.[1]).toBe(
    formatNumber(after.pending, 'en-US'),
  );
  expect(statusRows.find(([l]) => l === en.status.approved)?.[1]).toBe(
    formatNumber(after.approved, 'en-US'),
  );
  expect(statusRows.at(-1)).toEqual([en.charts.total, formatNumber(after.total, 'en-US')]);
  expect(await tableRows(page, en.charts.byWard)).toEqual(
    after.byWard.map((w) => [`Ward ${w.number}`, formatNumber(w.n, 'en-US')]),
  );
  expect(await tableRows(page, en.charts.byBusinessType)).toEqual(
    after.byBusinessType.map((b) => [b.nameEn, formatNumber(b.n, 'en-US')]),
  );
  const revenueRows = await tableRows(page, en.charts.revenue);
  expect(revenueRows).toContainEqual([
    bsMonthName(thisMonth, 'en-US'),
    formatPaisa(revenue(after), 'en-US'),
  ]);
  // charts are drawn (SVG bars), and "Show as table" shows the table
  await expect(
    page.getByRole('region', { name: en.charts.byWard }).locator('.recharts-bar-rectangle'),
  ).not.toHaveCount(0);
  const wardSection = page.getByRole('region', { name: en.charts.byWard });
  await wardSection.getByRole('button', { name: en.charts.showTable }).click();
  await expect(wardSection.getByRole('table')).toBeVisible();
  expect(await axeFailures(page)).toEqual([]);

  // the ward filter: in the request and the URL; a reload keeps it
  const wards = await apiJson<{ data: { id: number; number: number }[] }>(
    'GET',
    '/wards/all',
    admin.token,
  );
  const w1 = wards.data.find((w) => w.number === 1)!;
  const filtered = page.waitForResponse(
    (r) => r.url().includes('/api/dashboard') && r.url().includes(`wardId=${w1.id}`),
  );
  await page.locator('select[name=wardId]').selectOption(String(w1.id));
  await filtered;
  await expect(page).toHaveURL(new RegExp(`wardId=${w1.id}`));
  const inWard1 = await figures(
    admin.token,
    `?fiscalYearId=${after.fiscalYear!.id}&wardId=${w1.id}`,
  );
  await expect
    .poll(() => tableRows(page, en.charts.byWard))
    .toEqual([['Ward 1', formatNumber(inWard1.byWard[0].n, 'en-US')]]);
  await page.reload();
  await expect(page.locator('select[name=wardId]')).toHaveValue(String(w1.id));

  // an old fiscal year: no applications, so every chart says "no data"
  const years = await apiJson<{ data: { id: number; code: string }[] }>(
    'GET',
    '/fiscal-years/all',
    admin.token,
  );
  const old = years.data.find((y) => y.code === '2080/81')!;
  await page.locator('select[name=fiscalYearId]').selectOption(String(old.id));
  await expect(page).toHaveURL(new RegExp(`fiscalYearId=${old.id}`));
  for (const heading of [
    en.charts.byStatus,
    en.charts.byWard,
    en.charts.byBusinessType,
    en.charts.revenue,
  ]) {
    await expect(
      page.getByRole('region', { name: heading }).getByText(en.charts.noData),
    ).toBeVisible();
  }
  expect(await axeFailures(page)).toEqual([]);

  // screenshots: the current year, the whole palika
  for (const s of SCREENS) {
    const p = await screenPage(browser, s.device, s.lang, admin);
    const m = MESSAGES[s.lang];
    // charts drawn at once, not mid-animation (the page honours reduced motion)
    await p.emulateMedia({ reducedMotion: 'reduce' });
    await p.goto('/dashboard');
    await expect(p.getByRole('heading', { name: m.charts.revenue })).toBeVisible();
    for (const heading of [m.charts.byWard, m.charts.byBusinessType, m.charts.revenue]) {
      await expect(
        p.getByRole('region', { name: heading }).locator('.recharts-bar-rectangle'),
        heading,
      ).not.toHaveCount(0);
    }
    // the figures in the language's digits and names, e.g. the total in the status table and
    // a long business type name
    await expect(
      p.getByRole('region', { name: m.charts.byStatus }).getByRole('table'),
    ).toContainText(formatNumber(after.total, s.lang));
    await expect(
      p.getByRole('region', { name: m.charts.byBusinessType }).getByRole('table'),
    ).toContainText(s.lang === 'ne' ? 'इलेक्ट्रोनिक्स तथा मोबाइल मर्मत' : ELECTRONICS);
    await shoot(p, `dashboard-${s.suffix}`);
    await p.context().close();
  }
});
