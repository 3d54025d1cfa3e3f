/**
 * React's outline of a signed-in screen while its code loads: for an applicant's home, the same
 * welcome and "register a business" panel as the static outline (staticShell.ts), so nothing
 * disappears between the two.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enUS from '../../shared/i18n/en-US.js';
import { USER_KEY } from '../lib/session';
import { admin } from '../test/fixtures';
import { resetEachTest } from '../test/lifecycle';
import { renderWithApp } from '../test/render';
import { ShellFallback } from './ShellFallback';

resetEachTest();

const applicant = { ...admin, id: 3, name: 'Sita Sharma', userType: 'user' as const };

describe('ShellFallback', () => {
  it("draws an applicant's home with the welcome and the panel to register a business", () => {
    localStorage.setItem(USER_KEY, JSON.stringify(applicant));
    renderWithApp(<ShellFallback />, { route: '/dashboard', path: '/dashboard' });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(enUS.home.title);
    expect(screen.getByText('Welcome, Sita Sharma')).toHaveClass('darta-static-welcome');
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(enUS.home.startTitle);
    expect(screen.getByRole('link', { name: enUS.home.start })).toHaveAttribute(
      'href',
      '/apply-new',
    );
  });

  it('draws no panel for an applicant who may not apply', () => {
    localStorage.setItem(USER_KEY, JSON.stringify({ ...applicant, permissions: [] }));
    renderWithApp(<ShellFallback />, { route: '/dashboard', path: '/dashboard' });
    expect(screen.getByText('Welcome, Sita Sharma')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('draws only the title on a staff screen', () => {
    localStorage.setItem(USER_KEY, JSON.stringify(admin));
    renderWithApp(<ShellFallback />, { route: '/dashboard', path: '/dashboard' });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(enUS.dashboard.title);
    expect(screen.queryByText(/Welcome/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
