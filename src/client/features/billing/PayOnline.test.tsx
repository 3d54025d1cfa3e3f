/**
 * The applicant's payment choice: channels from the server, the Idempotency-Key kept per
 * application and channel (a retry reuses it, a refused attempt drops it), the eSewa form post
 * of the signed fields and the Khalti redirect; staff do not see it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import type { User } from '../../../shared/schemas/auth.js';
import { admin } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import type { ApplicationDetail } from '../registrations';
import { browser } from './api';
import { PayOnline } from './PayOnline';

const applicant = {
  ...admin,
  id: 42,
  username: 'sita',
  userType: 'user' as const,
  roles: ['user'],
  permissions: ['view-applications', 'create-applications'],
};

const detail = {
  id: 9,
  userId: 42,
  appStatus: 'verified',
  bill: {
    lines: [{ key: 'businessTax', amount: 110000, rule: '' }],
    businessTax: 110000,
    fine: 0,
    rentTax: 0,
    adminCost: 0,
    discount: 0,
    total: 110000,
    bandId: 1,
  },
} as unknown as ApplicationDetail & { userId: number };

const esewaInit = {
  paymentId: 5,
  channel: 'esewa',
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  form: {
    action: 'http://127.0.0.1:4901/api/epay/main/v2/form',
    fields: {
      amount: '1100',
      total_amount: '1100',
      transaction_uuid: 'DARTA-9-abc',
      product_code: 'EPAYTEST',
      signed_field_names: 'total_amount,transaction_uuid,product_code',
      signature: 'c2lnbmF0dXJl',
      success_url: 'http://localhost/payment/esewa/return?application=9',
      failure_url: 'http://localhost/payment/esewa/return?application=9&failed=1',
    },
  },
};

/** The Idempotency-Key header of each pay-online request, in order. */
function keysSent(fetchMock: ReturnType<typeof mockApi>['fetchMock']): string[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/pay-online'))
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key') ?? '');
}

let submitted: HTMLFormElement[];
let assigned: string[];

beforeEach(async () => {
  await setLang('en-US');
  sessionStorage.clear();
  submitted = [];
  assigned = [];
  vi.spyOn(browser, 'submit').mockImplementation((f) => void submitted.push(f));
  vi.spyOn(browser, 'assign').mockImplementation((u) => void assigned.push(u));
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderChoice = (d = detail, profile: User = applicant) =>
  renderWithApp(<PayOnline detail={d} />, { profile });

describe('PayOnline', () => {
  it('offers the server’s channels and the counter, with the bill total', async () => {
    mockApi({ 'GET /api/payments/channels': () => jsonResponse(200, { data: ['esewa'] }) });
    renderChoice();
    expect(await screen.findByRole('radio', { name: 'eSewa' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Khalti' })).not.toBeInTheDocument();
    expect(screen.getByTestId('amount-due')).toHaveTextContent('Rs. 1,100.00');
    await userEvent.click(screen.getByRole('radio', { name: 'At the ward office counter' }));
    expect(screen.getByText(/Take this application’s submission number/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay with/ })).not.toBeInTheDocument();
  });

  it('posts the signed eSewa fields as a form, reusing the key when the first try failed', async () => {
    let calls = 0;
    const api = mockApi({
      'GET /api/payments/channels': () => jsonResponse(200, { data: ['esewa', 'khalti'] }),
      'POST /api/applications/:id/pay-online': () => {
        calls += 1;
        // the first answer is lost on the way (a weak connection)
        if (calls === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { data: esewaInit });
      },
    });
    renderChoice();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay with eSewa' }));
    expect(await screen.findByText(/no connection/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay with eSewa' }));
    await waitFor(() => expect(submitted).toHaveLength(1));

    const keys = keysSent(api.fetchMock);
    expect(keys).toHaveLength(2);
    expect(keys[0].length).toBeGreaterThanOrEqual(8);
    expect(keys[1]).toBe(keys[0]);
    expect(api.calls('POST', '/api/applications/9/pay-online')[1].json).toEqual({
      channel: 'esewa',
    });

    const form = submitted[0];
    expect(form.method).toBe('post');
    expect(form.action).toBe(esewaInit.form.action);
    const sent = Object.fromEntries(
      [...form.querySelectorAll('input')].map((i) => [i.name, i.value]),
    );
    expect(sent).toEqual(esewaInit.form.fields);
    expect([...form.querySelectorAll('input')].every((i) => i.type === 'hidden')).toBe(true);
  });

  it('goes to Khalti’s payment page, and a new attempt after a refusal gets a new key', async () => {
    let calls = 0;
    const api = mockApi({
      'GET /api/payments/channels': () => jsonResponse(200, { data: ['esewa', 'khalti'] }),
      'POST /api/applications/:id/pay-online': () => {
        calls += 1;
        if (calls === 1) {
          return jsonResponse(409, { message: 'This payment is closed. Start a new one.' });
        }
        return jsonResponse(200, {
          data: {
            paymentId: 6,
            channel: 'khalti',
            expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
            redirectUrl: 'http://127.0.0.1:4902/sim/khalti/pay?pidx=p1',
          },
        });
      },
    });
    renderChoice();
    await userEvent.click(await screen.findByRole('radio', { name: 'Khalti' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Khalti' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This payment is closed.');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with Khalti' }));
    await waitFor(() => expect(assigned).toEqual(['http://127.0.0.1:4902/sim/khalti/pay?pidx=p1']));
    const keys = keysSent(api.fetchMock);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    // the open attempt's key stays for a retry (the back button from Khalti)
    expect(sessionStorage.getItem('darta.payment.9.khalti')).toContain(keys[1]);
    expect(submitted).toHaveLength(0);
  });

  it('is not shown to staff, nor once the application is paid', async () => {
    mockApi({ 'GET /api/payments/channels': () => jsonResponse(200, { data: ['esewa'] }) });
    const { unmount } = renderChoice(detail, { ...admin, id: 1 });
    expect(screen.queryByText('Pay the bill')).not.toBeInTheDocument();
    unmount();
    renderChoice({ ...detail, appStatus: 'paid' });
    expect(screen.queryByText('Pay the bill')).not.toBeInTheDocument();
  });
});
