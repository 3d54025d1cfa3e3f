import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import enUS from '../../shared/i18n/en-US.js';
import ne from '../../shared/i18n/ne.js';
import { SHELL_TITLES } from './shellTitles';
import { shellData, START_KEYS, staticShellScript } from './staticShell';

const source = staticShellScript({ 'en-US': enUS, ne });

/** Runs the script as index.html does, at `path`, with what localStorage holds. */
function run(path: string, stored: Record<string, string>) {
  window.history.pushState({}, '', path);
  for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
  document.body.innerHTML = '<div id="root"></div>';
  new Function(source)();
  return document.getElementById('root')!;
}

const staff = { access_token: 'token', user: JSON.stringify({ id: 2, userType: 'wardadmin' }) };
const applicant = { access_token: 'token', user: JSON.stringify({ id: 3, userType: 'user' }) };
/** An applicant who may apply (the demo applicant's permissions include it). */
const canApply = (name: string) => ({
  access_token: 'token',
  user: JSON.stringify({ id: 3, userType: 'user', name, permissions: ['create-applications'] }),
});

describe('the static outline of a signed-in screen (issue 18 §5)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    localStorage.clear();
    document.documentElement.lang = 'en-US';
  });

  it('draws the header and the page title in English by default', () => {
    const root = run('/business/applications', staff);
    expect(root.querySelector('header')?.textContent).toBe('Darta');
    expect(root.querySelector('h2')?.textContent).toBe('Business registrations');
    expect(root.querySelector('[role=status]')?.getAttribute('aria-label')).toBe('Loading…');
  });

  it('draws in Nepali when Nepali is stored, and sets <html lang>', () => {
    const root = run('/single_registration', { ...applicant, lang: 'ne' });
    expect(root.querySelector('header')?.textContent).toBe('दर्ता');
    expect(root.querySelector('h2')?.textContent).toBe(ne.form.title);
    expect(document.documentElement.lang).toBe('ne');
  });

  it("titles an applicant's /dashboard as their home, a staff member's as the dashboard", () => {
    expect(run('/dashboard/', applicant).querySelector('h2')?.textContent).toBe(enUS.home.title);
    localStorage.clear();
    expect(run('/dashboard', staff).querySelector('h2')?.textContent).toBe(enUS.dashboard.title);
  });

  it("draws an applicant's home with its welcome and the panel to register a business", () => {
    const root = run('/dashboard', canApply('Sita Sharma'));
    const main = root.querySelector('main')!;
    expect(main.querySelector('.darta-static-welcome')?.textContent).toBe('Welcome, Sita Sharma');
    expect(main.querySelector('h3')?.textContent).toBe(enUS.home.startTitle);
    expect(main.querySelector('.darta-static-start-text')?.textContent).toBe(enUS.home.startText);
    const link = main.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/apply-new');
    expect(link.textContent).toBe(`${enUS.home.start}→`);
    expect(link.querySelector('[aria-hidden=true]')?.textContent).toBe('→');
    // drawn in the system font (app/global.css), not by fetching a Devanagari font to look for it
    expect(link.querySelector('[aria-hidden=true]')).toHaveClass('darta-arrow');
    // in the page's order: title, welcome, panel, then the wait for the applications
    expect([...main.children].map((e) => e.className)).toEqual([
      'darta-static-title',
      'darta-static-welcome',
      'darta-static-start',
      'darta-static-wait',
    ]);
  });

  it('draws the panel in Nepali, the name as text, and no panel for an applicant who may not apply', () => {
    const root = run('/dashboard', { ...canApply('<b>राम</b>'), lang: 'ne' });
    expect(root.querySelector('.darta-static-welcome')?.textContent).toBe('स्वागत छ, <b>राम</b>');
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('h3')?.textContent).toBe(ne.home.startTitle);
    expect(root.querySelector('a span')?.textContent).toBe(ne.home.start);
    localStorage.clear();
    const without = run('/dashboard', applicant);
    expect(without.querySelector('.darta-static-welcome')?.textContent).toBe('Welcome, ');
    expect(without.querySelector('.darta-static-start')).toBeNull();
    localStorage.clear();
    expect(
      run('/business/applications', canApply('x')).querySelector('.darta-static-start'),
    ).toBeNull();
  });

  it('draws nothing signed out, on a path without a fixed title, or with a malformed user', () => {
    expect(run('/business/applications', {}).childElementCount).toBe(0);
    expect(run('/business/applications/7/detail', staff).childElementCount).toBe(0);
    localStorage.clear();
    expect(run('/profile', { access_token: 't', user: '{not json' }).childElementCount).toBe(0);
  });

  it('never inserts a text as markup', () => {
    const evil = { app: { name: '<img src=x onerror=alert(1)>' } };
    const script = staticShellScript({ 'en-US': { ...enUS, ...evil }, ne });
    window.history.pushState({}, '', '/profile');
    localStorage.setItem('access_token', 't');
    document.body.innerHTML = '<div id="root"></div>';
    new Function(script)();
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('header')?.textContent).toBe(evil.app.name);
  });

  it('has every title in both catalogues, and fails the build on a missing one', () => {
    const data = shellData({ 'en-US': enUS, ne });
    for (const key of [...Object.values(SHELL_TITLES), ...Object.values(START_KEYS)]) {
      expect(data.texts['en-US'][key]).toBeTruthy();
      expect(data.texts.ne[key]).toBeTruthy();
    }
    expect(() => shellData({ 'en-US': { app: { name: 'x' } }, ne })).toThrow(/no text for/);
  });

  it('preloads the Nepali bold font for a Nepali reader only, signed in or not', () => {
    const preloaded = (stored: Record<string, string>) => {
      localStorage.clear();
      document.head.innerHTML = '';
      document.body.innerHTML =
        '<div id="root"></div><script data-nepali-font="/assets/nd-700.woff2"></script>';
      for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v);
      window.history.pushState({}, '', '/user/login');
      new Function(source)();
      return [...document.head.querySelectorAll('link[rel=preload]')].map((l) => [
        l.getAttribute('href'),
        l.getAttribute('as'),
        l.getAttribute('type'),
        l.getAttribute('crossorigin'),
      ]);
    };
    const font = [['/assets/nd-700.woff2', 'font', 'font/woff2', '']];
    expect(preloaded({ lang: 'ne' })).toEqual(font);
    expect(preloaded({ lang: 'ne', ...staff })).toEqual(font);
    expect(preloaded({})).toEqual([]);
    expect(preloaded({ lang: 'en-US', ...staff })).toEqual([]);
  });
});
