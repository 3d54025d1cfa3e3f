/**
 * "Make this the current fiscal year" on the fiscal-year list (issue 17 §7): the status switch
 * only toggles the status; the make-current button asks first, names the effect (new
 * applications and fee estimates, renewals, the old current year), sends the year it said
 * would be replaced, and shows the server's refusal in the dialog.
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

const fy = (id: number, code: string, isCurrent: boolean, status = 1) => ({
  id,
  status,
  code,
  slug: code.replace('/', '-'),
  nameNe: code,
  startDate: '2026-07-17',
  endDate: '2027-07-16',
  isCurrent,
  createdAt: '2025-07-17T04:00:00.000Z',
  updatedAt: '2025-07-17T04:00:00.000Z',
});
const ROWS = [fy(4, '2084/85', false, 0), fy(3, '2083/84', true)];

beforeEach(async () => {
  await setLang('en-US');
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = {
  'GET /api/fiscal-years': () => jsonResponse(200, { data: ROWS, meta: { total: 2 } }),
  'GET /api/fiscal-years/all': () => jsonResponse(200, { data: ROWS }),
};

const renderList = () =>
  renderWithApp(<ResourcePage resource="fiscal-years" />, {
    route: '/x',
    path: '/x',
    profile: admin,
  });

describe('fiscal years: make current', () => {
  it('the current year has a badge; the status switch does not offer "current"', async () => {
    const api = mockApi({
      ...routes,
      'PUT /api/fiscal-years/4/change-status': () =>
        jsonResponse(200, { data: { ...ROWS[0], status: 1 }, message: 'ok' }),
    });
    renderList();
    const table = await screen.findByRole('table', { name: 'Fiscal years' });
    expect(await within(table).findByText('Current')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('switch', { name: /2084\/85/ }));
    await waitFor(() =>
      expect(api.calls('PUT', '/api/fiscal-years/4/change-status')).toHaveLength(1),
    );
    expect(api.calls('POST', '/api/fiscal-years/4/make-current')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks first, names the effect, then sends the year it replaces', async () => {
    const api = mockApi({
      ...routes,
      'POST /api/fiscal-years/4/make-current': () =>
        jsonResponse(200, {
          data: { ...ROWS[0], status: 1, isCurrent: true },
          message: '2084/85 is now the current fiscal year.',
        }),
    });
    renderList();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make 2084/85 the current fiscal year' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Make 2084/85 the current fiscal year?',
    });
    expect(
      within(dialog).getByText(
        /New applications and their fee estimates will use the tax setup of 2084\/85/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Renewals will be assessed for 2084\/85/)).toBeInTheDocument();
    expect(
      await within(dialog).findByText(/2083\/84 stops being the current year\. It stays active/),
    ).toBeInTheDocument();
    // nothing is sent before the confirmation; cancelling sends nothing
    expect(api.calls('POST', '/api/fiscal-years/4/make-current')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make 2084/85 current' }));
    await waitFor(() =>
      expect(api.calls('POST', '/api/fiscal-years/4/make-current')).toHaveLength(1),
    );
    expect(api.calls('POST', '/api/fiscal-years/4/make-current')[0].body?.get('replacing')).toBe(
      '3',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: '2084/85 is now the current fiscal year.' }),
    );
  });

  it('shows a refusal (tax setup missing) in the dialog and stays open', async () => {
    const refusal =
      'Fiscal year 2084/85 cannot be made current yet: these business types have no tax setup for it, so their fee estimates and bills would fail: Retail shop.';
    mockApi({
      ...routes,
      'POST /api/fiscal-years/4/make-current': () => jsonResponse(422, { message: refusal }),
    });
    renderList();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Make 2084/85 the current fiscal year' }),
    );
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText(/2083\/84 stops being/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Make 2084/85 current' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Retail shop');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('in Nepali, with Devanagari digits', async () => {
    await setLang('ne');
    mockApi(routes);
    renderList();
    await userEvent.click(
      await screen.findByRole('button', { name: '२०८४/८५लाई चालु आर्थिक वर्ष बनाउनुहोस्' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/२०८३\/८४ अब चालु वर्ष रहने छैन/)).toBeInTheDocument();
  });
});
