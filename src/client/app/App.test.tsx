/**
 * Routing and the navigation guard (SPEC §2): signed-in routes fetch the profile first and
 * send failures to /user/login; the navbar shows only permitted links; unknown paths 404.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLang } from '../lib/i18n';
import { TOKEN_KEY, USER_KEY } from '../lib/session';
import { dashboardData } from '../test/fixtures';
import { mockFetchEachTest } from '../test/lifecycle';
import { jsonResponse } from '../test/render';
import { renderAt } from '../test/renderApp';

const applicant = {
  id: 3,
  name: 'Demo Applicant',
  username: 'applicant',
  phone: '9800000003',
  email: null,
  gender: 'male',
  userType: 'user',
  wardId: null,
  photoFileId: null,
  citizenshipFileId: null,
  lang: 'en-US',
  roles: ['user'],
  permissions: ['view-applications', 'create-applications'],
};
/** A ward admin: staff keep the statistics dashboard at /dashboard. */
const staff = {
  ...applicant,
  id: 4,
  name: 'Ward Secretary',
  username: 'ward2',
  userType: 'wardadmin',
  wardId: 12,
  roles: ['wardadmin'],
  permissions: ['view-applications', 'view-permissions'],
};
/** The applicant's own applications list (GET /api/applications), for their home. */
const ownList = () =>
  jsonResponse(200, {
    data: [
      {
        id: 9,
        submissionNo: '9/2082-83',
        registrationNo: null,
        businessName: 'Himal Traders',
        ownerName: 'Demo Applicant',
        appStatus: 'verified',
        submissionDate: '2025-12-01',
        expiryDate: null,
        createdAt: '2025-12-01T05:00:00.000Z',
        businessTypeId: 1,
        businessTypeNameEn: 'Tea shop',
        businessTypeNameNe: 'चिया पसल',
        wardId: 1,
        wardNumber: 1,
        billTotal: 260_000,
      },
    ],
    meta: { total: 1 },
  });
const counts = {
  total: 1234,
  pending: 5,
  verified: 4,
  paid: 3,
  approved: 2,
  rejected: 1,
  cancelled: 0,
  paidAmount: 12345600,
  users: 1,
};

const fetchMock = mockFetchEachTest();

function serve(routes: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input: string) => {
    const { pathname } = new URL(input, 'http://localhost');
    const r = routes[pathname];
    return r ? r() : jsonResponse(404, { message: 'Resource not found.' });
  });
}

/** Signs the ward admin in (a stored token, their profile and dashboard served) at /dashboard. */
function staffAtDashboard() {
  localStorage.setItem(TOKEN_KEY, 'good');
  serve({
    '/api/profiles': () => jsonResponse(200, { data: staff }),
    '/api/dashboard': () => jsonResponse(200, { data: dashboardData(counts) }),
  });
  renderAt('/dashboard');
}

describe('navigation guard', () => {
  it('sends a visitor without a token to login without calling the API', async () => {
    renderAt('/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    // only the palika's public identity for the login page's header (issue 17 §6)
    for (const [url] of fetchMock.mock.calls) expect(url).toBe('/api/settings/public');
  });

  it('keeps an offline user signed in with the stored profile (no answer is not a refusal)', async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    localStorage.setItem(USER_KEY, JSON.stringify(applicant));
    fetchMock.mockImplementation(async (input: string) => {
      const { pathname } = new URL(input, 'http://localhost');
      if (pathname === '/api/profiles') throw new TypeError('Failed to fetch');
      if (pathname === '/api/applications') return ownList();
      return jsonResponse(404, { message: 'Resource not found.' });
    });
    renderAt('/dashboard');
    expect(await screen.findByText('Himal Traders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe('good');
  });

  it('sends the user to login when the profile fetch fails, and drops the token', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    serve({ '/api/profiles': () => jsonResponse(500, { message: 'Internal Server Error.' }) });
    renderAt('/business/applications');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("loads the profile, then shows an applicant their home (issue 17 §1), not the staff's statistics", async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    serve({
      '/api/profiles': () => jsonResponse(200, { data: applicant }),
      '/api/applications': ownList,
      '/api/dashboard': () => jsonResponse(200, { data: dashboardData(counts) }),
    });
    renderAt('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your business registrations' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pay Rs. 2,600.00: Himal Traders' }));
    expect(screen.getByRole('link', { name: 'Register a business' })).toHaveAttribute(
      'href',
      '/apply-new',
    );
    expect(screen.queryByText('1,234')).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toHaveTextContent('Home');
    expect(nav).not.toHaveTextContent('Dashboard');
    expect(nav).toHaveTextContent('Applications');
    expect(nav).toHaveTextContent('Apply new');
    expect(
      fetchMock.mock.calls.map(([u]) => new URL(u as string, 'http://x').pathname),
    ).not.toContain('/api/dashboard');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/profiles');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer good');
  });

  it('draws the page from the stored user while the profile loads; a failed fetch still signs out', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    localStorage.setItem(USER_KEY, JSON.stringify(applicant));
    let answerProfile: (r: Response) => void = () => {};
    fetchMock.mockImplementation(async (input: string) => {
      const { pathname } = new URL(input, 'http://localhost');
      if (pathname === '/api/profiles') return new Promise<Response>((r) => (answerProfile = r));
      if (pathname === '/api/applications') return ownList();
      return jsonResponse(404, { message: 'Resource not found.' });
    });
    renderAt('/dashboard');
    // The page is up before the profile has answered.
    expect(await screen.findByText('Himal Traders')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toHaveTextContent(
      'Apply new',
    );
    answerProfile(jsonResponse(500, { message: 'Internal Server Error.' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("shows the shell's outline with the page title while the profile loads", async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    fetchMock.mockImplementation(() => new Promise<Response>(() => {})); // never answers
    renderAt('/business/applications');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Business registrations' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Loading…')).toBeInTheDocument();
    // Only the profile was asked for: no page has mounted yet.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/profiles']);
  });

  it('hides links the user may not use', async () => {
    localStorage.setItem(TOKEN_KEY, 'good');
    serve({
      '/api/profiles': () =>
        jsonResponse(200, {
          data: { ...applicant, userType: 'wardadmin', permissions: ['view-applications'] },
        }),
      '/api/dashboard': () => jsonResponse(200, { data: dashboardData(counts) }),
    });
    renderAt('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(nav).toHaveTextContent('Applications'));
    expect(nav).not.toHaveTextContent('Apply new');
  });

  it("on a phone, draws the menu's links when the burger first opens it, not before", async () => {
    const desktop = window.matchMedia;
    // A phone-sized screen: the menu's breakpoint query matches (test/setup.ts answers "no").
    window.matchMedia = (query: string) => ({
      ...desktop(query),
      matches: query.includes('max-width: 47.99em') || query.trim() === '',
    });
    try {
      staffAtDashboard();
      expect(await screen.findByText('1,234')).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'Main navigation' });
      expect(within(nav).queryAllByRole('link')).toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
      expect(within(nav).getByRole('link', { name: 'Applications' })).toHaveAttribute(
        'href',
        '/business/applications',
      );
      expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('staff keep the dashboard at /dashboard', async () => {
    staffAtDashboard();
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Rs. 1,23,456.00')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(nav).toHaveTextContent('Dashboard');
    expect(nav).not.toHaveTextContent('Apply new');
  });

  it('shows dashboard numbers in Devanagari digits in Nepali', async () => {
    await setLang('ne');
    staffAtDashboard();
    expect(await screen.findByText('१,२३४')).toBeInTheDocument();
    expect(screen.getByText('रु. १,२३,४५६.००')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ne');
  });
});

describe('routes', () => {
  it('shows the login page at / and /user/login', async () => {
    renderAt('/');
    expect(await screen.findByLabelText(/Username or phone number/)).toBeInTheDocument();
  });

  it('shows the not-found page for any other path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });
});
