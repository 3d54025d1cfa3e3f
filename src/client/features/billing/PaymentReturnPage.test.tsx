/**
 * The gateway return pages: eSewa's `data` and Khalti's `pidx` are confirmed on the server; a
 * completed payment links to its receipt, a gateway that is down (503) shows the payment as
 * pending, a refused answer shows the server's message, and a cancelled eSewa payment asks the
 * server nothing and frees the attempt's key. Money received that could not be credited
 * (refund_due) says why, in words, and offers no receipt.
 */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { setLang } from '../../lib/i18n';
import { admin } from '../../test/fixtures';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import PaymentReturnPage from './PaymentReturnPage';

const applicant = { ...admin, id: 42, userType: 'user' as const, roles: ['user'] };

const paidDetail = {
  id: 9,
  payments: [
    { id: 30, payStatus: 'failed', channel: 'esewa', receiptNo: null, total: 110000 },
    { id: 31, payStatus: 'completed', channel: 'esewa', receiptNo: 'ES-1', total: 110000 },
  ],
};

beforeEach(async () => {
  await setLang('en-US');
  sessionStorage.clear();
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderReturn = (channel: 'esewa' | 'khalti', search: string) =>
  renderWithApp(<PaymentReturnPage channel={channel} />, {
    route: `/payment/${channel}/return?${search}`,
    profile: applicant,
  });

describe('PaymentReturnPage', () => {
  it('confirms an eSewa payment once and links to the receipt when completed', async () => {
    sessionStorage.setItem('darta.payment.9.esewa', JSON.stringify({ key: 'key-12345678' }));
    const api = mockApi({
      'POST /api/payments/esewa/confirm': () =>
        jsonResponse(200, { data: { outcome: 'completed' }, message: 'Success' }),
      'GET /api/applications/:id': () => jsonResponse(200, { data: paidDetail }),
    });
    renderReturn('esewa', 'application=9&data=eyJzdGF0dXMiOiJDT01QTEVURSJ9');
    expect(await screen.findByText('Payment completed')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View receipt' })).toHaveAttribute(
      'href',
      '/payments/31/receipt',
    );
    expect(screen.getByRole('link', { name: 'Back to the application' })).toHaveAttribute(
      'href',
      '/business/applications/9/detail',
    );
    const confirms = api.calls('POST', '/api/payments/esewa/confirm');
    expect(confirms).toHaveLength(1);
    expect(confirms[0].json).toEqual({ applicationId: 9, data: 'eyJzdGF0dXMiOiJDT01QTEVURSJ9' });
    await waitFor(() => expect(sessionStorage.getItem('darta.payment.9.esewa')).toBeNull());
  });

  it('shows the payment as pending when the gateway is down (503)', async () => {
    sessionStorage.setItem('darta.payment.9.khalti', JSON.stringify({ key: 'key-12345678' }));
    const api = mockApi({
      'POST /api/payments/khalti/confirm': () =>
        jsonResponse(503, { message: 'The payment service is not answering.' }),
    });
    renderReturn('khalti', 'application=9&pidx=abc123&status=Completed');
    expect(await screen.findByText('Payment pending')).toBeInTheDocument();
    expect(screen.getByText(/will be checked again shortly/)).toBeInTheDocument();
    expect(api.calls('POST', '/api/payments/khalti/confirm')[0].json).toEqual({
      applicationId: 9,
      pidx: 'abc123',
    });
    expect(screen.queryByRole('link', { name: 'View receipt' })).not.toBeInTheDocument();
    // still open: the re-check may settle it, and a retry answers the same payment
    expect(sessionStorage.getItem('darta.payment.9.khalti')).not.toBeNull();
  });

  it('shows the server’s message when the answer is refused', async () => {
    mockApi({
      'POST /api/payments/esewa/confirm': () =>
        jsonResponse(422, {
          message: 'The payment answer could not be verified and was refused.',
        }),
    });
    renderReturn('esewa', 'application=9&data=dGFtcGVyZWQ=');
    expect(await screen.findByText('Payment refused')).toBeInTheDocument();
    expect(
      screen.getByText('The payment answer could not be verified and was refused.'),
    ).toBeInTheDocument();
  });

  it('shows a failed Khalti payment', async () => {
    mockApi({
      'POST /api/payments/khalti/confirm': () =>
        jsonResponse(200, { data: { outcome: 'failed' }, message: 'Action failed' }),
    });
    renderReturn('khalti', 'application=9&pidx=abc123&status=User%20canceled');
    expect(await screen.findByText('Payment not completed')).toBeInTheDocument();
  });

  it('money received but not credited: refund due, with the reason', async () => {
    sessionStorage.setItem('darta.payment.9.khalti', JSON.stringify({ key: 'key-12345678' }));
    mockApi({
      'POST /api/payments/khalti/confirm': () =>
        jsonResponse(200, {
          data: { outcome: 'refund_due', reason: 'alreadyPaid' },
          message: 'Received; to be refunded',
        }),
      'GET /api/applications/:id': () => jsonResponse(200, { data: paidDetail }),
    });
    renderReturn('khalti', 'application=9&pidx=abc123&status=Completed');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAttribute('data-outcome', 'refund_due');
    expect(alert).toHaveTextContent('Payment received, to be refunded');
    expect(alert).toHaveTextContent(
      'Your payment was received but could not be used for this application: The bill had already been paid, so this payment was not needed. The palika will refund it to you;',
    );
    // no receipt for money that was not credited; the attempt is over
    expect(screen.queryByRole('link', { name: 'View receipt' })).not.toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem('darta.payment.9.khalti')).toBeNull());
  });

  it('refund due in Nepali', async () => {
    await setLang('ne');
    mockApi({
      'POST /api/payments/esewa/confirm': () =>
        jsonResponse(200, { data: { outcome: 'refund_due', reason: 'notPayable' }, message: '' }),
    });
    renderReturn('esewa', 'application=9&data=abc');
    expect(await screen.findByText('भुक्तानी प्राप्त भयो, फिर्ता गरिनेछ')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'निवेदन अब भुक्तानीको पर्खाइमा थिएन (फिर्ता वा रद्द गरिएको थियो)। पालिकाले यो रकम',
    );
  });

  it('a cancelled eSewa payment asks the server nothing and frees the key', async () => {
    sessionStorage.setItem('darta.payment.9.esewa', JSON.stringify({ key: 'key-12345678' }));
    const api = mockApi({});
    renderReturn('esewa', 'application=9&failed=1');
    expect(await screen.findByText('Payment cancelled')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.path.startsWith('/api/payments'))).toHaveLength(0);
    await waitFor(() => expect(sessionStorage.getItem('darta.payment.9.esewa')).toBeNull());
  });

  it('in Nepali', async () => {
    await setLang('ne');
    mockApi({
      'POST /api/payments/esewa/confirm': () =>
        jsonResponse(200, { data: { outcome: 'pending' }, message: 'Pending' }),
    });
    renderReturn('esewa', 'application=9&data=abc');
    expect(await screen.findByText('भुक्तानी बाँकी छ')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'इसेवा भुक्तानी' })).toBeInTheDocument();
  });
});
