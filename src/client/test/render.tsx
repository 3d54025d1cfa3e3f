/** Renders a component inside the app's providers and an in-memory router, for tests. */
import { render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createQueryClient } from '../app/queryClient';
import { ModalsArea } from '../app/ModalsArea';
import { Providers } from '../app/Providers';
import { PROFILE_KEY } from '../lib/auth';
import { TOKEN_KEY } from '../lib/session';
import type { User } from '../../shared/schemas/auth.js';

export function renderWithApp(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    profile,
  }: {
    route?: string;
    path?: string;
    /** Signs this user in (token + profile already loaded, as after the navigation guard). */
    profile?: User;
  } = {},
) {
  const queryClient = createQueryClient();
  if (profile) {
    localStorage.setItem(TOKEN_KEY, 'test-token');
    queryClient.setQueryData(PROFILE_KEY, profile);
  }
  const result = render(
    <Providers queryClient={queryClient}>
      <ModalsArea>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="/dashboard" element={<p>dashboard page</p>} />
            <Route path="/user/login" element={<p>login page</p>} />
          </Routes>
        </MemoryRouter>
      </ModalsArea>
    </Providers>,
  );
  return { ...result, queryClient };
}

/**
 * renderWithApp for the application form, settled once the step's fields are drawn: the form
 * draws them after the device draft and the dropdowns' first lists (features/apply/ApplicationForm.tsx).
 */
export async function renderForm(...args: Parameters<typeof renderWithApp>) {
  const result = renderWithApp(...args);
  await waitFor(() => {
    if (!result.container.querySelector('form button[type="submit"]')) {
      throw new Error('the form has not drawn its fields');
    }
  });
  return result;
}

/** A fetch Response with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
