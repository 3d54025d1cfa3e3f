/**
 * The staff payments list: the channel, status, ward and BS date range filters become the
 * API's `filters` (the BS dates as AD paidFrom/paidTo); a wrong date is shown and not sent;
 * the columns show the channel, status, BS date, receipt link, business, ward and total.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bsToAd } from '../../../shared/bs-date.js';
import { admin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { filtersOf, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import PaymentsListPage, { paymentFilters } from './PaymentsListPage';

const row = {
  id: 31,
  applicationId: 9,
  submissionNo: '2082-83-000009',
  businessName: 'Himal Traders',
  wardNumber: 1,
  channel: 'esewa',
  payStatus: 'completed',
  total: 110000,
  paidDate: '2025-07-17',
  receiptNo: 'ES-2082-83-000001',
  gatewayTxnId: '0007ABC',
  createdAt: '2025-07-17T04:00:00.000Z',
};

resetEachTest();

describe('PaymentsListPage', () => {
  it('maps the filters to the API’s filters', async () => {
    const api = mockApi({
      'GET /api/payments': () => jsonResponse(200, { data: [row], meta: { total: 1 } }),
      'GET /api/wards/all': () =>
        jsonResponse(200, {
          data: [
            { id: 7, number: 2, nameEn: 'Ward No. 2', nameNe: 'वडा नं. २' },
            { id: 3, number: 1, nameEn: 'Ward No. 1', nameNe: 'वडा नं. १' },
          ],
        }),
    });
    renderWithApp(<PaymentsListPage />, { profile: admin, route: '/payments' });
    // the row: BS date, receipt link, business, ward, channel, status, total
    expect(await screen.findByRole('link', { name: 'ES-2082-83-000001' })).toHaveAttribute(
      'href',
      '/payments/31/receipt',
    );
    const table = within(screen.getByRole('table', { name: 'Payments' }));
    expect(table.getByText('2082-04-01')).toBeInTheDocument();
    expect(table.getByRole('link', { name: 'Himal Traders' })).toBeInTheDocument();
    expect(table.getByText('eSewa')).toBeInTheDocument();
    expect(table.getByText('Completed')).toBeInTheDocument();
    expect(table.getByText('Rs. 1,100.00')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'esewa');
    await userEvent.selectOptions(screen.getByLabelText('Payment status'), 'completed');
    await waitFor(() =>
      expect(screen.getByRole('option', { name: '2 — Ward No. 2' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(screen.getByLabelText('Ward'), '7');
    await userEvent.type(screen.getByLabelText('From (BS)'), '२०८२-०४-०१');
    await userEvent.type(screen.getByLabelText('To (BS)'), '2082-04-3');
    await waitFor(() => {
      const last = api.calls('GET', '/api/payments').at(-1)!;
      expect(filtersOf(last)).toEqual({
        channel: 'esewa',
        status: 'completed',
        wardId: 7,
        paidFrom: bsToAd({ year: 2082, month: 4, day: 1 }),
        paidTo: bsToAd({ year: 2082, month: 4, day: 3 }),
      });
    });
    expect(bsToAd({ year: 2082, month: 4, day: 1 })).toBe('2025-07-17');

    // a date that does not exist is shown as wrong and left out of the filters
    await userEvent.clear(screen.getByLabelText('To (BS)'));
    await userEvent.type(screen.getByLabelText('To (BS)'), '2082-13-01');
    expect(await screen.findByText('Enter a valid date')).toBeInTheDocument();
    const before = api.calls('GET', '/api/payments').length;
    await userEvent.selectOptions(screen.getByLabelText('Payment status'), 'pending');
    await waitFor(() => expect(api.calls('GET', '/api/payments').length).toBeGreaterThan(before));
    expect(filtersOf(api.calls('GET', '/api/payments').at(-1)!)).toEqual({
      channel: 'esewa',
      status: 'pending',
      wardId: 7,
      paidFrom: '2025-07-17',
    });
  });

  it('drops a reversed range and a wrong date', () => {
    const none = { channel: '', status: '', wardId: '', q: '' };
    expect(paymentFilters({ ...none, range: { from: '2082-04-01', to: '2082-02-30x' } })).toEqual({
      paidFrom: '2025-07-17',
    });
    expect(
      paymentFilters({
        channel: '',
        status: '',
        wardId: '',
        q: '',
        range: { from: '2082-04-10', to: '2082-04-01' },
      }),
    ).toEqual({});
  });
});
