import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
    expect(run('/edit-registration/7', staff).childElementCount).toBe(0);
    expect(run('/business/applications/07/detail', staff).childElementCount).toBe(0);
    localStorage.clear();
    expect(run('/profile', { access_token: 't', user: '{not json' }).childElementCount).toBe(0);
  });

  it("keeps the burger's place on a phone only, without Mantine's provider classes", () => {
    const root = run('/business/applications', staff);
    expect(root.querySelector('.darta-shell-burger')).toHaveClass('mantine-hidden-from-sm');
    // Mantine's provider defines mantine-hidden-from-sm later; the outline's own rule, at its
    // `sm` breakpoint (48em, the theme's default)
    const css = readFileSync('src/client/app/global.css', 'utf8');
    expect(css).toMatch(
      /@media \(min-width: 48em\) \{\s*\.darta-static-header \.darta-shell-burger \{\s*display: none;/,
    );
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

describe("the static outline of an application's detail (issue 18 §5)", () => {
  beforeEach(() => {
    localStorage.clear();
    delete window.dartaEarlyDetail;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    delete window.dartaEarlyDetail;
    document.documentElement.lang = 'en-US';
  });

  /** A fetch whose answer the test releases, recording what was asked. */
  function deferredFetch() {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(
      (_url: string, _init: RequestInit) => new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetch);
    return {
      fetch,
      answer: (status: number, body: unknown) => answer(Response.json(body, { status })),
    };
  }

  it('draws the link back at once, asks for the application with the token, and draws its name', async () => {
    const { fetch, answer } = deferredFetch();
    const root = run('/business/applications/7/detail', staff);
    const back = root.querySelector('main a')!;
    expect(back.getAttribute('href')).toBe('/business/applications');
    expect(back.textContent).toBe(`← ${enUS.detail.backToList}`);
    expect(back.querySelector('[aria-hidden=true]')).toHaveClass('darta-arrow');
    expect(root.querySelector('h2')).toBeNull();
    // the name's line, kept so that the spinner does not move when the name comes
    const line = root.querySelector('main > div')!;
    expect(line).toHaveClass('darta-static-detail-title');
    expect(line.getAttribute('aria-hidden')).toBe('true');
    expect(root.querySelector('[role=status]')).not.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/applications/7?lang=en-US');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer token',
      'Accept-Language': 'en-US',
      Accept: 'application/json',
    });
    const heard = vi.fn();
    window.dartaEarlyDetail!.listeners.push(heard);
    answer(200, { data: { id: 7, businessName: '<b>Sita Tea</b> स्टोर' } });
    await expect(window.dartaEarlyDetail!.promise).resolves.toMatchObject({ data: { id: 7 } });
    const h2 = root.querySelector('h2')!;
    // as text, never as markup, above the spinner
    expect(h2.textContent).toBe('<b>Sita Tea</b> स्टोर');
    expect(root.querySelector('b')).toBeNull();
    expect(h2.getAttribute('translate')).toBe('no');
    expect([...root.querySelector('main')!.children].map((e) => e.className)).toEqual([
      'darta-static-back',
      'darta-static-title darta-static-detail-title',
      'darta-static-wait',
    ]);
    expect(window.dartaEarlyDetail).toMatchObject({ id: 7, lang: 'en-US', done: true });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('asks in Nepali for a Nepali reader', () => {
    const { fetch } = deferredFetch();
    const root = run('/business/applications/12/detail/', { ...applicant, lang: 'ne' });
    expect(root.querySelector('main a')?.textContent).toBe(`← ${ne.detail.backToList}`);
    expect(fetch.mock.calls[0][0]).toBe('/api/applications/12?lang=ne');
    expect(window.dartaEarlyDetail).toMatchObject({ id: 12, lang: 'ne', done: false });
  });

  it('leaves a refused or failed answer to the app, and draws nothing once React has replaced it', async () => {
    let { answer } = deferredFetch();
    let root = run('/business/applications/7/detail', staff);
    answer(401, { message: 'Unauthenticated.' });
    await expect(window.dartaEarlyDetail!.promise).resolves.toBeNull();
    expect(window.dartaEarlyDetail!.done).toBe(true);
    expect(root.querySelector('h2')).toBeNull();

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    run('/business/applications/8/detail', staff);
    await expect(window.dartaEarlyDetail!.promise).resolves.toBeNull();

    ({ answer } = deferredFetch());
    root = run('/business/applications/9/detail', staff);
    root.replaceChildren(); // React's first commit
    answer(200, { data: { businessName: 'Late' } });
    await window.dartaEarlyDetail!.promise;
    expect(document.body.textContent).not.toContain('Late');
  });

  it('asks for nothing signed out', () => {
    const { fetch } = deferredFetch();
    expect(run('/business/applications/7/detail', {}).childElementCount).toBe(0);
    expect(fetch).not.toHaveBeenCalled();
    expect(window.dartaEarlyDetail).toBeUndefined();
  });
});
