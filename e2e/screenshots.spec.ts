/**
 * Screenshots for docs/screenshots: sign-in, the application form, the detail of an approved
 * application and its certificate, the profile's documents, the renewal list and the renew page of an accepted old
 * paper registration, in English and Nepali, on a phone (360×780) and a desktop
 * (1280×800). The approved application is set up through the API (only the pictures matter
 * here; the acceptance flow is in registration.spec.ts). Each shot waits for its data and for
 * the web fonts, and checks that nothing is wider than the screen.
 */
import { expect, test } from '@playwright/test';
import { bsToAd, formatBs, todayBs } from '../src/shared/bs-date.js';
import { apiAccept, apiApprove, apiCreateApplication, apiRegister } from './api';
import {
  CITIZENSHIP,
  escapeRegExp,
  inPage,
  MESSAGES,
  unique,
  screenPage,
  SCREENS,
  shoot,
} from './support';
import { listOf } from './lists';

interface Fixture {
  token: string;
  user: unknown;
  id: number;
  businessName: string;
  registrationNo: string;
  /** An old paper registration, accepted and long expired: due for renewal. */
  oldId: number;
  oldName: string;
}
let fx: Fixture;

test.beforeAll(async () => {
  const { stamp, mobile } = unique('98');
  const session = await apiRegister({
    name: 'Sita Tamang',
    username: `sita_${stamp}`,
    phone: mobile,
  });
  const businessName = 'Himalayan Tea House';
  const app = await apiCreateApplication(session.token, businessName, 'Sita Tamang', mobile);
  const registrationNo = await apiApprove(app.id, `R-${stamp}`);
  const oldName = 'Old Bazaar Sweets';
  const old = await apiCreateApplication(session.token, oldName, 'Sita Tamang', mobile, {
    isOldRegistration: '1',
    oldRegistrationNo: `OLD-${stamp}/2079-80`,
    oldRegistrationDate: bsToAd({ year: 2079, month: 5, day: 10 }),
    oldCertificate: { file: CITIZENSHIP, type: 'image/png' },
  });
  await apiAccept(old.id);
  fx = {
    token: session.token,
    user: session.user,
    id: app.id,
    businessName,
    registrationNo,
    oldId: old.id,
    oldName,
  };
});

for (const { device, lang, short, suffix } of SCREENS) {
  test(`screenshots ${short} ${device}`, async ({ browser }) => {
    const m = MESSAGES[lang];

    const publicPage = await screenPage(browser, device, lang);
    await publicPage.goto('/user/login');
    await expect(publicPage.getByRole('heading', { name: m.auth.loginTitle })).toBeVisible();
    await shoot(publicPage, `login-${suffix}`);
    await publicPage.context().close();

    const page = await screenPage(browser, device, lang, fx);
    // The addresses step, partly filled in, to show the cascading choices in the language.
    await page.goto('/single_registration?step=addresses');
    await expect(page.getByRole('heading', { name: m.form.title })).toBeVisible();
    await expect(page.locator('form select[name=permStateId] option')).toHaveCount(8);
    await expect(page.locator('form select[name=wardId] option')).not.toHaveCount(1);
    await page.locator('form select[name=permStateId]').selectOption('3');
    await page
      .locator('form select[name=permDistrictId] option[value="29"]')
      .waitFor({ state: 'attached' });
    await page.locator('form select[name=permDistrictId]').selectOption('29');
    await page
      .locator('form select[name=permCityId] option[value="331"]')
      .waitFor({ state: 'attached' });
    await page.locator('form select[name=permCityId]').selectOption('331');
    await page.locator('form select[name=permWardNo]').selectOption('5');
    await inPage(page, 'document.activeElement?.blur()');
    await shoot(page, `application-form-${suffix}`);

    await page.goto(`/business/applications/${fx.id}/detail`);
    await expect(page.getByRole('heading', { name: fx.businessName, level: 2 })).toBeVisible();
    const regNo = lang === 'ne' ? toNe(fx.registrationNo) : fx.registrationNo;
    await expect(
      page.getByText(
        new RegExp(`^${escapeRegExp(m.applications.registrationNo)}: ${escapeRegExp(regNo)}$`),
      ),
    ).toBeVisible();
    await expect(page.getByText(m.status.approved, { exact: true }).first()).toBeVisible();
    // Dates are BS, in the language's digits (registered today).
    await expect(page.getByText(formatBs(todayBs(), lang), { exact: true }).first()).toBeVisible();
    await shoot(page, `application-detail-${suffix}`);

    await page.goto(`/business/certificate/${fx.id}`);
    await expect(
      page.getByRole('heading', { name: MESSAGES.ne.certificate.heading }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: MESSAGES['en-US'].certificate.heading }),
    ).toBeVisible();
    await expect(page.getByText(toNe(fx.registrationNo), { exact: true })).toBeVisible();
    await shoot(page, `certificate-${suffix}`);

    // The profile's photo and citizenship certificate (SPEC §5 'Please upload photos first').
    await page.goto('/profile#documents');
    const docs = page.getByRole('region', { name: m.profileDocs.title });
    await expect(docs.getByRole('img', { name: m.profile.photo })).toBeVisible();
    await expect(docs.getByRole('img', { name: m.profile.citizenship })).toBeVisible();
    await shoot(page, `profile-${suffix}`);

    await page.goto('/renewRegistrationList');
    await expect(page.getByRole('heading', { name: m.renewal.listTitle })).toBeVisible();
    const renewals = listOf(page, m.renewal.listTitle);
    await expect(renewals.getByRole('link', { name: fx.oldName })).toBeVisible();
    await expect(renewals.getByRole('link', { name: m.renewal.renew })).toBeVisible();
    await shoot(page, `renewal-list-${suffix}`);

    await page.goto(`/re-new-registration/${fx.oldId}`);
    await expect(page.getByRole('heading', { name: m.renewal.pageTitle })).toBeVisible();
    await expect(page.getByTestId('years-due')).toBeVisible();
    await expect(
      page.getByRole('region', { name: m.estimate.title }).getByText(m.bill.fine),
    ).toBeVisible();
    await shoot(page, `renew-${suffix}`);
    await page.context().close();
  });
}

function toNe(s: string) {
  return s.replace(/[0-9]/g, (d) => String.fromCharCode(0x0966 + Number(d)));
}
