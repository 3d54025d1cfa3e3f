/**
 * The build's preload helper (preloadHelper.ts): a lazy chunk's links a few per task, each path
 * once, stylesheets waited for, and Vite's `vite:preloadError` contract.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Helper = typeof import('./preloadHelper');

/** A fresh copy of the module: its queue and the paths it has seen are per page. */
async function freshHelper(): Promise<Helper> {
  vi.resetModules();
  return import('./preloadHelper');
}

/** The paths of the links of one kind: `script` (module preloads) or `stylesheet`. */
const hrefs = (kind: 'script' | 'stylesheet') =>
  Array.from(
    document.head.querySelectorAll<HTMLLinkElement>(
      kind === 'script' ? 'link[as="script"], link[rel="modulepreload"]' : 'link[rel="stylesheet"]',
    ),
  ).map((l) => new URL(l.href).pathname);
const chunks = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `assets/chunk${from + i}-abc.js`);

beforeEach(() => {
  document.head.innerHTML = '';
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('preload helper', () => {
  it('adds a few links in the calling task and the rest in tasks of their own', async () => {
    const { __vitePreload, LINKS_PER_TASK } = await freshHelper();
    const load = vi.fn(() => Promise.resolve({ default: 'page' }));
    const deps = chunks(3 * LINKS_PER_TASK + 1);

    const page = __vitePreload(load, deps);
    expect(hrefs('script')).toEqual(deps.slice(0, LINKS_PER_TASK).map((d) => `/${d}`));
    // The chunk itself is not held back by the links still queued.
    await expect(page).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledOnce();
    expect(hrefs('script')).toHaveLength(LINKS_PER_TASK);

    vi.advanceTimersToNextTimer();
    expect(hrefs('script')).toHaveLength(2 * LINKS_PER_TASK);
    vi.runAllTimers();
    expect(hrefs('script')).toEqual(deps.map((d) => `/${d}`));
    const link = document.head.querySelector<HTMLLinkElement>('link[as="script"]')!;
    // `modulepreload` where the browser has it (jsdom has not), as Vite's helper decides.
    expect(['modulepreload', 'preload']).toContain(link.rel);
    expect(link.crossOrigin).toBe('');
  });

  it('adds each path once, and none that a link already names', async () => {
    const { __vitePreload } = await freshHelper();
    const inHtml = document.createElement('link');
    inHtml.rel = 'modulepreload';
    inHtml.href = '/assets/chunk0-abc.js';
    document.head.appendChild(inHtml);
    const load = () => Promise.resolve({});

    await __vitePreload(load, chunks(3));
    await __vitePreload(load, chunks(3, 1)); // chunk1 and chunk2 again, chunk3 new
    vi.runAllTimers();
    expect(hrefs('script')).toEqual([
      '/assets/chunk0-abc.js',
      '/assets/chunk1-abc.js',
      '/assets/chunk2-abc.js',
      '/assets/chunk3-abc.js',
    ]);
  });

  it('a later import joins the queue rather than adding its links in the same task', async () => {
    const { __vitePreload, LINKS_PER_TASK } = await freshHelper();
    const load = () => Promise.resolve({});
    void __vitePreload(load, chunks(LINKS_PER_TASK + 1));
    void __vitePreload(load, chunks(2, 100));
    expect(hrefs('script')).toHaveLength(LINKS_PER_TASK);
    vi.runAllTimers();
    expect(hrefs('script')).toHaveLength(LINKS_PER_TASK + 3);
  });

  it('waits for a stylesheet before the chunk is imported', async () => {
    const { __vitePreload } = await freshHelper();
    const load = vi.fn(() => Promise.resolve({ default: 'styled' }));
    const page = __vitePreload(load, ['assets/page-abc.css', 'assets/page-abc.js']);
    await Promise.resolve();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(hrefs('stylesheet')).toEqual(['/assets/page-abc.css']);

    document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('load'));
    await expect(page).resolves.toEqual({ default: 'styled' });
    // Loaded once: a later import that lists it goes ahead without adding it again.
    const again = vi.fn(() => Promise.resolve({}));
    await __vitePreload(again, ['assets/page-abc.css']);
    expect(again).toHaveBeenCalledOnce();
    expect(hrefs('stylesheet')).toHaveLength(1);
  });

  it('reports a stylesheet that fails as vite:preloadError, thrown unless prevented', async () => {
    const { __vitePreload } = await freshHelper();
    const events: unknown[] = [];
    const listener = (e: Event) => events.push((e as Event & { payload: unknown }).payload);
    window.addEventListener('vite:preloadError', listener);
    try {
      const load = vi.fn(() => Promise.resolve({}));
      const page = __vitePreload(load, ['assets/broken-abc.css']);
      document.head.querySelector('link[rel="stylesheet"]')!.dispatchEvent(new Event('error'));
      await expect(page).rejects.toThrow('Unable to preload CSS for');
      expect(load).not.toHaveBeenCalled();
      expect(events).toHaveLength(1);

      // A listener that prevents the default lets the page load unstyled, as in Vite.
      const prevent = (e: Event) => e.preventDefault();
      window.addEventListener('vite:preloadError', prevent);
      const other = vi.fn(() => Promise.resolve({ default: 'unstyled' }));
      const page2 = __vitePreload(other, ['assets/broken2-abc.css']);
      document.head.querySelectorAll('link[rel="stylesheet"]')[1].dispatchEvent(new Event('error'));
      await expect(page2).resolves.toEqual({ default: 'unstyled' });
      window.removeEventListener('vite:preloadError', prevent);
    } finally {
      window.removeEventListener('vite:preloadError', listener);
    }
  });

  it("reports the chunk's own failure (offline) as vite:preloadError and rethrows it", async () => {
    const { __vitePreload } = await freshHelper();
    const seen = vi.fn();
    window.addEventListener('vite:preloadError', seen);
    try {
      const failure = new TypeError('Failed to fetch dynamically imported module');
      await expect(__vitePreload(() => Promise.reject(failure), chunks(1))).rejects.toBe(failure);
      expect(seen).toHaveBeenCalledOnce();
    } finally {
      window.removeEventListener('vite:preloadError', seen);
    }
  });
});
