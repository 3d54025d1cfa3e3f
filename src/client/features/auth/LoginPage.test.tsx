/**
 * Login page: the palika's emblem and name (issue 17 §6), labelled fields, required check, success
 * stores the session, server errors.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PUBLIC_DATA_ID } from '../../../shared/page-data.js';
import { setLang } from '../../lib/i18n';
import { TOKEN_KEY, USER_KEY } from '../../lib/session';
import { mockFetchEachTest } from '../../test/lifecycle';
import { jsonResponse, renderWithApp } from '../../test/render';
import { LoginPage } from './LoginPage';

const fetchMock = mockFetchEachTest();

const PUBLIC = '/api/settings/public';
const identity = {
  nameEn: 'Godawari Municipality',
  nameNe: 'गोदावरी नगरपालिका',
  addressEn: 'Taukhel, Lalitpur',
  addressNe: 'टौखेल, ललितपुर',
  phone: '',
  email: '',
  emblemUrl: '/api/settings/emblem?v=abc',
};

/** Answers the palika's identity, and `login` (if given) to POST /api/login. */
function serve(login?: Response) {
  fetchMock.mockImplementation(async (url: string) => {
    if (url === PUBLIC) return jsonResponse(200, { data: identity });
    if (url === '/api/login' && login) return login;
    return jsonResponse(404, { message: 'Resource not found.' });
  });
}
/** The calls other than the palika's identity. */
const loginCalls = () =>
  fetchMock.mock.calls.filter(([url]) => url !== PUBLIC) as [string, RequestInit][];

describe('LoginPage', () => {
  it("shows the palika's emblem, name and office address from its settings", async () => {
    serve();
    renderWithApp(<LoginPage />);
    expect(await screen.findByText('Godawari Municipality')).toBeInTheDocument();
    expect(screen.getByText('Taukhel, Lalitpur')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Emblem of Godawari Municipality' })).toHaveAttribute(
      'src',
      '/api/settings/emblem?v=abc',
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([PUBLIC]);
  });

  describe('with the identity written in the page by the server (issue 18 §5)', () => {
    /** The page's data element, as server lib/spa.ts writes it. */
    function pageData(text: string) {
      const el = document.createElement('script');
      el.type = 'application/json';
      el.id = PUBLIC_DATA_ID;
      el.textContent = text;
      document.head.appendChild(el);
      return el;
    }

    it('draws the name with the card, in the first render, without asking the server', () => {
      serve();
      const el = pageData(JSON.stringify({ ...identity, extra: 'ignored' }));
      try {
        renderWithApp(<LoginPage />);
        // getBy: present at once, not after a request
        expect(screen.getByText('Godawari Municipality')).toBeInTheDocument();
        expect(screen.getByRole('img', { name: 'Emblem of Godawari Municipality' })).toBeVisible();
        expect(fetchMock).not.toHaveBeenCalled();
      } finally {
        el.remove();
      }
    });

    it('asks the server when the page holds something else than the identity', async () => {
      serve();
      for (const text of ['{"nameEn":1}', 'not json', 'null', '']) {
        const el = pageData(text);
        try {
          const { unmount } = renderWithApp(<LoginPage />);
          expect(screen.queryByText('Godawari Municipality')).not.toBeInTheDocument();
          expect(await screen.findByText('Godawari Municipality')).toBeInTheDocument();
          unmount();
        } finally {
          el.remove();
        }
      }
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([PUBLIC, PUBLIC, PUBLIC, PUBLIC]);
    });
  });

  it('shows labelled fields and a link to registration', () => {
    renderWithApp(<LoginPage />);
    expect(screen.getByLabelText(/Username or phone number/)).toHaveAttribute('name', 'username');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('name', 'password');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('requires both fields before calling the server', async () => {
    serve();
    renderWithApp(<LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This filed is required')).toHaveLength(2);
    expect(loginCalls()).toEqual([]);
  });

  it('stores token and user and goes to the dashboard', async () => {
    const user = { id: 1, name: 'Admin', username: 'admin', permissions: [], roles: [] };
    serve(jsonResponse(200, { data: { token: 'tok', user } }));
    renderWithApp(<LoginPage />);
    await userEvent.type(screen.getByLabelText(/Username or phone number/), 'admin');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Darta@2082');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toEqual(user);
    const [[url, init]] = loginCalls();
    expect(url).toBe('/api/login');
    // JSON: public routes take no multipart (issue 16 §3)
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: 'Darta@2082' });
  });

  it('shows server field errors on the fields', async () => {
    serve(
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
    serve();
    renderWithApp(<LoginPage />);
    expect(screen.getByLabelText(/प्रयोगकर्ता नाम वा फोन नम्बर/)).toBeInTheDocument();
    expect(await screen.findByText('गोदावरी नगरपालिका')).toBeInTheDocument();
    expect(screen.getByText('टौखेल, ललितपुर')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'लगइन गर्नुहोस्' }));
    expect(await screen.findAllByText('यो फिल्ड आवश्यक छ')).toHaveLength(2);
  });
});
