/**
 * Safe staff actions (issue 17 §7), in English on a desktop and in Nepali on a 360 px phone:
 * - "Make this the current fiscal year" asks first and names its effect; a year without tax
 *   setup is refused in the dialog; once the year's bands exist it becomes current, and the
 *   status switch no longer does it;
 * - after approval the first button downloads the certificate, and "Terminate registration"
 *   is in the "More actions" menu behind a confirmation that says what happens.
 * Then the screenshots of docs/screenshots/staff-*: the detail page with the menu open, a
 * rejected application with its banner, the history tab, the audit log and the fiscal-year
 * dialog, in both languages on both viewports.
 */
import { expect, test, type Page } from '@playwright/test';
import { toNepaliDigits } from '../src/shared/format.js';
import { apiApprove, apiCreateApplication, apiLogin, apiRegister } from './api';
import { listOf, rowsOf } from './lists';
import {
  API,
  MESSAGES,
  SCREENS,
  screenPage,
  shoot,
  unique,
  type Device,
  type Lang,
} from './support';

type Session = Awaited<ReturnType<typeof apiLogin>>;

async function call<T>(method: string, url: string, token: string, body?: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(body ?? {})) fd.append(k, v);
  const res = await fetch(`${API}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    body: method === 'GET' ? undefined : fd,
  });
  const json = (await res.json().catch(() => null)) as T;
  return { status: res.status, json };
}

interface Year {
  id: number;
  code: string;
  isCurrent: boolean;
}

let admin: Session;
let applicant: Session;
/** approved registrations: one to terminate per language, one for the screenshots */
const approved: Record<'en' | 'ne' | 'shots', number> = { en: 0, ne: 0, shots: 0 };
let rejectedId = 0;
let years: Year[] = [];

const yearCode = (lang: Lang, code: string) => (lang === 'ne' ? toNepaliDigits(code) : code);

test.beforeAll(async () => {
  test.setTimeout(240_000);
  admin = await apiLogin('admin');
  const { stamp, mobile } = unique('97');
  applicant = await apiRegister({
    name: 'Maya Gurung',
    username: `maya${stamp}`,
    phone: mobile,
  });
  const ward = await apiLogin('ward1');
  for (const key of ['en', 'ne', 'shots'] as const) {
    const app = await apiCreateApplication(
      applicant.token,
      `Staff ${key} Tea House ${stamp}`,
      'Maya Gurung',
      mobile,
    );
    if (key === 'shots') {
      // a checklist on the citizenship scan, so the history names its boxes
      const detail = await call<{ data: { documents: { id: number; kind: string }[] } }>(
        'GET',
        `/applications/${app.id}`,
        ward.token,
      );
      const boxes = await call<{ data: { id: number }[] }>('GET', '/checkboxes/all', ward.token);
      const doc = detail.json.data.documents[0];
      const res = await fetch(`${API}/applications/${app.id}/documents/${doc.id}/checks`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${ward.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ checks: boxes.json.data.slice(0, 3).map((b) => b.id) }),
      });
      expect(res.status).toBe(200);
    }
    await apiApprove(app.id, `R-${key}-${stamp}`);
    approved[key] = app.id;
  }
  const rejected = await apiCreateApplication(
    applicant.token,
    `Staff Rejected Shop ${stamp}`,
    'Maya Gurung',
    mobile,
  );
  const rej = await call('POST', `/applications/${rejected.id}/reject`, ward.token, {
    remarks:
      'The citizenship scan is unreadable and the capital does not match the firm register. Upload a clear scan and correct the capital.',
  });
  expect(rej.status).toBe(200);
  rejectedId = rejected.id;
  years = (await call<{ data: Year[] }>('GET', '/fiscal-years/all', admin.token)).json.data;
});

/** The fiscal-year list, and the row of `code`. */
async function openFiscalYears(page: Page, lang: Lang) {
  const m = MESSAGES[lang];
  await page.goto('/fiscal-year');
  const table = listOf(page, m.nav.fiscalYears);
  await expect(table.getByText(m.staff.fiscalYear.current, { exact: true })).toBeVisible();
  return table;
}

/** Gives year `id` one band per active business type (the make-current rule needs them). */
async function bandsFor(id: number) {
  const types = await call<{ data: { id: number }[] }>('GET', '/business-types/all', admin.token);
  for (const t of types.json.data) {
    const res = await call('POST', '/tax-setups', admin.token, {
      businessTypeId: String(t.id),
      fiscalYearId: String(id),
      minCapital: '0',
      maxCapital: '100000000',
      taxAmount: '1500',
      renewAmount: '1000',
      renewFine: '100',
      renewDiscount: '0',
    });
    expect([201, 422]).toContain(res.status);
  }
}

async function makeCurrentThroughDialog(page: Page, lang: Lang, target: Year, old: Year) {
  const m = MESSAGES[lang];
  const year = yearCode(lang, target.code);
  const table = await openFiscalYears(page, lang);
  await table
    .getByRole('button', { name: m.staff.fiscalYear.makeCurrentName.replace('{{year}}', year) })
    .click();
  const dialog = page.getByRole('dialog', {
    name: m.staff.fiscalYear.dialogTitle.replace('{{year}}', year),
  });
  await expect(
    dialog.getByText(m.staff.fiscalYear.effectNew.replace('{{year}}', year)),
  ).toBeVisible();
  await expect(
    dialog.getByText(m.staff.fiscalYear.effectOld.replace('{{old}}', yearCode(lang, old.code))),
  ).toBeVisible();
  return dialog;
}

for (const [lang, device] of [
  ['en-US', 'desktop'],
  ['ne', 'phone'],
] as [Lang, Device][]) {
  const m = MESSAGES[lang];
  const short = lang === 'ne' ? 'ne' : 'en';

  test(`make current asks first and names its effect (${lang}, ${device})`, async ({ browser }) => {
    const page = await screenPage(browser, device, lang, admin);
    const current = years.find((y) => y.isCurrent)!;
    const next = years.find(
      (y) => !y.isCurrent && y.code === (short === 'en' ? '2082/83' : '2081/82'),
    )!;
    // without its tax setup the year is refused in the dialog, and nothing changes
    let dialog = await makeCurrentThroughDialog(page, lang, next, current);
    const refused = page.waitForResponse((r) =>
      r.url().endsWith(`/fiscal-years/${next.id}/make-current`),
    );
    await dialog
      .getByRole('button', {
        name: m.staff.fiscalYear.confirm.replace('{{year}}', yearCode(lang, next.code)),
      })
      .click();
    expect((await refused).status()).toBe(422);
    await expect(dialog.getByRole('alert')).toContainText(yearCode(lang, next.code));
    await dialog.getByRole('button', { name: m.common.cancel }).click();
    await expect(dialog).toBeHidden();
    // with its bands it becomes current once confirmed
    await bandsFor(next.id);
    dialog = await makeCurrentThroughDialog(page, lang, next, current);
    const done = page.waitForResponse((r) =>
      r.url().endsWith(`/fiscal-years/${next.id}/make-current`),
    );
    await dialog
      .getByRole('button', {
        name: m.staff.fiscalYear.confirm.replace('{{year}}', yearCode(lang, next.code)),
      })
      .click();
    expect((await done).status()).toBe(200);
    await expect(dialog).toBeHidden();
    const table = listOf(page, m.nav.fiscalYears);
    const row = rowsOf(table).filter({ hasText: yearCode(lang, next.code) });
    await expect(row.getByText(m.staff.fiscalYear.current, { exact: true })).toBeVisible();
    // and back, so the other specs keep their year (the old one is still active)
    const back = await call('POST', `/fiscal-years/${current.id}/make-current`, admin.token, {
      replacing: String(next.id),
    });
    expect(back.status).toBe(200);
    await page.context().close();
  });

  test(`terminate is in "More actions" behind a confirmation (${lang}, ${device})`, async ({
    browser,
  }) => {
    const page = await screenPage(browser, device, lang, admin);
    await page.goto(`/business/applications/${approved[short]}/detail`);
    const actions = page.locator('main');
    // the first, filled action downloads the certificate; terminate is not a button of its own
    await expect(
      actions.getByRole('button', { name: m.certificate.download }).first(),
    ).toBeVisible();
    await expect(actions.getByRole('button', { name: m.actions.terminate })).toHaveCount(0);
    await actions.getByRole('button', { name: new RegExp(m.staff.detail.moreActions) }).click();
    await page.getByRole('menuitem', { name: m.actions.terminate }).click();
    const dialog = page.getByRole('dialog', { name: m.actions.terminate });
    await expect(dialog.getByText(m.staff.detail.effect.terminate)).toBeVisible();
    await dialog.getByLabel(m.actions.remarks).fill('Business closed (e2e)');
    await dialog.getByRole('button', { name: m.actions.terminate }).click();
    const sure = page.getByRole('dialog', { name: m.common.areYouSure });
    await expect(sure.getByText(m.staff.detail.effect.terminate)).toBeVisible();
    const done = page.waitForResponse((r) => r.url().endsWith('/terminate'));
    await sure.getByRole('button', { name: m.common.confirm }).click();
    expect((await done).status()).toBe(200);
    await expect(page.getByText(m.status.cancelled).first()).toBeVisible();
    await page.context().close();
  });
}

test('screenshots of the staff screens (issue 17 §7)', async ({ browser }) => {
  test.setTimeout(600_000);
  const current = years.find((y) => y.isCurrent)!;
  const other = years.find((y) => !y.isCurrent)!;
  for (const s of SCREENS) {
    const m = MESSAGES[s.lang];
    // the approved detail with "More actions" open
    let page = await screenPage(browser, s.device, s.lang, admin);
    await page.goto(`/business/applications/${approved.shots}/detail`);
    await page.getByRole('button', { name: new RegExp(m.staff.detail.moreActions) }).click();
    await expect(page.getByRole('menuitem', { name: m.actions.terminate })).toBeVisible();
    await shoot(page, `staff-detail-menu-${s.suffix}`, { fullPage: false });
    await page.keyboard.press('Escape');
    // its history
    await page.getByRole('tab', { name: new RegExp(m.detail.tabs.history) }).click();
    await expect(page.getByText(m.staff.history.actions.approve)).toBeVisible();
    await shoot(page, `staff-history-${s.suffix}`);
    // the audit log
    await page.goto('/audit-log');
    await expect(page.getByText(m.staff.audit.actions.application_approve).first()).toBeVisible();
    await shoot(page, `staff-audit-${s.suffix}`, { fullPage: false });
    // the fiscal-year dialog
    const table = await openFiscalYears(page, s.lang);
    const year = yearCode(s.lang, other.code);
    await table
      .getByRole('button', { name: m.staff.fiscalYear.makeCurrentName.replace('{{year}}', year) })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(
      dialog.getByText(
        m.staff.fiscalYear.effectOld.replace('{{old}}', yearCode(s.lang, current.code)),
      ),
    ).toBeVisible();
    await shoot(page, `staff-fiscal-year-dialog-${s.suffix}`, { fullPage: false });
    await page.context().close();
    // the applicant's rejected application
    page = await screenPage(browser, s.device, s.lang, applicant);
    await page.goto(`/business/applications/${rejectedId}/detail`);
    await expect(page.getByText(m.staff.detail.rejectedTitle)).toBeVisible();
    await expect(page.getByRole('link', { name: m.staff.detail.fixAndResubmit })).toBeVisible();
    await shoot(page, `staff-rejected-${s.suffix}`, { fullPage: false });
    await page.context().close();
  }
});
