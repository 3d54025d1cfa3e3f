/**
 * The daily reconciliation (issue 15): every day and channel shows the money received and where
 * it went — credited to bills (with the number of payments), refund due, refunded — and so do
 * the channel totals and the grand total (the server's sums), under the note that received =
 * credited + refund due + refunded. The BS range is sent as AD.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../lib/i18n';
import { admin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import { NARROW } from './narrow';
import ReconciliationPage, { sumRows } from './ReconciliationPage';

const rows = [
  // a counter payment credited, and the Khalti money for the same bill to be refunded
  {
    day: '2025-07-17',
    channel: 'counter',
    count: 1,
    total: 110000,
    received: 110000,
    credited: 110000,
    refundDue: 0,
    refunded: 0,
  },
  {
    day: '2025-07-17',
    channel: 'khalti',
    count: 2,
    total: 220000,
    received: 440000,
    credited: 220000,
    refundDue: 110000,
    refunded: 110000,
  },
];
const meta = {
  count: 3,
  total: 330000,
  received: 550000,
  credited: 330000,
  refundDue: 110000,
  refunded: 110000,
};

resetEachTest();

const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('ReconciliationPage', () => {
  it('shows received, credited, refund due and refunded per row and in the totals', async () => {
    const api = mockApi({
      'GET /api/payments/reconciliation': () => jsonResponse(200, { data: rows, meta }),
      'GET /api/wards/all': () => jsonResponse(200, { data: [] }),
    });
    renderWithApp(<ReconciliationPage />, { profile: admin, route: '/payments/reconciliation' });
    const table = await screen.findByRole('table', { name: 'Daily reconciliation' });
    expect(
      screen.getByText('Received = credited + refund due + refunded, for every day and channel.'),
    ).toBeInTheDocument();
    const [head, ...body] = within(table).getAllByRole('row');
    expect(cells(head)).toEqual([
      'Date (BS)',
      'Channel',
      'Received',
      'Credited to bills',
      'Payments',
      'Refund due',
      'Refunded',
    ]);
    expect(cells(body[0])).toEqual([
      '2082-04-01',
      'Counter',
      'Rs. 1,100.00',
      'Rs. 1,100.00',
      '1',
      'Rs. 0.00',
      'Rs. 0.00',
    ]);
    expect(cells(body[1])).toEqual([
      '2082-04-01',
      'Khalti',
      'Rs. 4,400.00',
      'Rs. 2,200.00',
      '2',
      'Rs. 1,100.00',
      'Rs. 1,100.00',
    ]);
    // per channel, then the grand total
    expect(cells(body[3])).toEqual([
      'Channel total',
      'Khalti',
      'Rs. 4,400.00',
      'Rs. 2,200.00',
      '2',
      'Rs. 1,100.00',
      'Rs. 1,100.00',
    ]);
    expect(cells(body[4])).toEqual([
      'Grand total',
      'Rs. 5,500.00',
      'Rs. 3,300.00',
      '3',
      'Rs. 1,100.00',
      'Rs. 1,100.00',
    ]);
    expect(screen.getByTestId('grand-received')).toHaveTextContent('Rs. 5,500.00');
    expect(screen.getByTestId('grand-refundDue')).toHaveTextContent('Rs. 1,100.00');
    const q = api.calls('GET', '/api/payments/reconciliation')[0].query;
    expect(q.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(q.get('format')).toBe('json');
  });

  it('in Nepali', async () => {
    await setLang('ne');
    mockApi({
      'GET /api/payments/reconciliation': () => jsonResponse(200, { data: rows, meta }),
      'GET /api/wards/all': () => jsonResponse(200, { data: [] }),
    });
    renderWithApp(<ReconciliationPage />, { profile: admin, route: '/payments/reconciliation' });
    const table = await screen.findByRole('table', { name: 'दैनिक हिसाब मिलान' });
    expect(within(table).getByText('फिर्ता गर्न बाँकी')).toBeInTheDocument();
    expect(screen.getByTestId('grand-received')).toHaveTextContent('रु. ५,५००.००');
  });

  it('stacks each row’s amounts under their names on a narrow screen', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...matchMedia(query),
      matches: query === NARROW || query.trim() === '',
    });
    try {
      mockApi({
        'GET /api/payments/reconciliation': () => jsonResponse(200, { data: rows, meta }),
        'GET /api/wards/all': () => jsonResponse(200, { data: [] }),
      });
      renderWithApp(<ReconciliationPage />, { profile: admin, route: '/payments/reconciliation' });
      const table = await screen.findByRole('table', { name: 'Daily reconciliation' });
      expect(cells(within(table).getAllByRole('row')[0])).toEqual([
        'Date (BS) · Channel',
        'Amounts',
      ]);
      const khalti = within(table).getAllByRole('row')[2];
      expect(khalti).toHaveTextContent('2082-04-01Khalti');
      expect([...khalti.querySelectorAll('dt, dd')].map((e) => e.textContent)).toEqual([
        'Received',
        'Rs. 4,400.00',
        'Credited to bills (2)',
        'Rs. 2,200.00',
        'Refund due',
        'Rs. 1,100.00',
        'Refunded',
        'Rs. 1,100.00',
      ]);
      expect(screen.getByTestId('grand-received')).toHaveTextContent('Rs. 5,500.00');
      expect(screen.getByTestId('grand-refunded')).toHaveTextContent('Rs. 1,100.00');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('adds rows up', () => {
    expect(sumRows(rows)).toEqual(meta);
  });
});
