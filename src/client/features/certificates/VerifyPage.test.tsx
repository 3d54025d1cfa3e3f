/**
 * Public verification page: a genuine code shows the public facts and status; a revoked or
 * expired one is headed so, with the date and reason (issue 17 §5); a forged one says so.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../lib/i18n';
import { mockFetchEachTest } from '../../test/lifecycle';
import { jsonResponse, renderWithApp } from '../../test/render';
import VerifyPage from './VerifyPage';

const fetchMock = mockFetchEachTest();

const genuine = {
  genuine: true,
  status: 'revoked',
  businessName: 'Himalayan Tea House',
  registrationNo: '12/2083-84',
  ward: { number: 1, nameEn: 'Ward No. 1', nameNe: 'वडा नं. १' },
  fiscalYear: { en: '2083/84', ne: '२०८३/८४' },
  validUntil: '2027-07-16',
  issuedAt: '2026-11-22T05:00:00.000Z',
  revokedAt: '2026-11-22T06:00:00.000Z',
  revokeReason: 'Issued to the wrong business name',
};

describe('VerifyPage', () => {
  it('heads a revoked certificate so, with the date and reason, in Nepali digits too', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: genuine }));
    renderWithApp(<VerifyPage />, { route: '/verify/C-ABCDEF1234', path: '/verify/:code' });
    expect(
      await screen.findByRole('heading', { name: 'This certificate has been revoked' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Genuine certificate')).toBeNull();
    expect(screen.getByTestId('verify-status')).toHaveTextContent('Revoked');
    // 2026-11-22 AD is 2083-08-06 BS
    expect(screen.getByText('Revoked on 2083-08-06 (BS).')).toBeInTheDocument();
    expect(screen.getByText('Issued to the wrong business name')).toBeInTheDocument();
    expect(screen.getByText('12/2083-84')).toBeInTheDocument();
    expect(screen.getByText('2084-03-31')).toBeInTheDocument();
    expect((fetchMock.mock.calls[0] as [string])[0]).toBe('/api/verify/C-ABCDEF1234');
    await setLang('ne');
    expect(await screen.findByText('१२/२०८३-८४')).toBeInTheDocument();
    expect(screen.getByText('२०८४-०३-३१')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'यो प्रमाणपत्र रद्द गरिएको छ' })).toBeInTheDocument();
    expect(screen.getByText('रद्द गरिएको मिति: वि.सं. २०८३-०८-०६।')).toBeInTheDocument();
  });

  it('heads an expired certificate so, with the last valid day; a valid one is genuine', async () => {
    const expired = { ...genuine, status: 'expired', revokedAt: null, revokeReason: null };
    fetchMock.mockResolvedValue(jsonResponse(200, { data: expired }));
    const view = renderWithApp(<VerifyPage />, {
      route: '/verify/C-ABCDEF1234',
      path: '/verify/:code',
    });
    expect(
      await screen.findByRole('heading', { name: 'This certificate has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByText('It was valid until 2084-03-31 (BS).')).toBeInTheDocument();
    expect(screen.queryByText('Genuine certificate')).toBeNull();
    view.unmount();

    fetchMock.mockResolvedValue(jsonResponse(200, { data: { ...expired, status: 'valid' } }));
    renderWithApp(<VerifyPage />, { route: '/verify/C-ABCDEF1235', path: '/verify/:code' });
    expect(await screen.findByText('Genuine certificate')).toBeInTheDocument();
    expect(screen.getByTestId('verify-status')).toHaveTextContent('Valid');
    expect(screen.queryByRole('heading', { name: /revoked|expired/ })).toBeNull();
  });

  it('reports a forged code as not genuine, and checks a typed code', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { genuine: false } }));
    renderWithApp(<VerifyPage />, { route: '/verify/FAKE-0000000000', path: '/verify/:code' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not genuine');
    const input = screen.getByLabelText('Verification code');
    await userEvent.clear(input);
    await userEvent.type(input, 'C-ABCDEF1234');
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/verify/C-ABCDEF1234');
  });
});
