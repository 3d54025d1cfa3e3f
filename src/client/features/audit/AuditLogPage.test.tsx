/**
 * The audit log viewer: a system admin sees entries with translated event names and Nepal
 * time, filters by kind of event, loads older entries by the keyset cursor; anyone else is
 * refused, and the navbar shows the link only to system admins.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../../shared/permissions.js';
import type { User } from '../../../shared/schemas/auth.js';
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
    expect(within(table).getByText('method: GET · route: /api/users')).toBeInTheDocument();
    expect(within(table).getAllByText(/09:45$/)).toHaveLength(2);

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

  it('is refused to a ward admin, with no link in the menu', async () => {
    const api = renderApp(wardAdmin);
    expect(await screen.findByText('Unauthorized Access.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(api.calls('GET', '/api/audit-log')).toHaveLength(0);
  });
});
