/**
 * Multiple-owner registration through the browser: a new applicant opens the multiple-owner
 * form from Apply new, fills four owners, cannot add a fifth ('You cannot add more than 4
 * names.', shown by the button), fills the other steps as the single-owner spec does, submits, and finds all
 * four owners on the application's detail page.
 */
import { expect, test } from '@playwright/test';
import {
  continueTo,
  fillAddressesStep,
  fillApplicant,
  fillBusinessStep,
  fillCapitalStep,
  MESSAGES,
  registerAccount,
  unique,
  uploadProfileDocumentsFirst,
} from './support';

const en = MESSAGES['en-US'];

test('a new applicant registers a business with four owners and cannot add a fifth', async ({
  page,
}) => {
  const { stamp, mobile } = unique('98');
  const user = { name: `Maya Gurung ${stamp}`, username: `maya_${stamp}`, phone: mobile };
  const businessName = `Annapurna Tea House ${stamp}`;
  const owners = [
    { name: `Maya Gurung ${stamp}`, father: 'Ram Bahadur Gurung', citizenship: '27-01-71-00001' },
    { name: `Hari Gurung ${stamp}`, father: 'Shyam Gurung', citizenship: '27-01-71-00002' },
    { name: `Sita Thapa ${stamp}`, father: 'Gopal Thapa', citizenship: '27-01-71-00003' },
    { name: `Bikash Rai ${stamp}`, father: 'Dil Kumar Rai', citizenship: '27-01-71-00004' },
  ];

  await page.goto('/user/login');
  await registerAccount(page, user);
  // The photo and citizenship certificate go on the profile first (SPEC §5).
  await uploadProfileDocumentsFirst(page);

  // ---- Apply new → the multiple-owner card → the form
  await expect(page).toHaveURL(/\/apply-new$/);
  await page.getByRole('link', { name: en.applyNew.startMultiple }).click();
  await expect(page).toHaveURL(/\/multiple_registration$/);
  await expect(page.getByRole('heading', { name: en.form.titleMultiple })).toBeVisible();
  await expect(page.locator('select[name=businessTypeId] option')).not.toHaveCount(1);
  const data = { businessName, ownerName: owners[0].name, mobile };
  await fillBusinessStep(page, data);
  await continueTo(page, 'owners');

  // ---- owners: the step starts with two rows; add up to four, then try a fifth
  const ownersSection = page.getByRole('region', { name: en.form.sections.owners });
  const ownerRows = page.locator('form input[name^="owners."][name$=".name"]');
  await expect(ownerRows).toHaveCount(2);
  const addOwner = ownersSection.getByRole('button', { name: en.form.addOwner });
  await addOwner.click();
  await addOwner.click();
  await expect(ownerRows).toHaveCount(4);
  for (const [i, o] of owners.entries()) {
    await page.locator(`form [name="owners.${i}.name"]`).fill(o.name);
    await page.locator(`form [name="owners.${i}.fatherOrHusbandName"]`).fill(o.father);
    await page.locator(`form [name="owners.${i}.citizenshipNo"]`).fill(o.citizenship);
  }
  await addOwner.click();
  // the message shows right by the button that was pressed (issue 17 §2)
  const limit = ownersSection.getByRole('alert').filter({ hasText: en.validation.maxOwners });
  await expect(limit).toBeInViewport();
  const [buttonBox, limitBox] = [await addOwner.boundingBox(), await limit.boundingBox()];
  expect(limitBox!.y - (buttonBox!.y + buttonBox!.height)).toBeLessThan(120);
  await expect(ownerRows).toHaveCount(4);
  await expect(page.locator('form [name="owners.4.name"]')).toHaveCount(0);
  await fillApplicant(page, data);

  // ---- the rest of the form, with the single-owner spec's values
  await continueTo(page, 'addresses');
  await fillAddressesStep(page, data);
  await continueTo(page, 'capital');
  await fillCapitalStep(page);
  await continueTo(page, 'documents');
  await continueTo(page, 'check');
  // check your answers lists every owner
  for (const o of owners)
    await expect(page.getByText(o.name, { exact: false }).first()).toBeVisible();

  // ---- submit
  await page.getByRole('button', { name: en.form.submit }).click();
  await expect(page).toHaveURL(/\/apply-new\/success$/);
  await expect(page.getByRole('heading', { name: en.submitted.title })).toBeVisible();

  // ---- the list → the detail page, with all four owners
  await page
    .getByRole('navigation', { name: en.nav.main })
    .getByRole('link', { name: en.nav.applications })
    .click();
  await expect(page).toHaveURL(/\/business\/applications/);
  await page.getByRole('link', { name: businessName, exact: true }).click();
  await expect(page).toHaveURL(/\/business\/applications\/\d+\/detail$/);
  await expect(page.getByRole('heading', { name: businessName, level: 2 })).toBeVisible();
  // The detail page's owners table is the one with the owner-name column.
  const ownersTable = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: en.form.owner.name, exact: true }) });
  await expect(ownersTable.locator('tbody tr')).toHaveCount(4);
  for (const o of owners) {
    await expect(ownersTable.getByRole('cell', { name: o.name, exact: true })).toBeVisible();
  }
});
