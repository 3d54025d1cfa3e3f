/**
 * Acceptance test of issue 3 through the browser: as `admin`, a business type is created in the
 * form dialog with both languages, the list is sorted, filtered and paged, the new row's
 * status toggled, the row edited and deleted after 'Are you sure?' (one row, then the selected
 * rows together). As `ward1`, the roles page shows 'Unauthorized Access.' and loads no data.
 * Then screenshots of the generic list page and the form dialog, English and Nepali, phone and
 * desktop, for docs/screenshots.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { apiLogin } from './api';
import { listOf, rowsOf } from './lists';
import {
  API,
  escapeRegExp,
  expectFieldError,
  login,
  MESSAGES,
  switchLanguage,
  unique,
  screenPage,
  SCREENS,
  shoot,
} from './support';

const en = MESSAGES['en-US'];
const ne = MESSAGES.ne;

/** The text of a catalogue entry with its {{placeholders}} filled. */
function fill(text: string, vars: Record<string, string>) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? '');
}

function toNe(s: string) {
  return s.replace(/[0-9]/g, (d) => String.fromCharCode(0x0966 + Number(d)));
}

/** The query of the last list request the page made for a resource. */
function listQuery(req: Request) {
  const url = new URL(req.url());
  const filters = url.searchParams.get('filters');
  return {
    page: url.searchParams.get('page'),
    rowsPerPage: url.searchParams.get('rowsPerPage'),
    sortBy: url.searchParams.get('sortBy'),
    descending: url.searchParams.get('descending'),
    filters: filters ? (JSON.parse(filters) as Record<string, unknown>) : {},
  };
}

const isList = (resource: string) => (req: Request) =>
  req.method() === 'GET' && new URL(req.url()).pathname === `/api/${resource}`;

/** Business types through the API, for the bulk delete (the single flow goes through the UI). */
async function apiBusinessType(token: string, nameEn: string, nameNe: string) {
  const fd = new FormData();
  fd.append('nameEn', nameEn);
  fd.append('nameNe', nameNe);
  const res = await fetch(`${API}/business-types`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: fd,
  });
  expect(res.status).toBe(201);
}

/** Names in the first text column of the list, in order. */
async function shownNames(page: Page) {
  return page
    .getByRole('table', { name: en.nav.businessTypes })
    .locator('tbody tr td:nth-child(2)')
    .allInnerTexts();
}

test('admin keeps business types: create, sort, filter, page, toggle, edit, delete', async ({
  page,
}) => {
  const { stamp } = unique();
  const nameEn = `Zen bamboo crafts ${stamp}`;
  const nameNe = `बाँसका हस्तकला ${toNe(String(stamp))}`;
  const edited = `Zen bamboo and cane crafts ${stamp}`;

  await login(page, 'admin');
  const nav = page.getByRole('navigation', { name: en.nav.main });
  await nav.getByRole('link', { name: en.nav.businessTypes }).click();
  await expect(page).toHaveURL(/\/business-type$/);
  const table = page.getByRole('table', { name: en.nav.businessTypes });
  await expect(table.locator('tbody tr')).not.toHaveCount(0);

  // ---- create in the dialog: checked first, then both languages
  const addLabel = fill(en.resource.createTitle, { name: en.entities.businessType });
  await page.getByRole('button', { name: addLabel }).click();
  const dialog = page.getByRole('dialog', { name: addLabel });
  await dialog.getByRole('button', { name: en.resource.save }).click();
  await expectFieldError(page, 'nameEn', en.validation.required);
  await expectFieldError(page, 'nameNe', en.validation.required);
  await dialog.locator('[name=nameEn]').fill(nameEn);
  await dialog.locator('[name=nameNe]').fill(nameNe);
  const created = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/business-types',
  );
  await dialog.getByRole('button', { name: en.resource.save }).click();
  expect((await created).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(page.getByText(en.common.actionSuccess).first()).toBeVisible();
  // Newest first (sorted by id, descending, by default).
  await expect(table.locator('tbody tr').first()).toContainText(nameEn);

  // ---- sort by name: descending first, then ascending
  // (a sortable header is a button named by its title and its sort state)
  const nameHeader = table.getByRole('button', { name: new RegExp(`^${en.fields.name} `) });
  let req = page.waitForRequest(isList('business-types'));
  await nameHeader.click();
  expect(listQuery(await req)).toMatchObject({ sortBy: 'nameEn', descending: 'true' });
  // the newest-first page also has the new type on top: wait for the rows in name order
  const sortedDesc = (n: string[]) => n.join('\n') === [...n].sort().reverse().join('\n');
  await expect.poll(async () => sortedDesc(await shownNames(page))).toBe(true);
  await expect(table.locator('tbody tr').first()).toContainText(nameEn);
  const desc = await shownNames(page);
  expect(desc).toEqual([...desc].sort().reverse());
  req = page.waitForRequest(isList('business-types'));
  await nameHeader.click();
  expect(listQuery(await req)).toMatchObject({ sortBy: 'nameEn', descending: 'false' });
  const sortedAsc = (n: string[]) => n.join('\n') === [...n].sort().join('\n');
  await expect.poll(async () => sortedAsc(await shownNames(page))).toBe(true);
  await expect(table.locator('tbody tr').last()).toContainText(nameEn);
  const asc = await shownNames(page);
  expect(asc).toEqual([...asc].sort());

  // ---- page: 10 rows a page, then page 2
  const total = asc.length;
  expect(total).toBeGreaterThan(10);
  req = page.waitForRequest(isList('business-types'));
  await page.getByRole('button', { name: `${en.list.rowsPerPage}: 25`, exact: true }).click();
  await page.getByRole('menuitem', { name: '10', exact: true }).click();
  expect(listQuery(await req)).toMatchObject({ page: '1', rowsPerPage: '10' });
  await expect(table.locator('tbody tr')).toHaveCount(10);
  await expect(page.getByText(`1–10 of ${total}`)).toBeVisible();
  req = page.waitForRequest(isList('business-types'));
  await page.getByRole('button', { name: '2', exact: true }).click();
  expect(listQuery(await req)).toMatchObject({ page: '2', rowsPerPage: '10' });
  await expect(page.getByText(`11–${total} of ${total}`)).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(total - 10);
  await expect(table.locator('tbody tr').last()).toContainText(nameEn);

  // ---- filter: the text search finds it alone; the status filter keeps or drops it
  req = page.waitForRequest(isList('business-types'));
  await page.getByLabel(en.resource.search).fill(String(stamp));
  expect(listQuery(await req)).toMatchObject({ page: '1', filters: { q: String(stamp) } });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText(nameEn);
  await page.getByLabel(en.resource.status, { exact: true }).selectOption(en.resource.inactive);
  await expect(page.getByText(en.list.empty)).toBeVisible();
  await page.getByLabel(en.resource.status, { exact: true }).selectOption(en.resource.active);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel(en.resource.status, { exact: true }).selectOption(en.resource.allStatuses);

  // ---- status toggle: the notice shows for 1 s
  const toggle = page.getByRole('switch', { name: fill(en.resource.statusOf, { name: nameEn }) });
  await expect(toggle).toBeChecked();
  const changed = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/change-status$/.test(r.url()),
  );
  await toggle.click({ force: true });
  expect((await changed).status()).toBe(200);
  const notice = page.getByText(en.resource.statusChanged, { exact: true });
  await expect(notice).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await expect(table.locator('tbody tr')).toContainText(en.resource.inactive);
  await expect(notice).toBeHidden({ timeout: 4000 });
  await page.getByLabel(en.resource.status, { exact: true }).selectOption(en.resource.inactive);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel(en.resource.status, { exact: true }).selectOption(en.resource.allStatuses);

  // ---- edit: the dialog loads the record; the list shows the new name
  await page.getByRole('button', { name: fill(en.resource.editName, { name: nameEn }) }).click();
  const editDialog = page.getByRole('dialog', {
    name: fill(en.resource.editTitle, { name: en.entities.businessType }),
  });
  await expect(editDialog.locator('[name=nameEn]')).toHaveValue(nameEn);
  await expect(editDialog.locator('[name=nameNe]')).toHaveValue(nameNe);
  await expect(editDialog.locator('[name=slug]')).toHaveValue(`zen-bamboo-crafts-${stamp}`);
  await editDialog.locator('[name=nameEn]').fill(edited);
  await editDialog.getByRole('button', { name: en.resource.save }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText(en.common.updated).first()).toBeVisible();
  await expect(table.locator('tbody tr')).toContainText(edited);

  // Names in the user's language: Nepali shows the Nepali name.
  await switchLanguage(page, 'ne');
  const neTable = page.getByRole('table', { name: ne.nav.businessTypes });
  await expect(neTable.locator('tbody tr')).toContainText(nameNe);
  await expect(neTable.locator('tbody tr')).not.toContainText(edited);
  await expect(page.getByText(`${toNe('1')} मध्ये ${toNe('1')}–${toNe('1')}`)).toBeVisible();
  await switchLanguage(page, 'en-US');

  // ---- delete: 'Are you sure?' first; cancelling keeps the row
  const deleteButton = page.getByRole('button', {
    name: fill(en.resource.deleteName, { name: edited }),
  });
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: en.common.areYouSure });
  await expect(confirm).toContainText(fill(en.resource.deleteOne, { name: edited }));
  await confirm.getByRole('button', { name: en.common.cancel }).click();
  await expect(confirm).toBeHidden();
  await expect(table.locator('tbody tr')).toContainText(edited);
  await deleteButton.click();
  const deleted = page.waitForResponse((r) => /\/api\/business-types\/delete$/.test(r.url()));
  await confirm.getByRole('button', { name: en.resource.delete, exact: true }).click();
  const answer = (await (await deleted).json()) as { data: { deleted: number[] } };
  expect(answer.data.deleted).toHaveLength(1);
  await expect(page.getByText(en.list.empty)).toBeVisible();

  // ---- bulk delete: two rows selected, one confirmation
  const { token } = await apiLogin('admin');
  await apiBusinessType(token, `Bulk one ${stamp}`, `थोक एक ${toNe(String(stamp))}`);
  await apiBusinessType(token, `Bulk two ${stamp}`, `थोक दुई ${toNe(String(stamp))}`);
  // A new search (the old one found nothing) lists the two new rows.
  await page.getByLabel(en.resource.search).fill(`Bulk`);
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await page.getByRole('checkbox', { name: en.list.selectAll }).check();
  await expect(page.getByText(fill(en.resource.selectedCount, { n: '2' }))).toBeVisible();
  await page.getByRole('button', { name: en.resource.deleteSelected }).click();
  await expect(confirm).toContainText(fill(en.resource.deleteMany, { n: '2' }));
  await confirm.getByRole('button', { name: en.resource.delete, exact: true }).click();
  await expect(page.getByText(en.list.empty)).toBeVisible();
  const left = await fetch(
    `${API}/business-types?filters=${encodeURIComponent(JSON.stringify({ q: 'Bulk' }))}`,
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(((await left.json()) as { meta: { total: number } }).meta.total).toBe(0);
});

test("ward1 opening the roles page sees 'Unauthorized Access.' and no data", async ({ page }) => {
  const setupCalls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/roles/.test(r.url())) setupCalls.push(r.url());
  });
  await login(page, 'ward1');
  const nav = page.getByRole('navigation', { name: en.nav.main });
  // The ward admin may open wards (SPEC §2: view-permissions) but not roles.
  await expect(nav.getByRole('link', { name: en.nav.wards })).toBeVisible();
  await nav.getByRole('button', { name: en.nav.accessControl }).click();
  await expect(nav.getByRole('link', { name: en.nav.permissions })).toBeVisible();
  await expect(nav.getByRole('link', { name: en.nav.roles })).toHaveCount(0);

  await page.goto('/roles');
  await expect(page.getByRole('alert').filter({ hasText: en.errors.unauthorized })).toBeVisible();
  await expect(page.getByText(en.errors.unauthorized, { exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByText('System admin')).toHaveCount(0);
  expect(setupCalls).toEqual([]);
  // The server agrees.
  const { token } = await apiLogin('ward1');
  const res = await fetch(`${API}/roles`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(403);
});

// ---------------------------------------------------------------- screenshots

for (const { device, lang, short, suffix } of SCREENS) {
  test(`setup screenshots ${short} ${device}`, async ({ browser }) => {
    const m = MESSAGES[lang];
    const page = await screenPage(browser, device, lang, await apiLogin('admin'));

    // The list: business types, names in the language, counts in its digits.
    await page.goto('/business-type');
    const table = listOf(page, m.nav.businessTypes);
    await expect(rowsOf(table)).not.toHaveCount(0);
    await expect(table).toContainText(lang === 'ne' ? 'चिया तथा खाजा पसल' : 'Tea and snack shop');
    await expect(
      page.getByText(new RegExp(escapeRegExp(lang === 'ne' ? 'मध्ये' : ' of '))),
    ).toBeVisible();
    await shoot(page, `setup-list-${suffix}`, { fullPage: false });

    // The dialog: a tax band being edited — pickers from other resources, rupees.
    await page.goto('/tax-setup');
    const bands = listOf(page, m.nav.taxSetups);
    await expect(rowsOf(bands)).not.toHaveCount(0);
    await bands.getByText(m.resource.edit, { exact: true }).first().click();
    const dialog = page.getByRole('dialog', {
      name: fill(m.resource.editTitle, { name: m.entities.taxSetup }),
    });
    await expect(dialog.locator('[name=maxCapital]')).not.toHaveValue('');
    await expect(dialog.locator('select[name=fiscalYearId] option')).not.toHaveCount(1);
    await expect(dialog.locator('select[name=businessTypeId]')).not.toHaveValue('');
    await shoot(page, `setup-dialog-${suffix}`, { fullPage: false, blur: true });
    await page.context().close();
  });
}
