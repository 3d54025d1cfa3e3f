/**
 * React's outline of a signed-in screen while its code loads: for an applicant's home, the same
 * welcome and "register a business" panel as the static outline (staticShell.ts), so nothing
 * disappears between the two.
 */
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { EarlyDetail } from '../lib/earlyDetail';
import enUS from '../../shared/i18n/en-US.js';
import { USER_KEY } from '../lib/session';
import { admin } from '../test/fixtures';
import { resetEachTest } from '../test/lifecycle';
import { renderWithApp } from '../test/render';
import { ShellFallback } from './ShellFallback';

resetEachTest();
afterEach(() => {
  delete window.dartaEarlyDetail;
});

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

  it('keeps the business name the outline script drew on a detail, from when its answer arrives', async () => {
    localStorage.setItem(USER_KEY, JSON.stringify(admin));
    let answer: (body: unknown) => void = () => {};
    const early: EarlyDetail = {
      id: 7,
      lang: 'en-US',
      done: false,
      body: null,
      promise: new Promise((resolve) => (answer = resolve)),
      listeners: [],
    };
    window.dartaEarlyDetail = early;
    const path = '/business/applications/:id/detail';
    renderWithApp(<ShellFallback />, { route: '/business/applications/7/detail', path });
    expect(screen.getByRole('link', { name: enUS.detail.backToList })).toHaveAttribute(
      'href',
      '/business/applications',
    );
    expect(screen.queryByRole('heading')).toBeNull();
    // what the outline script does when the answer comes (app/staticShell.ts)
    await act(async () => {
      early.body = { data: { id: 7, businessName: 'Sita Tea Store' } };
      early.done = true;
      answer(early.body);
      for (const l of early.listeners) l();
    });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Sita Tea Store');
  });

  it("shows no name from another application's answer", () => {
    localStorage.setItem(USER_KEY, JSON.stringify(admin));
    const body = { data: { businessName: 'Other' } };
    window.dartaEarlyDetail = {
      ...{ id: 8, lang: 'en-US', done: true, body, promise: Promise.resolve(body), listeners: [] },
    };
    const path = '/business/applications/:id/detail';
    renderWithApp(<ShellFallback />, { route: '/business/applications/7/detail', path });
    expect(screen.getByRole('link', { name: enUS.detail.backToList })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
