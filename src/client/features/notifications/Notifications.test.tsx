/**
 * Notifications (issue 5 §5): the header bell shows the unread count and links to the list;
 * the list marks one read when opened and goes to its application, and marks all read; staff
 * send a message from the detail page's dialog; the outbox shows failures and retries them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../../shared/permissions.js';
import type { User } from '../../../shared/schemas/auth.js';
import { TOKEN_KEY } from '../../lib/session';
import { admin, dashboardData } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi, type MockHandler } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import { renderAt } from '../../test/renderApp';
import { POLL_MS } from './api';
import { SendNotificationButton } from './SendNotificationButton';

const applicant: User = {
  ...admin,
  id: 5,
  name: 'Sita Tamang',
  username: 'sita',
  userType: 'user',
  roles: ['user'],
  permissions: ROLE_PERMISSIONS.user,
};
const wardAdmin: User = {
  ...admin,
  id: 2,
  name: 'Ward Admin',
  username: 'ward1',
  userType: 'wardadmin',
  roles: ['wardadmin'],
  permissions: ROLE_PERMISSIONS.wardadmin,
};

const list = [
  {
    id: 12,
    applicationId: 9,
    kind: 'verify',
    title: 'Himal Traders',
    body: 'Himal Traders has been verified. Amount due: Rs. 1,500.00.',
    readAt: null,
    createdAt: '2025-07-17T04:00:00.000Z',
  },
  {
    id: 11,
    applicationId: null,
    kind: 'manual',
    title: 'Welcome',
    body: 'Welcome to Darta.',
    readAt: '2025-07-16T04:00:00.000Z',
    createdAt: '2025-07-16T04:00:00.000Z',
  },
];

resetEachTest();

function renderApp(user: User, path: string, routes: Record<string, MockHandler> = {}) {
  localStorage.setItem(TOKEN_KEY, 'good');
  const api = mockApi({
    'GET /api/profiles': () => jsonResponse(200, { data: user }),
    'GET /api/dashboard': () =>
      jsonResponse(200, {
        data: dashboardData({}),
      }),
    ...routes,
  });
  renderAt(path);
  return api;
}

describe('notification bell', () => {
  it('shows the unread count and links to the notifications page', async () => {
    const api = renderApp(applicant, '/profile', {
      'GET /api/notifications': () =>
        jsonResponse(200, { data: list.slice(0, 1), meta: { total: 2, unread: 3 } }),
    });
    const bell = await screen.findByRole('link', { name: 'Notifications: 3 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(screen.getByTestId('bell-count')).toHaveTextContent('3');
    const poll = api.calls('GET', '/api/notifications')[0];
    expect(poll.query.get('rowsPerPage')).toBe('1');
    expect(POLL_MS).toBe(60_000);
  });

  it('shows no count when everything is read, and stays quiet when the poll fails', async () => {
    renderApp(applicant, '/profile', {
      'GET /api/notifications': () => jsonResponse(500, { message: 'down' }),
    });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bell-count')).not.toHaveTextContent(/\d/));
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

describe('notifications page', () => {
  it('lists newest first with BS dates, marks one read and opens its application', async () => {
    let unread = 1;
    const api = renderApp(applicant, '/notifications', {
      'GET /api/notifications': () =>
        jsonResponse(200, {
          data: list.map((n) => (n.id === 12 && unread === 0 ? { ...n, readAt: 'x' } : n)),
          meta: { total: 2, unread },
        }),
      'POST /api/notifications/read': () => {
        unread = 0;
        return jsonResponse(200, { message: 'Success' });
      },
      'GET /api/applications/:id': () => jsonResponse(404, { message: 'Resource not found.' }),
    });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Himal Traders');
    expect(items[0]).toHaveTextContent('Unread');
    // 17 July 2025 is 1 Shrawan 2082.
    expect(items[0]).toHaveTextContent('2082-04-01');
    expect(items[1]).not.toHaveTextContent('Unread');

    await userEvent.click(within(items[0]).getByRole('button'));
    await waitFor(() => expect(api.calls('POST', '/api/notifications/read')).toHaveLength(1));
    expect(api.calls('POST', '/api/notifications/read')[0].json).toEqual({ ids: [12] });
    await waitFor(() => expect(api.calls('GET', '/api/applications/9').length).toBeGreaterThan(0));
  });

  it('marks all read', async () => {
    let unread = 1;
    const api = renderApp(applicant, '/notifications', {
      'GET /api/notifications': () => jsonResponse(200, { data: list, meta: { total: 2, unread } }),
      'POST /api/notifications/read': () => {
        unread = 0;
        return jsonResponse(200, { message: 'Success' });
      },
    });
    const button = await screen.findByRole('button', { name: 'Mark all as read' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(api.calls('POST', '/api/notifications/read')).toHaveLength(1));
    expect(api.calls('POST', '/api/notifications/read')[0].json).toEqual({});
    await waitFor(() => expect(button).toBeDisabled());
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    renderApp(applicant, '/notifications', {
      'GET /api/notifications': () =>
        jsonResponse(200, { data: [], meta: { total: 0, unread: 0 } }),
    });
    expect(await screen.findByText('You have no notifications yet.')).toBeInTheDocument();
  });
});

describe('send notification dialog', () => {
  it('is not offered without send-notifications', () => {
    mockApi({});
    renderWithApp(<SendNotificationButton applicationId={9} />, { profile: applicant });
    expect(screen.queryByRole('button', { name: 'Send notification' })).not.toBeInTheDocument();
  });

  it('requires a message, counts characters, sends it and shows server errors', async () => {
    let calls = 0;
    const api = mockApi({
      'POST /api/applications/:id/notify': () =>
        ++calls === 1
          ? jsonResponse(422, {
              message: 'The given data was invalid.',
              errors: { message: ['validation.tooLong'] },
            })
          : jsonResponse(200, { message: 'Action was successful' }),
    });
    renderWithApp(<SendNotificationButton applicationId={9} />, { profile: wardAdmin });
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Send a notification to the applicant',
    });
    const box = within(dialog).getByLabelText(/Message/);
    expect(box).toHaveAttribute('maxlength', '480');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This filed is required')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await userEvent.type(box, 'Please bring the original lalpurja.');
    expect(within(dialog).getByText('35 of 480 characters')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This is too long')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.calls('POST', '/api/applications/9/notify');
    expect(sent).toHaveLength(2);
    expect(sent[1].body?.get('message')).toBe('Please bring the original lalpurja.');
    expect(notifications.show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'The notification has been sent.' }),
    );
  });
});

describe('outbox', () => {
  const rows = [
    {
      id: 3,
      channel: 'sms',
      recipient: '9812345678',
      kind: 'status',
      applicationId: 9,
      status: 'failed',
      attempts: 5,
      lastError: 'gateway timeout',
      sentAt: null,
      createdAt: '2025-07-17T04:00:00.000Z',
      body: 'Himal Traders has been verified.',
    },
    {
      id: 2,
      channel: 'email',
      recipient: 'sita@example.com',
      kind: 'manual',
      applicationId: 9,
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: '2025-07-17T04:00:00.000Z',
      createdAt: '2025-07-17T04:00:00.000Z',
      body: 'Hello',
    },
  ];

  it('shows failures with their error, filters by status, and retries for the admin', async () => {
    const api = renderApp(admin, '/notifications/outbox', {
      'GET /api/notifications': () =>
        jsonResponse(200, { data: [], meta: { total: 0, unread: 0 } }),
      'GET /api/outbox': () => jsonResponse(200, { data: rows, meta: { total: 2 } }),
      'POST /api/outbox/:id/retry': () => jsonResponse(200, { message: 'Action was successful' }),
    });
    const table = await screen.findByRole('table', { name: 'Messages sent and waiting' });
    expect(await within(table).findByText('gateway timeout', { exact: false })).toBeInTheDocument();
    expect(within(table).getByText('Attempts: 5')).toBeInTheDocument();
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    const retries = within(table).getAllByRole('button', { name: 'Retry' });
    expect(retries).toHaveLength(1);
    await userEvent.click(retries[0]);
    await waitFor(() => expect(api.calls('POST', '/api/outbox/3/retry')).toHaveLength(1));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed');
    await waitFor(() =>
      expect(api.calls('GET', '/api/outbox').some((r) => r.query.get('status') === 'failed')).toBe(
        true,
      ),
    );
  });

  it('lets a ward admin see the outbox without retry, and refuses an applicant', async () => {
    renderApp(wardAdmin, '/notifications/outbox', {
      'GET /api/notifications': () =>
        jsonResponse(200, { data: [], meta: { total: 0, unread: 0 } }),
      'GET /api/outbox': () => jsonResponse(200, { data: rows, meta: { total: 2 } }),
    });
    const table = await screen.findByRole('table', { name: 'Messages sent and waiting' });
    expect(await within(table).findByText('Failed')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('is forbidden to an applicant', async () => {
    renderApp(applicant, '/notifications/outbox', {
      'GET /api/notifications': () =>
        jsonResponse(200, { data: [], meta: { total: 0, unread: 0 } }),
    });
    expect(await screen.findByText('Unauthorized Access.')).toBeInTheDocument();
  });
});
