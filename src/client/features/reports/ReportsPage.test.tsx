/**
 * The staff Reports page (issue 19 §7): the current fiscal year is the default period (sent as
 * its AD dates), the receipt register shows its totals and rows, the collection tab groups as
 * chosen and ends in the total row, the ages tab counts per bucket.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { todayAd } from '../../../shared/bs-date.js';
import { fiscalYearOf } from '../../../shared/fiscal-year.js';
import { admin, wardAdmin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import ReportsPage from './ReportsPage';

resetEachTest();

const receipt = {
  id: 7,
  receiptNo: 'R-101',
  paidDate: '2025-07-17',
  payer: 'Ram Payer',
  businessName: 'Tea House',
  submissionNo: 'SUB-1',
  registrationNo: '1/2082-83',
  wardNumber: 1,
  channel: 'counter',
  payStatus: 'completed',
  total: 110000,
  refundReason: null,
  refundedOn: null,
  refundMethod: null,
  refundReference: null,
};

function api() {
  return mockApi({
    'GET /api/wards/all': () => jsonResponse(200, { data: [] }),
    'GET /api/reports/receipts': () =>
      jsonResponse(200, {
        data: [receipt],
        meta: {
          count: 1,
          total: 110000,
          credited: 110000,
          refundDue: 0,
          refunded: 0,
          nextCursor: null,
        },
      }),
    'GET /api/reports/collection': (req) =>
      jsonResponse(200, {
        data: [
          req.query.get('by') === 'channel'
            ? { key: 'counter', nameEn: 'Counter', nameNe: 'काउन्टर', count: 2, total: 220000 }
            : { key: '1', nameEn: 'Ward No. 1', nameNe: 'वडा नं. १', count: 2, total: 220000 },
        ],
        meta: { count: 2, total: 220000 },
      }),
    'GET /api/reports/applications-age': () =>
      jsonResponse(200, {
        data: [{ status: 'pending', d0_7: 2, d8_30: 1, d31_90: 0, d90plus: 4, total: 7 }],
        meta: { d0_7: 2, d8_30: 1, d31_90: 0, d90plus: 4, total: 7 },
      }),
  });
}

describe('ReportsPage', () => {
  it('shows the receipt register of the current fiscal year with its totals', async () => {
    const m = api();
    renderWithApp(<ReportsPage />, { profile: admin, route: '/reports' });
    const table = await screen.findByRole('table', { name: 'Receipt register' });
    expect(await within(table).findByText('R-101')).toBeInTheDocument();
    expect(within(table).getByText('Ram Payer')).toBeInTheDocument();
    expect(screen.getByTestId('receipts-total')).toHaveTextContent('Rs. 1,100.00');
    const fy = fiscalYearOf(todayAd());
    const [req] = m.calls('GET', '/api/reports/receipts');
    expect(req.query.get('from')).toBe(fy.startAd);
    expect(req.query.get('to')).toBe(fy.endAd);
  });

  it('groups the collection as chosen and ends in the total row', async () => {
    const m = api();
    renderWithApp(<ReportsPage />, { profile: admin, route: '/reports' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Collection' }));
    const table = await screen.findByRole('table', { name: 'Collection' });
    expect(await within(table).findByText('1 — Ward No. 1')).toBeInTheDocument();
    expect(screen.getByTestId('collection-total')).toHaveTextContent('Rs. 2,200.00');
    await userEvent.selectOptions(screen.getByLabelText('Group by'), 'channel');
    expect(await within(table).findByText('Counter')).toBeInTheDocument();
    expect(m.calls('GET', '/api/reports/collection').at(-1)!.query.get('by')).toBe('channel');
  });

  it('counts the applications by status and age', async () => {
    api();
    renderWithApp(<ReportsPage />, { profile: admin, route: '/reports' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Applications by age' }));
    const table = await screen.findByRole('table', { name: 'Applications by age' });
    await within(table).findByText('Pending');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/Pending\s*21047/);
    expect(rows[2]).toHaveTextContent(/Total\s*21047/);
  });

  it('offers the ward filter to a system admin, not to a ward admin (kept to their ward)', async () => {
    api();
    const { unmount, container } = renderWithApp(<ReportsPage />, {
      profile: admin,
      route: '/reports',
    });
    await screen.findByRole('tab', { name: 'Applications by age' });
    expect(container.querySelector('select[name=wardId]')).not.toBeNull();
    unmount();
    api();
    const ward = renderWithApp(<ReportsPage />, {
      profile: { ...wardAdmin, permissions: [...wardAdmin.permissions, 'view-payments'] },
      route: '/reports',
    });
    await screen.findByRole('tab', { name: 'Applications by age' });
    expect(ward.container.querySelector('select[name=wardId]')).toBeNull();
  });
});
