/**
 * Refunds due (issue 15): the list asks the payments API for refund_due (Due tab) or refunded
 * payments and shows the day received in BS, the business (a link) and submission number, the
 * channel, the amount and the translated reason; "Record refund" (record-payments only) opens
 * the refund form — today's BS date, the method of the channel — which refundSchema checks
 * (not before the money was received) and which posts the AD date; the server's field errors
 * show on the fields; on success a notification and the list is fetched again.
 */
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatBs, todayAd, todayBs } from '../../../shared/bs-date.js';
import { setLang } from '../../lib/i18n';
import { admin, wardAdmin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { filtersOf, mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import { bsTextToAd } from './RefundDialog';
import { NARROW } from './narrow';
import RefundsPage from './RefundsPage';

const due = {
  id: 31,
  applicationId: 9,
  submissionNo: '2082-83-000009',
  businessName: 'Himal Traders',
  wardNumber: 1,
  channel: 'khalti',
  payStatus: 'refund_due',
  total: 110000,
  paidDate: '2025-07-17',
  receiptNo: null,
  gatewayTxnId: 'KH-77',
  createdAt: '2025-07-17T04:00:00.000Z',
  refundReason: 'alreadyPaid',
  refundedOn: null,
  refundMethod: null,
  refundReference: null,
};

const refunded = {
  ...due,
  id: 30,
  businessName: 'Annapurna Bakery',
  channel: 'esewa',
  payStatus: 'refunded',
  refundReason: 'billChanged',
  refundedOn: '2025-07-20',
  refundMethod: 'bank',
  refundReference: 'CHQ-100',
};

/** The payments API: refund_due answers `dueRows()`, refunded answers the refunded row. */
function api(dueRows: () => unknown[] = () => [due], refund = () => jsonResponse(200, {})) {
  return mockApi({
    'GET /api/payments': (req) => {
      const rows = filtersOf(req).status === 'refunded' ? [refunded] : dueRows();
      return jsonResponse(200, { data: rows, meta: { total: rows.length } });
    },
    'POST /api/payments/:id/refund': refund,
  });
}

resetEachTest();

describe('RefundsPage', () => {
  it('lists the refunds due and records one', async () => {
    let left = [due];
    const calls = api(
      () => left,
      () => {
        left = [];
        return jsonResponse(200, { message: 'Action was successful' });
      },
    );
    renderWithApp(<RefundsPage />, { profile: admin, route: '/payments/refunds' });
    expect(screen.getByRole('heading', { name: 'Refunds due' })).toBeInTheDocument();
    const table = within(await screen.findByRole('table', { name: 'Refunds due' }));
    expect(await table.findByRole('link', { name: 'Himal Traders' })).toHaveAttribute(
      'href',
      '/business/applications/9/detail',
    );
    expect(filtersOf(calls.calls('GET', '/api/payments')[0])).toEqual({ status: 'refund_due' });
    expect(table.getByText('2082-04-01')).toBeInTheDocument();
    expect(table.getByText('2082-83-000009')).toBeInTheDocument();
    expect(table.getByText('Khalti')).toBeInTheDocument();
    expect(table.getByText('Rs. 1,100.00')).toBeInTheDocument();
    expect(
      table.getByText('The bill had already been paid, so this payment was not needed.'),
    ).toBeInTheDocument();

    await userEvent.click(table.getByRole('button', { name: 'Record refund: Himal Traders' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Record the refund of Rs. 1,100.00' }),
    );
    // today's date in BS, and the money goes back the way it came
    expect(dialog.getByLabelText(/Refunded on \(BS\)/)).toHaveValue(formatBs(todayBs(), 'en-US'));
    expect(dialog.getByLabelText(/Refunded by/)).toHaveValue('khalti');
    await userEvent.selectOptions(dialog.getByLabelText(/Refunded by/), 'bank');
    await userEvent.type(dialog.getByLabelText(/Reference/), 'CHQ-7');
    const before = calls.calls('GET', '/api/payments').length;
    await userEvent.click(dialog.getByRole('button', { name: 'Save refund' }));

    await waitFor(() => expect(calls.calls('POST', '/api/payments/31/refund')).toHaveLength(1));
    expect(calls.calls('POST', '/api/payments/31/refund')[0].json).toEqual({
      refundedOn: todayAd(),
      method: 'bank',
      reference: 'CHQ-7',
      remarks: null,
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'green', message: 'The refund is recorded.' }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the list is fetched again: nothing is due any more
    await waitFor(() => expect(calls.calls('GET', '/api/payments').length).toBeGreaterThan(before));
    expect(await screen.findByText('No refunds are due.')).toBeInTheDocument();
  });

  it('checks the date before sending and shows the server’s field errors', async () => {
    const calls = api(undefined, () =>
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { reference: ['This is too long'] },
      }),
    );
    renderWithApp(<RefundsPage />, { profile: admin, route: '/payments/refunds' });
    await userEvent.click(await screen.findByRole('button', { name: /^Record refund/ }));
    const dialog = within(await screen.findByRole('dialog'));
    const date = dialog.getByLabelText(/Refunded on \(BS\)/);

    // before the money was received (2082-04-01): refused here
    await userEvent.clear(date);
    await userEvent.type(date, '2082-03-30');
    await userEvent.click(dialog.getByRole('button', { name: 'Save refund' }));
    expect(
      await dialog.findByText('The refund cannot be dated before the money was received'),
    ).toBeInTheDocument();
    // not a date
    await userEvent.clear(date);
    await userEvent.type(date, '2082-13-01');
    await userEvent.click(dialog.getByRole('button', { name: 'Save refund' }));
    expect(await dialog.findAllByText('Enter a valid date')).not.toHaveLength(0);
    expect(calls.calls('POST', '/api/payments/31/refund')).toHaveLength(0);

    // Devanagari digits are a date too; the server's error lands on its field
    await userEvent.clear(date);
    await userEvent.type(date, '२०८२-०४-०२');
    await userEvent.click(dialog.getByRole('button', { name: 'Save refund' }));
    expect(await dialog.findByText('This is too long')).toBeInTheDocument();
    expect(calls.calls('POST', '/api/payments/31/refund')[0].json).toMatchObject({
      refundedOn: '2025-07-18',
      method: 'khalti',
    });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the refunded ones with when and how, and no button without record-payments', async () => {
    const viewer = { ...wardAdmin, permissions: ['view-payments'] };
    const calls = api();
    renderWithApp(<RefundsPage />, { profile: viewer, route: '/payments/refunds' });
    expect(await screen.findByRole('link', { name: 'Himal Traders' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Record refund/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Refunded' }));
    const table = within(await screen.findByRole('table', { name: 'Refunded' }));
    expect(await table.findByRole('link', { name: 'Annapurna Bakery' })).toBeInTheDocument();
    expect(filtersOf(calls.calls('GET', '/api/payments').at(-1)!)).toEqual({
      status: 'refunded',
    });
    expect(table.getByText('2082-04-04')).toBeInTheDocument();
    expect(table.getByText('Bank transfer')).toBeInTheDocument();
    expect(table.getByText('CHQ-100')).toBeInTheDocument();
    expect(
      table.getByText(
        'The bill changed after this payment was started, and the amount no longer matches it.',
      ),
    ).toBeInTheDocument();
  });

  it('in Nepali: Nepali digits and the translated reason', async () => {
    await setLang('ne');
    api();
    renderWithApp(<RefundsPage />, { profile: admin, route: '/payments/refunds' });
    const table = within(await screen.findByRole('table', { name: 'फिर्ता गर्नुपर्ने रकम' }));
    expect(await table.findByText('२०८२-०४-०१')).toBeInTheDocument();
    expect(table.getByText('रु. १,१००.००')).toBeInTheDocument();
    expect(table.getByText('खल्ती')).toBeInTheDocument();
    expect(table.getByRole('button', { name: /^फिर्ता अभिलेख गर्नुहोस्/ })).toBeInTheDocument();
  });

  it('folds into two columns on a narrow screen (a phone)', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = (query: string) => ({
      ...matchMedia(query),
      matches: query === NARROW || query.trim() === '',
    });
    try {
      api();
      renderWithApp(<RefundsPage />, { profile: admin, route: '/payments/refunds' });
      const table = await screen.findByRole('table', { name: 'Refunds due' });
      await within(table).findByRole('link', { name: 'Himal Traders' });
      const heads = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
      expect(heads).toEqual(['Business', 'Total']);
      // the details stacked in the first cell, the amount in the second
      const [details, amount] = [...table.querySelectorAll('tbody tr:first-child td')];
      expect(details).toHaveTextContent('2082-83-000009');
      expect(details).toHaveTextContent('2082-04-01 · Khalti');
      expect(details).toHaveTextContent('The bill had already been paid');
      expect(
        within(details as HTMLElement).getByRole('button', { name: /^Record refund/ }),
      ).toBeInTheDocument();
      expect(amount).toHaveTextContent('Rs. 1,100.00');
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('turns the typed BS date into AD', () => {
    expect(bsTextToAd('')).toBe('');
    expect(bsTextToAd('2082-04-01')).toBe('2025-07-17');
    expect(bsTextToAd('२०८२-०४-०१')).toBe('2025-07-17');
    // Chaitra 2082 has 30 days: not a date (and never read as an AD one)
    expect(bsTextToAd('2082-12-31')).toBe('invalid');
  });
});
