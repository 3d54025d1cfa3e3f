/**
 * Renders the whole route table at `path`, for tests that go from page to page as the app
 * does (sign-in, recovery). Apart from render.tsx so the other tests do not load every page.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../app/App';
import { createQueryClient } from '../app/queryClient';
import { Providers } from '../app/Providers';

export function renderAt(path: string) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
}
