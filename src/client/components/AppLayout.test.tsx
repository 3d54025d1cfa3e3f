/**
 * The navbar's setup sections (SPEC §2 settings and access-control groups): each link only
 * with the permission to open it; a section with no link is not shown; the setup pages are
 * routed and lazy-loaded. Refunds due (issue 15) follows Payments for staff who record or view
 * payments, and is the one item marked active on its page.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../shared/permissions.js';
import type { User } from '../../shared/schemas/auth.js';
import { TOKEN_KEY } from '../lib/session';
import { admin, dashboardData } from '../test/fixtures';
import { resetEachTest } from '../test/lifecycle';
import { mockApi } from '../test/mockApi';
import { jsonResponse } from '../test/render';
import { renderAt } from '../test/renderApp';

const counts = { total: 0, pending: 0, verified: 0, paid: 0, approved: 0, rejected: 0 };

resetEachTest();

function renderAs(user: User, path = '/dashboard') {
  localStorage.setItem(TOKEN_KEY, 'good');
  mockApi({
    'GET /api/profiles': () => jsonResponse(200, { data: user }),
    'GET /api/dashboard': () => jsonResponse(200, { data: dashboardData({ ...counts, users: 3 }) }),
    'GET /api/states': () =>
      jsonResponse(200, {
        data: [{ id: 3, status: 1, nameEn: 'Bagmati Province', nameNe: 'बागमती प्रदेश' }],
        meta: { total: 1 },
      }),
  });
  return renderAt(path);
}

describe('navbar: setup sections', () => {
  it('shows the system admin every setup screen, in Settings and Access control', async () => {
    renderAs(admin);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Wards' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Business types' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Settings' }));
    for (const name of [
      'Fiscal years',
      'Tax setup',
      'Image checkboxes',
      'Provinces',
      'Districts',
      'Local levels',
      'Required files',
    ]) {
      expect(await within(nav).findByRole('link', { name })).toBeInTheDocument();
    }
    await userEvent.click(within(nav).getByRole('button', { name: 'Access control' }));
    for (const name of ['Permissions', 'Roles', 'Users', 'OTP logs']) {
      expect(await within(nav).findByRole('link', { name })).toBeInTheDocument();
    }
    // The link opens the generic page of that resource.
    await userEvent.click(within(nav).getByRole('link', { name: 'Provinces' }));
    expect(await screen.findByRole('table', { name: 'Provinces' })).toBeInTheDocument();
    expect(await screen.findByText('Bagmati Province')).toBeInTheDocument();
  });

  it('shows a ward admin only what its permissions open: no roles, users or OTP logs', async () => {
    renderAs({ ...admin, userType: 'wardadmin', permissions: ROLE_PERMISSIONS.wardadmin });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Wards' })).toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Access control' }));
    expect(await within(nav).findByRole('link', { name: 'Permissions' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Roles' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'OTP logs' })).not.toBeInTheDocument();
  });

  it('shows an applicant no setup section at all', async () => {
    renderAs({ ...admin, userType: 'user', roles: ['user'], permissions: ROLE_PERMISSIONS.user });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Applications' })).toBeInTheDocument();
    expect(within(nav).queryByText('Settings')).not.toBeInTheDocument();
    expect(within(nav).queryByText('Access control')).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Wards' })).not.toBeInTheDocument();
  });

  it("shows 'Unauthorized Access.' when an applicant opens a setup page by its address", async () => {
    renderAs(
      { ...admin, userType: 'user', roles: ['user'], permissions: ROLE_PERMISSIONS.user },
      '/roles',
    );
    expect(await screen.findByText('Unauthorized Access.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('navbar: refunds due', () => {
  it('lists Refunds due after Payments for staff, routed, and marks only it active', async () => {
    renderAs({ ...admin, userType: 'wardadmin', permissions: ROLE_PERMISSIONS.wardadmin });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = (await within(nav).findAllByRole('link')).map((l) => l.textContent);
    expect(links.indexOf('Refunds due')).toBe(links.indexOf('Payments') + 1);
    await userEvent.click(within(nav).getByRole('link', { name: 'Refunds due' }));
    expect(await screen.findByRole('heading', { name: 'Refunds due' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Refunds due' })).toHaveAttribute('data-active');
    expect(within(nav).getByRole('link', { name: 'Payments' })).not.toHaveAttribute('data-active');
  });

  it('shows it with record-payments alone', async () => {
    renderAs({ ...admin, userType: 'wardadmin', permissions: ['record-payments'] });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Refunds due' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('is not offered to an applicant', async () => {
    renderAs({ ...admin, userType: 'user', roles: ['user'], permissions: ROLE_PERMISSIONS.user });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Applications' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Refunds due' })).not.toBeInTheDocument();
  });
});
