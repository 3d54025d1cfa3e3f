/**
 * The audit log viewer: a system admin sees entries with translated event names, readable
 * changes (rupees, not paisa) and BS date and Nepal time, filters by kind of event, loads older entries by the keyset cursor; anyone else is
 * refused, and the navbar shows the link only to system admins.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../../shared/permissions.js';
import type { User } from '../../../shared/schemas/auth.js';
import { setLang } from '../../lib/i18n';
import { TOKEN_KEY } from '../../lib/session';
import { admin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi, type MockHandler } from '../../test/mockApi';
import { jsonResponse } from '../../test/render';
import { renderAt } from '../../test/renderApp';

resetEachTest();

const wardAdmin: User = {
  ...admin,
  id: 2,
  username: 'ward1',
  userType: 'wardadmin',
  roles: ['wardadmin'],
  permissions: ROLE_PERMISSIONS.wardadmin,
};

const entry = (id: number, action: string, data: unknown = null) => ({
  id,
  // 04:00 UTC = 09:45 in Nepal
  createdAt: '2025-07-17T04:00:00.000Z',
  action,
  entity: 'route',
  entityId: null,
  userId: 7,
  username: 'sita',
  ip: '127.0.0.1',
  data,
});

function renderApp(user: User, routes: Record<string, MockHandler> = {}) {
  localStorage.setItem(TOKEN_KEY, 'good');
  const api = mockApi({
    'GET /api/profiles': () => jsonResponse(200, { data: user }),
    'GET /api/notifications': () => jsonResponse(200, { data: [], meta: { total: 0, unread: 0 } }),
    ...routes,
  });
  renderAt('/audit-log');
  return api;
}

describe('audit log page', () => {
  it('lists entries, filters by event and follows the keyset cursor', async () => {
    const api = renderApp(admin, {
      'GET /api/audit-log': (req) =>
        req.query.get('before') === '8'
          ? jsonResponse(200, { data: [entry(5, 'login')], nextBefore: null })
          : jsonResponse(200, {
              data: [
                entry(9, 'auth.denied', { method: 'GET', route: '/api/users' }),
                entry(8, 'some.new.event'),
              ],
              nextBefore: 8,
            }),
    });
    await waitFor(() => expect(api.calls('GET', '/api/audit-log').length).toBeGreaterThan(0));
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('Access denied')).toBeInTheDocument();
    // an event without a translation shows its code rather than nothing
    expect(within(table).getByText('some.new.event')).toBeInTheDocument();
    expect(within(table).getByText('Method:').closest('li')).toHaveTextContent('Method: GET');
    expect(within(table).getByText('Address:').closest('li')).toHaveTextContent(
      'Address: /api/users',
    );
    // BS date and time in Nepal
    expect(within(table).getAllByText('2082-04-01 09:45')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Older entries' }));
    expect(await within(table).findByText('Signed in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Older entries' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Event' }), 'denied');
    await waitFor(() =>
      expect(
        api.calls('GET', '/api/audit-log').some((r) => r.query.get('action') === 'auth.denied'),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Audit log' })).toBeInTheDocument();
  });

  it('writes events and changes for people (issue 17 §7)', async () => {
    await setLang('en-US');
    renderApp(admin, {
      'GET /api/audit-log': () =>
        jsonResponse(200, {
          data: [
            {
              ...entry(12, 'tax-setups.update', {
                changes: { taxAmount: { from: 150000, to: 250000 }, status: { from: 1, to: 0 } },
              }),
              entity: 'tax-setups',
              entityId: 4,
            },
            {
              ...entry(11, 'fiscal-years.make-current', { from: '2082/83', to: '2083/84' }),
              entity: 'fiscal-years',
              entityId: 3,
            },
            {
              ...entry(10, 'application.verify', {
                from: 'pending',
                to: 'verified',
                remarks: null,
              }),
              entity: 'applications',
              entityId: 9,
            },
            entry(9, 'payment.record', { total: 260000, receiptNo: 'R-1' }),
          ],
          nextBefore: null,
        }),
    });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('Tax band changed')).toBeInTheDocument();
    expect(within(table).getByText('Tax band #4')).toBeInTheDocument();
    const li = (label: string) => within(table).getByText(`${label}:`).closest('li');
    expect(li('Tax amount')).toHaveTextContent('Tax amount: Rs. 1,500.00 → Rs. 2,500.00');
    expect(within(table).getAllByText('Status:')[0].closest('li')).toHaveTextContent(
      'Status: Active → Inactive',
    );
    expect(within(table).getByText('Current fiscal year changed')).toBeInTheDocument();
    expect(li('Current year')).toHaveTextContent('Current year: 2082/83 → 2083/84');
    expect(within(table).getByText('Application verified')).toBeInTheDocument();
    expect(within(table).getAllByText('Status:')[1].closest('li')).toHaveTextContent(
      'Status: Pending → Verified',
    );
    expect(li('Total')).toHaveTextContent('Total: Rs. 2,600.00');
    expect(table.textContent).not.toMatch(/260000|150000|\{/);
  });

  it('in Nepali: labels, rupees and date with Devanagari digits', async () => {
    await setLang('ne');
    renderApp(admin, {
      'GET /api/audit-log': () =>
        jsonResponse(200, {
          data: [entry(9, 'payment.record', { total: 260000, receiptNo: 'R-1' })],
          nextBefore: null,
        }),
    });
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('भुक्तानी दर्ता गरियो')).toBeInTheDocument();
    expect(within(table).getByText('जम्मा:').closest('li')).toHaveTextContent('जम्मा: रु. २,६००.००');
    expect(within(table).getByText('२०८२-०४-०१ ०९:४५')).toBeInTheDocument();
  });

  it('is refused to a ward admin, with no link in the menu', async () => {
    const api = renderApp(wardAdmin);
    expect(await screen.findByText('Unauthorized Access.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/audit-log')).toHaveLength(0);
  });
});
