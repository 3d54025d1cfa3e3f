/**
 * The manual (counter or bank) payment dialog of issue 6: the amount is prefilled with the
 * bill's total (in the interface's digits) and sent in rupees; the receipt scan is compulsory;
 * the server's 422 errors (an amount that is not the bill) show on the fields.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLang } from '../../lib/i18n';
import { admin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import { PaymentDialog, paisaToRupeesText } from './PaymentDialog';
import type { ApplicationDetail } from '../registrations';

const detail = {
  id: 9,
  appStatus: 'verified',
  bill: {
    lines: [
      { key: 'businessTax', amount: 100000, rule: '' },
      { key: 'adminCost', amount: 10050, rule: '' },
    ],
    businessTax: 100000,
    fine: 0,
    rentTax: 0,
    adminCost: 10050,
    discount: 0,
    total: 110050,
    bandId: 1,
  },
} as unknown as ApplicationDetail;

const scan = () => new File(['\x89PNG'], 'scan.png', { type: 'image/png' });
const receiptInput = () => document.querySelector('input[name=receipt]') as HTMLInputElement;

resetEachTest();

describe('PaymentDialog', () => {
  it('writes paisa as rupees', () => {
    expect(paisaToRupeesText(110000)).toBe('1100');
    expect(paisaToRupeesText(110050)).toBe('1100.50');
  });

  it('prefills the amount, asks for the receipt scan and shows the server’s amount error', async () => {
    let answer = 422;
    const api = mockApi({
      'POST /api/applications/:id/payments': () =>
        answer === 422
          ? jsonResponse(422, {
              message: 'The given data was invalid.',
              errors: { amount: ['The amount must equal the bill: Rs. 1,100.50.'] },
            })
          : jsonResponse(200, { data: { ...detail, appStatus: 'paid' } }),
    });
    const onClose = vi.fn();
    renderWithApp(<PaymentDialog detail={detail} opened onClose={onClose} />, { profile: admin });
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/Amount received/);
    expect(amount).toHaveValue('1100.50');
    await userEvent.type(within(dialog).getByLabelText(/Receipt number/), 'R-7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    // no scan: refused before any request
    expect(await within(dialog).findByText('This filed is required')).toBeInTheDocument();
    expect(api.calls('POST', '/api/applications/9/payments')).toHaveLength(0);

    await userEvent.upload(receiptInput(), scan());
    await userEvent.clear(amount);
    await userEvent.type(amount, '1000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(
      await within(dialog).findByText('The amount must equal the bill: Rs. 1,100.50.'),
    ).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    const first = api.calls('POST', '/api/applications/9/payments')[0].body!;
    expect(first.get('amount')).toBe('1000');
    expect((first.get('receipt') as File).name).toBe('scan.png');

    answer = 200;
    await userEvent.clear(amount);
    await userEvent.type(amount, '1100.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls('POST', '/api/applications/9/payments')[1].body!.get('amount')).toBe(
      '1100.50',
    );
  });

  it('takes the amount in Nepali digits and refuses text', async () => {
    await setLang('ne');
    const api = mockApi({
      'POST /api/applications/:id/payments': () =>
        jsonResponse(200, { data: { ...detail, appStatus: 'paid' } }),
    });
    renderWithApp(<PaymentDialog detail={detail} opened onClose={() => {}} />, { profile: admin });
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/प्राप्त रकम/);
    expect(amount).toHaveValue('११००.५०');
    await userEvent.type(within(dialog).getByLabelText(/रसिद नम्बर/), 'R-8');
    await userEvent.upload(receiptInput(), scan());
    await userEvent.clear(amount);
    await userEvent.type(amount, 'एक हजार');
    await userEvent.click(within(dialog).getByRole('button', { name: 'भुक्तानी दर्ता गर्नुहोस्' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/applications/9/payments')).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '११००.५०');
    await userEvent.click(within(dialog).getByRole('button', { name: 'भुक्तानी दर्ता गर्नुहोस्' }));
    await waitFor(() => expect(api.calls('POST', '/api/applications/9/payments')).toHaveLength(1));
    expect(api.calls('POST', '/api/applications/9/payments')[0].body!.get('amount')).toBe(
      '1100.50',
    );
  });
});
