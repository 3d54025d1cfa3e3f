/** Revoking a certificate: admins only, a reason is required, then the API is called. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin } from '../../test/fixtures';
import { mockFetchEachTest } from '../../test/lifecycle';
import { jsonResponse, renderWithApp } from '../../test/render';
import { RevokeCertificateButton } from './RevokeCertificateButton';

const fetchMock = mockFetchEachTest();

describe('RevokeCertificateButton', () => {
  it('asks for a reason and posts it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: {}, message: 'Action was successful' }));
    renderWithApp(<RevokeCertificateButton certificateId={7} revoked={false} />, {
      profile: admin,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      Array.from(dialog.querySelectorAll('button')).find((b) =>
        b.textContent?.includes('Revoke certificate'),
      )!,
    );
    expect(await screen.findByText('This filed is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/Reason/), 'Issued by mistake');
    await userEvent.click(
      Array.from(dialog.querySelectorAll('button')).find((b) =>
        b.textContent?.includes('Revoke certificate'),
      )!,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/certificates/7/revoke');
    expect((init.body as FormData).get('remarks')).toBe('Issued by mistake');
  });

  it('is not offered without the permission, nor for a revoked certificate', () => {
    const { unmount } = renderWithApp(
      <RevokeCertificateButton certificateId={7} revoked={false} />,
      { profile: { ...admin, permissions: ['view-applications'] } },
    );
    expect(screen.queryByRole('button', { name: 'Revoke certificate' })).toBeNull();
    unmount();
    renderWithApp(<RevokeCertificateButton certificateId={7} revoked />, { profile: admin });
    expect(screen.queryByRole('button', { name: 'Revoke certificate' })).toBeNull();
  });
});
