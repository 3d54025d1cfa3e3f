/**
 * The build's preload helper (issue 18 §5), in place of Vite's `vite/preload-helper.js`: the
 * bundler wraps every dynamic `import()` as `__vitePreload(() => import(chunk), deps)`, `deps`
 * being the chunk's own imports and stylesheets (paths under the base, `assets/x-hash.js`), so
 * that they download beside the chunk rather than one round trip after it.
 *
 * Vite's helper adds one `<link rel=modulepreload>` per chunk, all in the task that calls it. A
 * signed-in screen needs 20–35 chunks, and each insertion starts a request synchronously: under
 * Lighthouse's trace that is ~1.2 ms a link, a 40–45 ms task (×4 on its simulated phone, ~120 ms
 * of Total Blocking Time on its own; docs/performance.md "Smaller tasks during the load"). This helper
 * adds the same links, `LINKS_PER_TASK` in the calling task and the rest in tasks of their own,
 * so no task grows with the number of chunks; the chunk's own `import()` is not held back by
 * them (the browser fetches a module's imports itself anyway: a link only starts that earlier).
 *
 * The rest is Vite 8's behaviour (vite/dist/node/chunks/node.js `preload`): each path once per
 * page; none added that a `<link>` already names; stylesheets waited for (a page must not render
 * unstyled), and a stylesheet's or the chunk's failure dispatched as a cancellable
 * `vite:preloadError` event on `window`, rethrown unless a listener prevents its default.
 * scripts/preload-helper.mjs points the build at this module.
 */

/** Links added in the calling task, and then in each task after it (~5 ms under a trace). */
export const LINKS_PER_TASK = 4;

/** Each path's preload, by its absolute URL: the stylesheet's settlement, or nothing to wait for. */
const seen = new Map<string, Promise<void> | undefined>();
/** Module preload links not yet added to the document, in the order the bundler listed them. */
const queue: HTMLLinkElement[] = [];
let flushing = false;

/** `modulepreload` where the browser knows it (all current ones), else a plain script preload. */
const scriptRel = (() => {
  const relList = typeof document !== 'undefined' && document.createElement('link').relList;
  return relList && relList.supports?.('modulepreload') ? 'modulepreload' : 'preload';
})();

/** Adds up to `LINKS_PER_TASK` queued links now, the rest in the following tasks. */
function flush() {
  for (const link of queue.splice(0, LINKS_PER_TASK)) document.head.appendChild(link);
  flushing = queue.length > 0;
  if (flushing) setTimeout(flush, 0);
}

/** The URLs every `<link>` in the document already names (those in index.html, earlier pages'). */
function linkedHrefs(): { all: Set<string>; styles: Set<string> } {
  const all = new Set<string>();
  const styles = new Set<string>();
  for (const link of Array.from(document.getElementsByTagName('link'))) {
    all.add(link.href);
    if (link.rel === 'stylesheet') styles.add(link.href);
  }
  return { all, styles };
}

/** Starts (once) the download of one dependency; returns what the import must wait for. */
function preloadOnce(href: string, linked: () => ReturnType<typeof linkedHrefs>) {
  if (seen.has(href)) return seen.get(href);
  const isCss = new URL(href).pathname.endsWith('.css');
  if ((isCss ? linked().styles : linked().all).has(href)) {
    seen.set(href, undefined);
    return undefined;
  }
  const link = document.createElement('link');
  link.rel = isCss ? 'stylesheet' : scriptRel;
  if (!isCss) link.setAttribute('as', 'script');
  link.crossOrigin = '';
  link.href = href;
  if (!isCss) {
    queue.push(link);
    seen.set(href, undefined);
    return undefined;
  }
  const loaded = new Promise<void>((resolve, reject) => {
    const settle = (e: Event) => {
      link.removeEventListener('load', settle);
      link.removeEventListener('error', settle);
      if (e.type === 'error') reject(new Error(`Unable to preload CSS for ${href}`));
      else resolve();
    };
    link.addEventListener('load', settle);
    link.addEventListener('error', settle);
  });
  document.head.appendChild(link);
  // Nothing to wait for once settled, as in Vite: later imports that list it go ahead at once.
  const settled = loaded.finally(() => seen.set(href, undefined));
  seen.set(href, settled);
  return settled;
}

/** Vite's `vite:preloadError`: listeners may prevent the default (the error being thrown). */
function handlePreloadError(err: unknown) {
  const e = new Event('vite:preloadError', { cancelable: true }) as Event & { payload?: unknown };
  e.payload = err;
  window.dispatchEvent(e);
  if (!e.defaultPrevented) throw err;
}

/**
 * Loads a lazily imported chunk with its dependencies.
 * @param baseModule the `import()` itself
 * @param deps paths under the base (`assets/x-hash.js`, `assets/x-hash.css`) from the bundler
 * @returns the module, once its stylesheets have loaded (or failed, see `vite:preloadError`)
 */
export function __vitePreload<T>(baseModule: () => Promise<T>, deps?: string[]): Promise<T> {
  let pending: Promise<PromiseSettledResult<void>[]> = Promise.resolve([]);
  if (deps && deps.length > 0) {
    let hrefs: ReturnType<typeof linkedHrefs> | undefined;
    const linked = () => (hrefs ??= linkedHrefs());
    const base = new URL(import.meta.env.BASE_URL, document.baseURI);
    pending = Promise.allSettled(
      deps.map((dep) => preloadOnce(new URL(dep, base).href, linked)).filter(Boolean),
    );
    if (!flushing) flush();
  }
  return pending.then((results) => {
    for (const r of results) if (r.status === 'rejected') handlePreloadError(r.reason);
    return baseModule().catch((err: unknown) => {
      handlePreloadError(err);
      return undefined as T;
    });
  });
}
