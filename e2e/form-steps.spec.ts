/**
 * Issue 17 §2–§3 acceptance, in English on a desktop and in Nepali on a 360 px phone:
 * (a) a new applicant signs up and applies through the form's steps, meeting the error
 * summary once, with a screenshot of every step, of the summary and of "check your answers";
 * (b) an application rejected for a bad document is fixed by replacing that document (one
 * asked on create only) from "check your answers" and resubmitted.
 */
import { expect, test } from '@playwright/test';
import { apiCreateApplication, apiDetail, apiRegister, apiReject } from './api';
import {
  attachFile,
  continueTo,
  expectErrorSummary,
  fillAddressesStep,
  fillBusinessStep,
  fillCapitalStep,
  fillOwnerStep,
  inPage,
  MESSAGES,
  PHOTO,
  CITIZENSHIP,
  registerAccount,
  screenPage,
  shoot,
  stepIndicator,
  submitApplication,
  unique,
  uploadProfileDocuments,
  type Device,
  type Lang,
} from './support';

/** The journeys in English on a desktop and in Nepali on a phone; the other two for pictures. */
const RUNS: { lang: Lang; device: Device; suffix: string }[] = [
  { lang: 'en-US', device: 'desktop', suffix: 'en-desktop' },
  { lang: 'ne', device: 'phone', suffix: 'ne-phone' },
  { lang: 'en-US', device: 'phone', suffix: 'en-phone' },
  { lang: 'ne', device: 'desktop', suffix: 'ne-desktop' },
];

for (const { lang, device, suffix } of RUNS) {
  const m = MESSAGES[lang];
  const isNe = lang === 'ne';

  test(`(${suffix}) a new applicant signs up and applies through the steps, meeting the error summary once`, async ({
    browser,
  }) => {
    const { stamp, mobile } = unique(isNe ? '97' : '98');
    const user = {
      name: isNe ? `कमला राई ${stamp}` : `Kamala Rai ${stamp}`,
      username: `steps_${stamp}`,
      phone: mobile,
    };
    const businessName = isNe ? `सगरमाथा किराना ${stamp}` : `Sagarmatha Grocery ${stamp}`;
    const data = { businessName, ownerName: user.name, mobile };
    const page = await screenPage(browser, device, lang);
    await page.goto('/user/login');
    await registerAccount(page, user, lang);
    // 'Please upload photos first' (SPEC §5), then the form (by address: on a phone the
    // menu is folded away)
    await page.goto('/apply-new');
    const alert = page.getByRole('alert').filter({ hasText: m.errors.photosFirst });
    await alert.getByRole('link', { name: m.profileDocs.goUpload }).click();
    await expect(page).toHaveURL(/\/profile#documents$/);
    await uploadProfileDocuments(page, lang);
    await page.goto('/apply-new');
    await page.getByRole('link', { name: m.applyNew.start }).click();
    await expect(stepIndicator(page, 'business', lang)).toBeVisible();
    await expect(page.locator('select[name=businessTypeId] option')).not.toHaveCount(1);

    // ---- step 1 with nothing filled in: one pass, the summary at the top
    await page.getByRole('button', { name: m.steps.continue }).click();
    await expectErrorSummary(
      page,
      [
        `${m.form.businessName}: ${m.validation.required}`,
        `${m.form.businessTypeId}: ${m.validation.required}`,
      ],
      lang,
    );
    await inPage(page, 'window.scrollTo(0, 0)');
    await shoot(page, `form-error-summary-${suffix}`, { blur: true });

    await fillBusinessStep(page, data, lang);
    await shoot(page, `form-step-1-business-${suffix}`, { blur: true });
    await continueTo(page, 'owners', lang);
    await expect(page.getByTestId('error-summary')).toHaveCount(0);
    await fillOwnerStep(page, data, lang);
    await shoot(page, `form-step-2-owners-${suffix}`, { blur: true });
    await continueTo(page, 'addresses', lang);
    await fillAddressesStep(page, data, lang);
    await shoot(page, `form-step-3-addresses-${suffix}`, { blur: true });
    await continueTo(page, 'capital', lang);
    // Nepali-grouped amounts, as people write them
    await fillCapitalStep(page, lang);
    await shoot(page, `form-step-4-capital-${suffix}`, { blur: true });
    await continueTo(page, 'documents', lang);
    // the profile's photo and citizenship, read-only, not asked again
    await expect(page.getByText(m.steps.fromProfile, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: m.steps.changeOnProfile })).toBeVisible();
    await expect(page.locator('input[type=file][name^="doc_citizenship"]')).toHaveCount(0);
    await expect(page.locator('input[type=file][name="doc_passport-photo"]')).toHaveCount(0);
    await expect(page.getByRole('img', { name: MESSAGES[lang].profile.photo })).toBeVisible();
    await shoot(page, `form-step-5-documents-${suffix}`, { blur: true });
    await continueTo(page, 'check', lang);
    await expect(page.getByText(businessName, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(isNe ? 'रु. ५,००,०००.००' : 'Rs. 5,00,000.00')).toBeVisible();
    await shoot(page, `form-step-6-check-${suffix}`, { blur: true });
    // a Change link goes back to its step and field
    await page
      .getByRole('button', { name: m.steps.changeField.replace('{{field}}', m.form.locMobile) })
      .click();
    await expect(stepIndicator(page, 'addresses', lang)).toBeVisible();
    await expect(page.locator('form [name=locMobile]')).toBeFocused();
    await continueTo(page, 'capital', lang);
    await continueTo(page, 'documents', lang);
    await continueTo(page, 'check', lang);
    await submitApplication(page, lang);
    await page.context().close();
  });

  test(`(${suffix}) a rejected application is fixed by replacing a document and resubmitted`, async ({
    browser,
  }) => {
    const { stamp, mobile } = unique(isNe ? '97' : '98');
    const user = { name: `Bishnu Karki ${stamp}`, username: `fix_${stamp}`, phone: mobile };
    const session = await apiRegister(user);
    const businessName = `Karki Hardware ${stamp}`;
    // lalpurja is asked on create only: the edit must still let it be replaced
    const { id } = await apiCreateApplication(session.token, businessName, user.name, mobile, {
      doc_lalpurja: { file: CITIZENSHIP, type: 'image/png' },
    });
    await apiReject(id, 'The lalpurja scan is unreadable');
    const page = await screenPage(browser, device, lang, session);
    await page.goto(`/edit-registration/${id}`);
    await expect(stepIndicator(page, 'check', lang)).toBeVisible();
    await expect(page.getByText(businessName, { exact: true })).toBeVisible();
    await shoot(page, `form-fix-check-${suffix}`, { blur: true });
    const lalpurja = isNe
      ? 'जग्गाधनी प्रमाण पुर्जा (लालपुर्जा)'
      : 'Land ownership certificate (lalpurja)';
    await page
      .getByRole('button', { name: m.steps.changeField.replace('{{field}}', lalpurja) })
      .click();
    await expect(stepIndicator(page, 'documents', lang)).toBeVisible();
    await attachFile(page, 'doc_lalpurja', PHOTO);
    await shoot(page, `form-fix-documents-${suffix}`, { blur: true });
    await continueTo(page, 'check', lang);
    await expect(page.getByText('photo.jpg')).toBeVisible();
    await page.getByRole('button', { name: m.form.save }).click();
    await expect(page).toHaveURL(new RegExp(`/business/applications/${id}/detail$`));
    await expect(page.getByText(m.status.pending, { exact: true }).first()).toBeVisible();
    const d = await apiDetail(session.token, id);
    expect(d.appStatus).toBe('pending');
    expect(d.history.at(-1)?.action).toBe('resubmit');
    expect(d.documents.filter((x) => x.kind === 'lalpurja').map((x) => x.originalName)).toEqual([
      'photo.jpg',
    ]);
    // each document once: the profile's photo and citizenship, and the lalpurja
    expect(d.documents.map((x) => x.kind).sort()).toEqual(['citizenship', 'lalpurja', 'photo']);
    await page.context().close();
  });
}
