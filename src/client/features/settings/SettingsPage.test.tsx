/**
 * The palika settings screen (issue 17 §6): a system admin sees the settings (administrative
 * cost in rupees), the shared schema checks the form before anything is sent, a save sends the
 * values and the server's field errors show on the fields; the emblem is previewed before it is
 * uploaded and a wrong type is refused on the spot; a ward admin is refused and has no menu
 * entry; the screen speaks Nepali.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { User } from '../../../shared/schemas/auth.js';
import type { SettingsView } from '../../../shared/schemas/settings.js';
import { setLang } from '../../lib/i18n';
import { TOKEN_KEY } from '../../lib/session';
import { admin, wardAdmin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi, type MockHandler } from '../../test/mockApi';
import { jsonResponse } from '../../test/render';
import { renderAt } from '../../test/renderApp';

resetEachTest();

const VIEW: SettingsView = {
  nameEn: 'Lalitpur Metropolitan City',
  nameNe: 'ललितपुर महानगरपालिका',
  addressEn: 'Pulchowk, Lalitpur',
  addressNe: 'पुल्चोक, ललितपुर',
  phone: '',
  email: '',
  emblemUrl: '/api/settings/emblem?v=default',
  adminCost: 100_00,
  rentTaxRatePercent: 10,
  renewalWindowDays: 30,
  reminderDaysBefore: [30, 7],
  reminderDaysAfter: [7, 30],
  customEmblem: false,
  defaults: { nameEn: 'Lalitpur Metropolitan City', nameNe: 'ललितपुर महानगरपालिका' },
};

function renderPage(user: User, routes: Record<string, MockHandler> = {}) {
  localStorage.setItem(TOKEN_KEY, 'good');
  const api = mockApi({
    'GET /api/profiles': () => jsonResponse(200, { data: user }),
    'GET /api/notifications': () => jsonResponse(200, { data: [], meta: { total: 0, unread: 0 } }),
    'GET /api/settings': () => jsonResponse(200, { data: VIEW }),
    ...routes,
  });
  renderAt('/settings/palika');
  return api;
}

const input = (name: RegExp) => screen.getByRole('textbox', { name });

describe('palika settings screen', () => {
  it('shows the settings, checks the form, and saves the values', async () => {
    const api = renderPage(admin, {
      'PUT /api/settings': (req) =>
        jsonResponse(200, {
          data: { ...VIEW, nameEn: (req.json as { nameEn: string }).nameEn, adminCost: 150_50 },
        }),
    });
    expect(await screen.findByRole('heading', { name: 'Palika settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Palika settings' })).toHaveAttribute(
      'href',
      '/settings/palika',
    );
    expect(input(/^Name in English/)).toHaveValue('Lalitpur Metropolitan City');
    expect(input(/^Administrative cost/)).toHaveValue('100.00');
    expect(input(/^Rent tax rate/)).toHaveValue('10');

    // checked in the browser first: nothing is sent
    await userEvent.clear(input(/^Name in English/));
    await userEvent.clear(input(/^Rent tax rate/));
    await userEvent.type(input(/^Rent tax rate/), '101');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('This filed is required')).toBeInTheDocument();
    expect(
      screen.getByText('Enter a percent from 0 to 100, with at most two decimals'),
    ).toBeInTheDocument();
    expect(api.calls('PUT', '/api/settings')).toHaveLength(0);

    await userEvent.type(input(/^Name in English/), 'Godawari Municipality');
    await userEvent.clear(input(/^Rent tax rate/));
    await userEvent.type(input(/^Rent tax rate/), '2.5');
    await userEvent.clear(input(/^Administrative cost/));
    await userEvent.type(input(/^Administrative cost/), '150.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.calls('PUT', '/api/settings')).toHaveLength(1));
    expect(api.calls('PUT', '/api/settings')[0].json).toMatchObject({
      nameEn: 'Godawari Municipality',
      adminCost: '150.50',
      rentTaxRatePercent: 2.5,
      renewalWindowDays: 30,
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'green', message: 'The settings are saved.' }),
      ),
    );
    expect(input(/^Name in English/)).toHaveValue('Godawari Municipality');
  });

  it("shows the server's field errors on the fields", async () => {
    renderPage(admin, {
      'PUT /api/settings': () =>
        jsonResponse(422, {
          message: 'The given data was invalid.',
          errors: { email: ['Enter a valid email address.'] },
        }),
    });
    await userEvent.type(
      await screen.findByRole('textbox', { name: /^Office email/ }),
      'info@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
  });

  it('previews a chosen emblem, uploads it, and refuses another type on the spot', async () => {
    // jsdom has no object URLs: a fixed one for the preview, put back after the test
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    });
    const api = renderPage(admin, {
      'POST /api/settings/emblem': () =>
        jsonResponse(200, {
          data: { ...VIEW, customEmblem: true, emblemUrl: '/api/settings/emblem?v=1234' },
        }),
    });
    const preview = await screen.findByTestId('emblem-preview');
    expect(preview).toHaveAttribute('src', '/api/settings/emblem?v=default');
    const field = document.querySelector('input[type=file]') as HTMLInputElement;

    await userEvent.upload(field, new File(['%PDF'], 'emblem.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(await screen.findByText('The emblem must be a PNG or JPEG image')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload emblem' })).toBeDisabled();

    await userEvent.upload(field, new File(['png'], 'emblem.png', { type: 'image/png' }));
    await waitFor(() => expect(preview).toHaveAttribute('src', 'blob:preview'));
    expect(screen.getByText('New emblem (not saved yet)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload emblem' }));
    await waitFor(() => expect(api.calls('POST', '/api/settings/emblem')).toHaveLength(1));
    expect((api.calls('POST', '/api/settings/emblem')[0].body!.get('emblem') as File).name).toBe(
      'emblem.png',
    );
    await waitFor(() =>
      expect(screen.getByTestId('emblem-preview')).toHaveAttribute(
        'src',
        '/api/settings/emblem?v=1234',
      ),
    );
    expect(screen.getByRole('button', { name: 'Use the flag again' })).toBeInTheDocument();
  });

  it('is for system admins only', async () => {
    const api = renderPage(wardAdmin);
    expect(await screen.findByText(/permission/i)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Palika settings' })).toBeNull();
    expect(api.calls('GET', '/api/settings')).toHaveLength(0);
  });

  it('speaks Nepali', async () => {
    await setLang('ne');
    renderPage(admin);
    expect(await screen.findByRole('heading', { name: 'पालिका सेटिङ' })).toBeInTheDocument();
    expect(input(/^नेपालीमा नाम/)).toHaveValue('ललितपुर महानगरपालिका');
    expect(input(/^प्रशासनिक खर्च/)).toHaveValue('१००.००');
    expect(screen.getByText('निशान छाप अपलोड नगरेसम्म नेपालको झण्डा देखिन्छ।')).toBeInTheDocument();
  });
});
