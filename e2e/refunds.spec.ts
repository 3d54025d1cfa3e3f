/**
 * Acceptance of issue 15's refunds in the browser, in English and Nepali, against the gateway
 * simulators the e2e server starts (PORT+1902 Khalti). Money arises that cannot be credited:
 * the applicant starts a Khalti payment of a verified application, ward 1's admin records a
 * counter payment of the same bill meanwhile (the payment dialog), then the applicant pays at
 * the simulator and comes back — the return page says the money will be refunded, and why.
 * Ward 1's admin opens Refunds due from the navigation, records the refund (BS date, method,
 * reference), finds it under Refunded, and opens the reconciliation, where received =
 * credited + refund due + refunded on every row and in the totals. Screenshots of Refunds due
 * (both tabs), the refund dialog and the reconciliation, on a phone and a desktop, in English
 * and Nepali, each also scanned by axe-core as e2e/a11y.spec.ts does (WCAG 2.x A/AA; serious
 * or critical fails).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatBs, todayBs } from '../src/shared/bs-date.js';
import { formatPaisa, toLatinDigits, toNepaliDigits } from '../src/shared/format.js';
import {
  apiBill,
  apiCreateApplication,
  apiKhaltiRefundDue,
  apiLogin,
  apiRegister,
  apiVerify,
} from './api';
import {
  API,
  attachFile,
  escapeRegExp,
  langPage,
  MESSAGES,
  PHOTO,
  SCREENS,
  screenPage,
  shoot,
  unique,
  VIEWPORTS,
  type Lang,
  type Messages,
} from './support';
import { listOf, rowsOf } from './lists';
import { E2E_SERVER_PORT } from './port';

const PORT = E2E_SERVER_PORT;
const KHALTI_SIM = `http://127.0.0.1:${PORT + 1902}`;

interface Payment {
  id: number;
  payStatus: string;
  channel: string;
  total: number;
}

async function paymentsOf(token: string, id: number) {
  const res = await fetch(`${API}/applications/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { appStatus: string; payments: Payment[] } }).data;
}

/** A new applicant with one application in ward 1, verified by ward 1's admin. */
async function verifiedApplication(businessName: string) {
  const { stamp, mobile } = unique('98');
  const session = await apiRegister({
    name: 'Maya Gurung',
    username: `refund_${stamp}`,
    phone: mobile,
  });
  const app = await apiCreateApplication(session.token, businessName, 'Maya Gurung', mobile);
  await apiVerify(app.id);
  return { session, id: app.id, stamp };
}

/** Paisa read back from a cell: 'Rs. 1,100.00' or 'रु. १,१००.००' → 110000. */
function paisaOf(text: string | null): number {
  const m = /([\d,]+)\.(\d\d)/.exec(toLatinDigits(text ?? ''));
  if (!m) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return Number(m[1].replace(/,/g, '')) * 100 + Number(m[2]);
}

/** The amounts of a reconciliation row (wide layout): received, credited, due, refunded. */
async function amountsOf(row: Locator) {
  const cells = row.locator('th, td');
  // Date, Channel, Received, Credited, Payments, Refund due, Refunded (a total row's label
  // spans the first two)
  const texts = await cells.allTextContents();
  const money = texts.slice(-5);
  return {
    received: paisaOf(money[0]),
    credited: paisaOf(money[1]),
    refundDue: paisaOf(money[3]),
    refunded: paisaOf(money[4]),
  };
}

async function expectBalanced(row: Locator) {
  const a = await amountsOf(row);
  expect(a.received, (await row.textContent()) ?? '').toBe(a.credited + a.refundDue + a.refunded);
  return a;
}

/** Ward staff record the counter payment of the bill through the payment dialog. */
async function counterPayment(page: Page, m: Messages, id: number, receiptNo: string) {
  await page.goto(`/business/applications/${id}/detail`);
  await page.getByRole('button', { name: m.actions.manualPayment }).click();
  const dialog = page.getByRole('dialog', { name: m.payment.title });
  await dialog.getByLabel(m.payment.receiptNo).fill(receiptNo);
  await attachFile(page, 'receipt', PHOTO);
  await dialog.getByRole('button', { name: m.payment.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(m.status.paid, { exact: true }).first()).toBeVisible();
}

/** Shoots the screen and scans it with axe: serious and critical violations fail. */
async function shootAndScan(page: Page, name: string, opts?: Parameters<typeof shoot>[2]) {
  await shoot(page, name, opts);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const failing = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} at ${n.target.join(' ')}: ${v.help}`));
  expect(failing, `${name}:\n${failing.join('\n')}`).toEqual([]);
}

test.describe.configure({ mode: 'serial' });

for (const lang of ['en-US', 'ne'] as Lang[]) {
  test(`a Khalti payment after a counter payment is refunded and reconciled (${lang})`, async ({
    browser,
  }) => {
    const m = MESSAGES[lang];
    const digits = (s: string) => (lang === 'ne' ? toNepaliDigits(s) : s);
    const today = formatBs(todayBs(), lang);
    const businessName = `Refund Rasoi ${lang} ${Date.now()}`;
    const { session, id, stamp } = await verifiedApplication(businessName);
    const bill = await apiBill(session.token, id);
    const amount = formatPaisa(bill.total, lang);

    // ---- the applicant starts a Khalti payment and is at Khalti's page
    const payer = await langPage(browser, VIEWPORTS.desktop, lang, session);
    await payer.goto(`/business/applications/${id}/detail`);
    const choice = payer.getByRole('region', { name: m.payOnline.title });
    await choice.getByRole('radio', { name: m.payOnline.channel.khalti }).check();
    await choice
      .getByRole('button', {
        name: m.payOnline.payWith.replace('{{channel}}', m.payOnline.channel.khalti),
      })
      .click();
    await expect(payer).toHaveURL(new RegExp(`^${escapeRegExp(KHALTI_SIM)}/sim/khalti/pay`));

    // ---- meanwhile the applicant pays at the counter; ward 1's admin records it
    const ward = await apiLogin('ward1');
    const staff = await langPage(browser, VIEWPORTS.desktop, lang, ward);
    await counterPayment(staff, m, id, `C-${stamp}`);

    // ---- the Khalti payment goes through too: received, not credited, to be refunded
    await payer.getByRole('button', { name: 'Pay' }).click();
    await expect(payer).toHaveURL(/\/payment\/khalti\/return\?application=\d+&pidx=/);
    const outcome = payer.locator('[data-outcome=refund_due]');
    await expect(outcome).toContainText(m.payReturn.refund_due.title);
    await expect(outcome).toContainText(m.payments.refundReason.alreadyPaid);
    await expect(payer.getByRole('link', { name: m.receipt.view })).toHaveCount(0);
    const { appStatus, payments } = await paymentsOf(session.token, id);
    expect(appStatus).toBe('paid');
    expect(payments.map((p) => [p.channel, p.payStatus, p.total])).toEqual(
      expect.arrayContaining([
        ['counter', 'completed', bill.total],
        ['khalti', 'refund_due', bill.total],
      ]),
    );
    await payer.context().close();

    // ---- ward 1's admin: Refunds due, from the navigation
    await staff
      .getByRole('navigation', { name: m.nav.main })
      .getByRole('link', { name: m.refunds.nav })
      .click();
    await expect(staff).toHaveURL(/\/payments\/refunds$/);
    await expect(staff.getByRole('heading', { name: m.refunds.title })).toBeVisible();
    const dueRow = staff
      .getByRole('table', { name: m.refunds.title })
      .locator('tbody tr')
      .filter({ hasText: businessName });
    await expect(dueRow).toHaveCount(1);
    await expect(dueRow).toContainText(today);
    await expect(dueRow).toContainText(m.payments.channel.khalti);
    await expect(dueRow).toContainText(amount);
    await expect(dueRow).toContainText(m.payments.refundReason.alreadyPaid);
    await expect(dueRow.getByRole('link', { name: businessName })).toHaveAttribute(
      'href',
      `/business/applications/${id}/detail`,
    );

    // ---- record the refund
    await dueRow.getByRole('button', { name: `${m.refunds.record}: ${businessName}` }).click();
    const dialog = staff.getByRole('dialog', {
      name: m.refunds.recordTitle.replace('{{amount}}', amount),
    });
    await expect(dialog.getByLabel(m.refunds.refundedOn)).toHaveValue(today);
    await expect(dialog.getByLabel(m.refunds.method)).toHaveValue('khalti');
    await dialog.getByLabel(m.refunds.reference).fill(`KR-${stamp}`);
    await dialog.getByLabel(m.refunds.remarks).fill('Paid twice: counter and Khalti');
    await dialog.getByRole('button', { name: m.refunds.save }).click();
    await expect(dialog).toBeHidden();
    await expect(staff.getByText(m.refunds.saved)).toBeVisible();
    await expect(dueRow).toHaveCount(0);

    // ---- under Refunded: when, how, the reference
    await staff.getByRole('tab', { name: m.refunds.tabRefunded }).click();
    const doneRow = staff
      .getByRole('table', { name: m.refunds.tabRefunded })
      .locator('tbody tr')
      .filter({ hasText: businessName });
    await expect(doneRow).toHaveCount(1);
    await expect(doneRow).toContainText(m.refunds.methods.khalti);
    await expect(doneRow).toContainText(digits(`KR-${stamp}`));
    await expect(doneRow).toContainText(amount);
    expect(
      (await paymentsOf(session.token, id)).payments.find((p) => p.channel === 'khalti')?.payStatus,
    ).toBe('refunded');

    // ---- the reconciliation balances: received = credited + refund due + refunded
    await staff.getByRole('link', { name: m.reconciliation.title }).click();
    await expect(staff).toHaveURL(/\/payments\/reconciliation$/);
    await expect(staff.getByText(m.reconciliation.balances)).toBeVisible();
    const rec = staff.getByRole('table', { name: m.reconciliation.title });
    const head = rec.locator('thead tr');
    for (const k of ['received', 'credited', 'refundDue', 'refunded'] as const) {
      await expect(head).toContainText(m.reconciliation[k]);
    }
    const khalti = rec
      .locator('tbody tr')
      .filter({ hasText: today })
      .filter({ hasText: m.payments.channel.khalti });
    await expect(khalti).toHaveCount(1);
    const k = await expectBalanced(khalti);
    expect(k.refunded).toBeGreaterThanOrEqual(bill.total);
    const counter = rec
      .locator('tbody tr')
      .filter({ hasText: today })
      .filter({ hasText: m.payments.channel.counter });
    expect((await expectBalanced(counter)).credited).toBeGreaterThanOrEqual(bill.total);
    for (const row of await rec.locator('tbody tr, tfoot tr').all()) await expectBalanced(row);
    const grand = {
      received: paisaOf(await staff.getByTestId('grand-received').textContent()),
      credited: paisaOf(await staff.getByTestId('grand-credited').textContent()),
      refundDue: paisaOf(await staff.getByTestId('grand-refundDue').textContent()),
      refunded: paisaOf(await staff.getByTestId('grand-refunded').textContent()),
    };
    expect(grand.received).toBe(grand.credited + grand.refundDue + grand.refunded);
    await staff.context().close();
  });
}

// ------------------------------------------------------------------------------ screenshots

test('refund screenshots', async ({ browser }) => {
  // a refund due (Khalti money for a bill paid at the counter) in ward 1, beside the refunded
  // ones of the tests above
  const { session, id, stamp } = await verifiedApplication('Everest Thakali Kitchen');
  await apiKhaltiRefundDue(session.token, id, `RF-${stamp}`);
  const ward = await apiLogin('ward1');
  for (const { device, lang, suffix } of SCREENS) {
    const m = MESSAGES[lang];
    const page = await screenPage(browser, device, lang, ward);
    await page.goto('/payments/refunds');
    const due = listOf(page, m.refunds.title);
    await expect(due.getByRole('link', { name: 'Everest Thakali Kitchen' }).first()).toBeVisible();
    await shootAndScan(page, `refunds-due-${suffix}`);

    await due
      .getByRole('button', { name: `${m.refunds.record}: Everest Thakali Kitchen` })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(250); // the dialog's transition
    await shootAndScan(page, `refunds-record-${suffix}`, { fullPage: false, blur: true });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('tab', { name: m.refunds.tabRefunded }).click();
    await expect(rowsOf(listOf(page, m.refunds.tabRefunded)).first()).toContainText(
      m.refunds.methods.khalti,
    );
    await shootAndScan(page, `refunds-refunded-${suffix}`);

    await page.goto('/payments/reconciliation');
    await expect(page.getByRole('table', { name: m.reconciliation.title })).toBeVisible();
    await expect(page.getByTestId('grand-refundDue')).toBeVisible();
    await shootAndScan(page, `reconciliation-${suffix}`);
    await page.context().close();
  }
});
