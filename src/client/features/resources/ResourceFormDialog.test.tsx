/**
 * The generic form dialog (SPEC §2, §4, §5): checked with the shared schema before submit,
 * posted as multipart, server 422 errors shown on their fields, edit loads `GET {id}?lang=`,
 * saving closes the dialog, refreshes the list and follows redirect_page; the cascading
 * pickers, BS dates sent as AD, rupees, the permission picker and the ward admin's ward.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import { admin } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import ResourcePage from './ResourcePage';

let notify: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await setLang('en-US');
  notify = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const teaShop = {
  id: 5,
  status: 1,
  slug: 'tea-shop',
  nameEn: 'Tea shop',
  nameNe: 'चिया पसल',
  createdAt: '2025-07-17T04:00:00.000Z',
  updatedAt: '2025-07-17T04:00:00.000Z',
};
const list = (rows: unknown[]) => () =>
  jsonResponse(200, { data: rows, meta: { total: rows.length } });

function renderPage(resource: string) {
  return renderWithApp(<ResourcePage resource={resource} />, {
    route: '/x',
    path: '/x',
    profile: admin,
  });
}

const dialog = (name: string) => screen.findByRole('dialog', { name });
const field = (d: HTMLElement, name: string) =>
  d.querySelector(`[name="${name}"]`) as HTMLInputElement;

describe('form dialog: create', () => {
  it("checks the form before submit: 'This filed is required', nothing posted", async () => {
    const api = mockApi({ 'GET /api/business-types': list([teaShop]) });
    renderPage('business-types');
    await userEvent.click(await screen.findByRole('button', { name: 'Add business type' }));
    const d = await dialog('Add business type');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(d, 'nameEn')).toHaveAttribute('aria-invalid', 'true'));
    expect(field(d, 'nameNe')).toHaveAttribute('aria-invalid', 'true');
    expect(within(d).getAllByText('This filed is required')).toHaveLength(2);
    // The optional slug is checked by the shared schema too.
    await userEvent.type(field(d, 'slug'), 'Not A Slug');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(
      await within(d).findByText('Use lowercase English letters, digits and single dashes'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/business-types')).toHaveLength(0);
  });

  it('posts both names as multipart, closes, refreshes the list and says so', async () => {
    const api = mockApi({
      'GET /api/business-types': list([teaShop]),
      'POST /api/business-types': () =>
        jsonResponse(201, { data: { ...teaShop, id: 6 }, message: 'Saved.' }),
    });
    renderPage('business-types');
    await userEvent.click(await screen.findByRole('button', { name: 'Add business type' }));
    const d = await dialog('Add business type');
    await userEvent.type(within(d).getByLabelText(/^Name \(English\)/), 'Bakery');
    await userEvent.type(within(d).getByLabelText(/^Name \(Nepali\)/), 'बेकरी');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST', '/api/business-types')).toHaveLength(1));
    const body = api.calls('POST', '/api/business-types')[0].body!;
    expect(body.get('nameEn')).toBe('Bakery');
    expect(body.get('nameNe')).toBe('बेकरी');
    expect(body.get('slug')).toBe('');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(api.calls('GET', '/api/business-types')).toHaveLength(2));
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', title: 'Success', message: 'Saved.' }),
    );
  });

  it('shows the server validation errors (422) on their fields and stays open', async () => {
    mockApi({
      'GET /api/business-types': list([teaShop]),
      'POST /api/business-types': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { nameEn: ['This name is already taken.'], slug: ['validation.slug'] },
        }),
    });
    renderPage('business-types');
    await userEvent.click(await screen.findByRole('button', { name: 'Add business type' }));
    const d = await dialog('Add business type');
    await userEvent.type(field(d, 'nameEn'), 'Tea shop');
    await userEvent.type(field(d, 'nameNe'), 'चिया पसल');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByText('This name is already taken.')).toBeInTheDocument();
    expect(field(d, 'nameEn')).toHaveAttribute('aria-invalid', 'true');
    expect(field(d, 'nameEn')).toHaveAccessibleDescription(/This name is already taken\./);
    // A catalogue key from the server is shown translated.
    expect(
      within(d).getByText('Use lowercase English letters, digits and single dashes'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add business type' })).toBeInTheDocument();
  });

  it('follows redirect_page after saving', async () => {
    mockApi({
      'GET /api/checkboxes': list([]),
      'POST /api/checkboxes': () =>
        jsonResponse(201, { data: { id: 1 }, message: 'Saved.', redirect_page: 'dashboard' }),
    });
    renderPage('checkboxes');
    await userEvent.click(await screen.findByRole('button', { name: 'Add checkbox' }));
    const d = await dialog('Add checkbox');
    await userEvent.type(field(d, 'nameEn'), 'Signboard photo');
    await userEvent.type(field(d, 'nameNe'), 'साइनबोर्डको फोटो');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });
});

describe('form dialog: edit', () => {
  it('loads the record with ?lang=, fills the form and posts to /{id}', async () => {
    const api = mockApi({
      'GET /api/business-types': list([teaShop]),
      'GET /api/business-types/:id': () => jsonResponse(200, { data: teaShop }),
      'POST /api/business-types/:id': () =>
        jsonResponse(200, { data: { ...teaShop, nameEn: 'Tea house' } }),
    });
    renderPage('business-types');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Tea shop' }));
    const d = await dialog('Edit business type');
    await waitFor(() => expect(field(d, 'nameEn')).toHaveValue('Tea shop'));
    expect(api.calls('GET', '/api/business-types/5')[0].query.get('lang')).toBe('en-US');
    expect(field(d, 'nameNe')).toHaveValue('चिया पसल');
    expect(field(d, 'slug')).toHaveValue('tea-shop');
    await userEvent.clear(field(d, 'nameEn'));
    await userEvent.type(field(d, 'nameEn'), 'Tea house');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST', '/api/business-types/5')).toHaveLength(1));
    expect(api.calls('POST', '/api/business-types/5')[0].body!.get('nameEn')).toBe('Tea house');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'green', message: 'Updated Successfully' }),
    );
  });

  it('shows paisa as rupees and sends rupees back (tax setup)', async () => {
    const band = {
      id: 3,
      status: 1,
      businessTypeId: 5,
      fiscalYearId: 2,
      minCapital: 0,
      maxCapital: 50000000,
      taxAmount: 150050,
      renewAmount: 100000,
      renewFine: 10000,
      renewDiscount: 0,
      amendmentFee: 50000,
      closureFee: 100000,
      duplicateFee: 30000,
      businessTypeNameEn: 'Tea shop',
      businessTypeNameNe: 'चिया पसल',
      fiscalYearCode: '2082/83',
    };
    const api = mockApi({
      'GET /api/tax-setups': list([band]),
      'GET /api/tax-setups/:id': () => jsonResponse(200, { data: band }),
      'GET /api/business-types/all': () => jsonResponse(200, { data: [teaShop] }),
      'GET /api/fiscal-years/all': () =>
        jsonResponse(200, { data: [{ id: 2, code: '2082/83', nameNe: 'आ.व. २०८२/८३' }] }),
      'POST /api/tax-setups/:id': () => jsonResponse(200, { data: band }),
    });
    renderPage('tax-setups');
    const t = await screen.findByRole('table', { name: 'Tax setup' });
    expect(await within(t).findByText('Rs. 5,00,000.00')).toBeInTheDocument();
    expect(within(t).getByText('Tea shop')).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Edit Tea shop Rs. 0.00–Rs. 5,00,000.00' }),
    );
    const d = await dialog('Edit tax band');
    await waitFor(() => expect(field(d, 'maxCapital')).toHaveValue('500000'));
    expect(field(d, 'taxAmount')).toHaveValue('1500.50');
    expect(field(d, 'minCapital')).toHaveValue('0');
    await waitFor(() => expect(field(d, 'fiscalYearId')).toHaveValue('2'));
    expect(field(d, 'businessTypeId')).toHaveValue('5');
    // Max below min: the shared schema's rule.
    await userEvent.clear(field(d, 'minCapital'));
    await userEvent.type(field(d, 'minCapital'), '600000');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(
      await within(d).findByText('The maximum must not be less than the minimum'),
    ).toBeInTheDocument();
    await userEvent.clear(field(d, 'minCapital'));
    await userEvent.type(field(d, 'minCapital'), '१००');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST', '/api/tax-setups/3')).toHaveLength(1));
    const body = api.calls('POST', '/api/tax-setups/3')[0].body!;
    expect(body.get('minCapital')).toBe('१००');
    expect(body.get('maxCapital')).toBe('500000');
    expect(body.get('taxAmount')).toBe('1500.50');
    // issue 19: the fees of the requests about a registration, in rupees
    expect(body.get('amendmentFee')).toBe('500');
    expect(body.get('closureFee')).toBe('1000');
    expect(body.get('duplicateFee')).toBe('300');
  });

  it('shows AD dates as BS and sends BS typed in Devanagari as AD (fiscal year)', async () => {
    const fy = {
      id: 2,
      status: 1,
      code: '2082/83',
      nameNe: 'आ.व. २०८२/८३',
      startDate: '2025-07-17',
      endDate: '2026-07-16',
    };
    const api = mockApi({
      'GET /api/fiscal-years': list([fy]),
      'GET /api/fiscal-years/:id': () => jsonResponse(200, { data: fy }),
      'POST /api/fiscal-years/:id': () => jsonResponse(200, { data: fy }),
    });
    renderPage('fiscal-years');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit 2082/83' }));
    const d = await dialog('Edit fiscal year');
    await waitFor(() => expect(field(d, 'startDate')).toHaveValue('2082-04-01'));
    await userEvent.clear(field(d, 'endDate'));
    await userEvent.type(field(d, 'endDate'), '2082-13-01');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    expect(await within(d).findByText('Enter a valid date')).toBeInTheDocument();
    await userEvent.clear(field(d, 'endDate'));
    await userEvent.type(field(d, 'endDate'), '२०८३-०३-३२');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST', '/api/fiscal-years/2')).toHaveLength(1));
    const body = api.calls('POST', '/api/fiscal-years/2')[0].body!;
    expect(body.get('startDate')).toBe('2025-07-17');
    expect(body.get('endDate')).toBe('2026-07-16');
    expect(body.get('code')).toBe('2082/83');
  });
});

describe('form dialog: pickers', () => {
  it("cascades district by province and derives a city's province when editing", async () => {
    const city = {
      id: 300,
      status: 1,
      districtId: 29,
      nameEn: 'Kirtipur',
      nameNe: 'कीर्तिपुर',
      categoryEn: 'Municipality',
      categoryNe: 'नगरपालिका',
      wardCount: 10,
      districtNameEn: 'Kathmandu',
      districtNameNe: 'काठमाडौं',
      stateId: null,
    };
    const api = mockApi({
      'GET /api/cities': list([city]),
      'GET /api/cities/:id': () => jsonResponse(200, { data: city }),
      'GET /api/districts/:id': () =>
        jsonResponse(200, { data: { id: 29, stateId: 3, nameEn: 'Kathmandu' } }),
      'GET /api/states/all': () =>
        jsonResponse(200, {
          data: [
            { id: 3, nameEn: 'Bagmati', nameNe: 'बागमती' },
            { id: 4, nameEn: 'Gandaki', nameNe: 'गण्डकी' },
          ],
        }),
      'GET /api/districts/all': (req) => {
        const { stateId } = JSON.parse(req.query.get('filters') ?? '{}') as { stateId?: number };
        return jsonResponse(200, {
          data:
            stateId === 3
              ? [{ id: 29, stateId: 3, nameEn: 'Kathmandu', nameNe: 'काठमाडौं' }]
              : [{ id: 40, stateId: 4, nameEn: 'Kaski', nameNe: 'कास्की' }],
        });
      },
      'POST /api/cities/:id': () => jsonResponse(200, { data: city }),
    });
    renderPage('cities');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Kirtipur' }));
    const d = await dialog('Edit local level');
    await waitFor(() => expect(field(d, 'stateId')).toHaveValue('3'));
    await waitFor(() => expect(field(d, 'districtId')).toHaveValue('29'));
    // Another province empties the district and offers that province's districts only.
    await userEvent.selectOptions(field(d, 'stateId'), 'Gandaki');
    expect(field(d, 'districtId')).toHaveValue('');
    await waitFor(() =>
      expect(within(field(d, 'districtId')).getByText('Kaski')).toBeInTheDocument(),
    );
    expect(within(field(d, 'districtId')).queryByText('Kathmandu')).not.toBeInTheDocument();
    await userEvent.selectOptions(field(d, 'districtId'), 'Kaski');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST', '/api/cities/300')).toHaveLength(1));
    const body = api.calls('POST', '/api/cities/300')[0].body!;
    expect(body.get('districtId')).toBe('40');
    // The province only helps choose; it is not sent.
    expect(body.has('stateId')).toBe(false);
  });

  it('asks a ward admin for a ward; the password may stay empty on edit', async () => {
    const user = {
      id: 9,
      status: 1,
      name: 'Gita Rai',
      username: 'gita',
      phone: '9841000009',
      email: null,
      gender: 'female',
      userType: 'user',
      wardId: null,
      wardNumber: null,
      photoFileId: null,
      citizenshipFileId: null,
    };
    const api = mockApi({
      'GET /api/users': list([user]),
      'GET /api/users/:id': () => jsonResponse(200, { data: user }),
      'GET /api/wards/all': () =>
        jsonResponse(200, {
          data: [{ id: 1, number: 1, nameEn: 'Ward No. 1', nameNe: 'वडा नं. १' }],
        }),
      'POST /api/users/:id': () => jsonResponse(200, { data: user }),
    });
    renderPage('users');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Gita Rai' }));
    const d = await dialog('Edit user');
    await waitFor(() => expect(field(d, 'username')).toHaveValue('gita'));
    expect(field(d, 'wardId')).toBeNull();
    await userEvent.selectOptions(field(d, 'userType'), 'Ward admin');
    expect(field(d, 'wardId')).not.toBeNull();
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(d, 'wardId')).toHaveAttribute('aria-invalid', 'true'));
    expect(api.calls('POST', '/api/users/9')).toHaveLength(0);
    await userEvent.selectOptions(field(d, 'wardId'), '1 — Ward No. 1');
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST', '/api/users/9')).toHaveLength(1));
    const body = api.calls('POST', '/api/users/9')[0].body!;
    expect(body.get('userType')).toBe('wardadmin');
    expect(body.get('wardId')).toBe('1');
    expect(body.has('password')).toBe(false);
    expect(body.has('photo')).toBe(false);
  });

  it('picks permissions by group and sends permissionIds[]', async () => {
    const perms = ['view-wards', 'create-wards', 'view-roles', 'verify-applications'].map(
      (slug, i) => ({ id: i + 1, slug, nameEn: slug, nameNe: slug, groupName: 'x' }),
    );
    const api = mockApi({
      'GET /api/roles': list([]),
      'GET /api/permissions/all': () => jsonResponse(200, { data: perms }),
      'POST /api/roles': () => jsonResponse(201, { data: { id: 4 } }),
    });
    renderPage('roles');
    await userEvent.click(await screen.findByRole('button', { name: 'Add role' }));
    const d = await dialog('Add role');
    await userEvent.type(field(d, 'slug'), 'clerk');
    await userEvent.type(field(d, 'nameEn'), 'Clerk');
    await userEvent.type(field(d, 'nameNe'), 'कारिन्दा');
    await userEvent.click(await within(d).findByRole('checkbox', { name: 'All of Wards' }));
    const applications = within(d).getByRole('group', { name: /Applications/ });
    await userEvent.click(within(applications).getByRole('checkbox', { name: 'Verify' }));
    expect(within(d).getByText('3 chosen')).toBeInTheDocument();
    await userEvent.click(within(d).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST', '/api/roles')).toHaveLength(1));
    const body = api.calls('POST', '/api/roles')[0].body!;
    expect(body.getAll('permissionIds[]').sort()).toEqual(['1', '2', '4']);
  });
});
