/** Login page: labelled fields, required check, success stores the session, server errors. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLang } from '../../lib/i18n';
import { TOKEN_KEY, USER_KEY } from '../../lib/session';
import { mockFetchEachTest } from '../../test/lifecycle';
import { jsonResponse, renderWithApp } from '../../test/render';
import { LoginPage } from './LoginPage';

const fetchMock = mockFetchEachTest();

describe('LoginPage', () => {
  it('shows labelled fields and a link to registration', () => {
    renderWithApp(<LoginPage />);
    expect(screen.getByLabelText(/Username or phone number/)).toHaveAttribute('name', 'username');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('name', 'password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('requires both fields before calling the server', async () => {
    renderWithApp(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This filed is required')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores token and user and goes to the dashboard', async () => {
    const user = { id: 1, name: 'Admin', username: 'admin', permissions: [], roles: [] };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { data: { token: 'tok', user } }));
    renderWithApp(<LoginPage />);
    await userEvent.type(screen.getByLabelText(/Username or phone number/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Darta@2082');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(user);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/login');
    // JSON: public routes take no multipart (issue 16 §3)
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: 'Darta@2082' });
  });

  it('shows server field errors on the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(422, {
        message: 'The given data was invalid.',
        errors: { username: ['The username or password is incorrect.'] },
      }),
    );
    renderWithApp(<LoginPage />);
    await userEvent.type(screen.getByLabelText(/Username or phone number/), 'nobody');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The username or password is incorrect.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText(/Username or phone number/)).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('is translated to Nepali', async () => {
    await setLang('ne');
    renderWithApp(<LoginPage />);
    expect(screen.getByLabelText(/प्रयोगकर्ता नाम वा फोन नम्बर/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'लगइन गर्नुहोस्' }));
    expect(await screen.findAllByText('यो फिल्ड आवश्यक छ')).toHaveLength(2);
  });
});
