/**
 * The form draws its fields once, after its dropdowns' first lists (issue 18 §5): not before a
 * list has come, not held back by a list that failed; and the form's URLs ask for the lists at
 * start-up (lib/useOptions.ts prefetchFormLists).
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { prefetchFormLists } from '../../lib/useOptions';
import { TOKEN_KEY } from '../../lib/session';
import { DATA } from '../../test/applyFixtures';
import { admin } from '../../test/fixtures';
import { resetEachTest } from '../../test/lifecycle';
import { mockApi } from '../../test/mockApi';
import { jsonResponse, renderWithApp } from '../../test/render';
import { ApplicationForm } from './ApplicationForm';

resetEachTest();

const applicant = {
  ...admin,
  id: 3,
  userType: 'user' as const,
  photoFileId: 11,
  citizenshipFileId: 12,
};

/** Every list answered at once, but `held`, which answers when `release` is called. */
function listsWith(held: string, answer: () => Response) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const routes = Object.fromEntries(
    Object.entries(DATA).map(([path, rows]) => [
      `GET ${path}`,
      path === held
        ? async () => {
            await gate;
            return answer();
          }
        : () => jsonResponse(200, { data: rows }),
    ]),
  );
  return { api: mockApi(routes), release };
}

describe('the application form and its lists', () => {
  it('draws its fields once the business types have come, with them', async () => {
    const { release } = listsWith('/api/business-types/all', () =>
      jsonResponse(200, { data: DATA['/api/business-types/all'] }),
    );
    renderWithApp(<ApplicationForm />, { profile: applicant });
    // The step's heading is drawn at once; its fields wait for the list.
    expect(await screen.findByTestId('step-indicator')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByLabelText(/^Business name/)).toBeNull();
    release();
    expect(await screen.findByLabelText(/^Business name/)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Retail shop' })).toBeInTheDocument();
  });

  it('is not held back by a list that failed', async () => {
    const { release } = listsWith('/api/business-types/all', () =>
      jsonResponse(500, { message: 'Server error' }),
    );
    release();
    renderWithApp(<ApplicationForm />, { profile: applicant });
    expect(await screen.findByLabelText(/^Business name/)).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Retail shop' })).toBeNull();
  });
});

describe('prefetchFormLists', () => {
  const lists = ['business-types', 'states', 'wards', 'required-files'];
  const routes = Object.fromEntries(
    lists.map((r) => [`GET /api/${r}/all`, () => jsonResponse(200, { data: [] })]),
  );

  it("asks for the form's lists on its URLs, signed in", async () => {
    localStorage.setItem(TOKEN_KEY, 'test-token');
    for (const path of ['/single_registration', '/multiple_registration']) {
      const { requests } = mockApi(routes);
      const client = new QueryClient();
      prefetchFormLists(client, path);
      await client.getQueryCache().find({ queryKey: ['/required-files', 'all', {}] })?.promise;
      expect(requests.map((r) => r.path).sort()).toEqual(lists.map((r) => `/api/${r}/all`).sort());
    }
  });

  it('asks for nothing elsewhere or signed out', () => {
    const { requests } = mockApi(routes);
    localStorage.setItem(TOKEN_KEY, 'test-token');
    prefetchFormLists(new QueryClient(), '/dashboard');
    localStorage.removeItem(TOKEN_KEY);
    prefetchFormLists(new QueryClient(), '/single_registration');
    expect(requests).toHaveLength(0);
  });
});
