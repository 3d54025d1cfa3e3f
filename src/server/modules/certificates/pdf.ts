/**
 * PdfRenderer: prints self-contained HTML documents (the certificate, the receipt) to PDF with
 * one shared headless Chromium driven by playwright-core. The binary (issue 16 §2) is
 * CHROMIUM_PATH, else the system's Chromium found on PATH (`chromium`, `chromium-browser`,
 * `google-chrome`, `google-chrome-stable`; Debian's `apt install chromium`), else the one
 * bundled in @sparticuz/chromium, unpacked into a folder of this process's own. Timeouts are in
 * milliseconds.
 */
import { accessSync, constants, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { Browser, Page } from 'playwright-core';

/*
 * playwright-core and @sparticuz/chromium are loaded with the first PDF, not with the server:
 * they cost ~0.85 s of CPU to load (0.8 s playwright-core), which every start and restart of
 * a server that may never print one would pay (docs/performance.md "Start-up").
 */
const loadPlaywright = () => import('playwright-core');
const loadSparticuz = async () => (await import('@sparticuz/chromium')).default;

/** Options for {@link PdfRenderer}. */
export interface PdfRendererOptions {
  /**
   * Chromium binary to launch (the CHROMIUM_PATH setting). When absent, the system's Chromium
   * on PATH ({@link findSystemChromium}); when there is none, the binary bundled in
   * @sparticuz/chromium, unpacked into `unpackDir` on first launch (~2 s).
   */
  executablePath?: string;
  /**
   * Where @sparticuz/chromium is unpacked: a folder of this process's own, so that instances on
   * one host never share (or half-overwrite) one binary. Default: os.tmpdir()/darta-chromium-<pid>,
   * deleted when the process exits; those of processes that are gone (killed) are swept.
   */
  unpackDir?: string;
}

/** Names of a system Chromium looked for on PATH, in this order. */
export const SYSTEM_CHROMIUM_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
];

/**
 * The first executable file named in SYSTEM_CHROMIUM_NAMES in a folder of `searchPath` (PATH's
 * format), or undefined. Snap's `chromium-browser` stub of Ubuntu is found too; set
 * CHROMIUM_PATH to choose another binary.
 */
export function findSystemChromium(searchPath = process.env.PATH ?? ''): string | undefined {
  const dirs = searchPath.split(path.delimiter).filter(Boolean);
  for (const name of SYSTEM_CHROMIUM_NAMES)
    for (const dir of dirs) {
      const file = path.join(dir, name);
      try {
        accessSync(file, constants.X_OK);
        if (statSync(file).isFile()) return file;
      } catch {
        // not here
      }
    }
  return undefined;
}

/** Prefix of the default unpack folders in os.tmpdir() (one per process id). */
const UNPACK_PREFIX = 'darta-chromium-';

/** Deletes darta-chromium-<pid> folders in os.tmpdir() whose process is gone (a killed server). */
function sweepStaleUnpackDirs(): void {
  let names: string[];
  try {
    names = readdirSync(os.tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    const m = new RegExp(`^${UNPACK_PREFIX}(\\d+)$`).exec(name);
    if (!m || Number(m[1]) === process.pid || processAlive(Number(m[1]))) continue;
    rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to another user
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Unpacks done or in progress in this process, by folder (renderers share one unpack). */
const unpacks = new Map<string, Promise<string>>();

/**
 * @sparticuz/chromium's binary unpacked into `dir`, once per process; a default folder is
 * deleted when the process exits.
 */
function unpackSparticuz(dir: string, deleteOnExit: boolean): Promise<string> {
  let unpacking = unpacks.get(dir);
  if (!unpacking) {
    if (deleteOnExit)
      process.once('exit', () => rmSync(dir, { recursive: true, force: true, maxRetries: 2 }));
    unpacking = unpackInto(dir);
    // a failed unpack is tried again by the next launch
    unpacking.catch(() => unpacks.delete(dir));
    unpacks.set(dir, unpacking);
  }
  return unpacking;
}

/**
 * The package unpacks into os.tmpdir(), which Node reads from TMPDIR on every call, and it reads
 * it only synchronously at the start of executablePath(); so TMPDIR points at `dir` for exactly
 * that synchronous part.
 */
async function unpackInto(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const sparticuz = await loadSparticuz();
  const saved = process.env.TMPDIR;
  let unpacking: Promise<string>;
  process.env.TMPDIR = dir;
  try {
    unpacking = sparticuz.executablePath();
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
  }
  const file = await unpacking;
  if (!file.startsWith(dir + path.sep))
    throw new Error(`@sparticuz/chromium unpacked to ${file}, not into ${dir}`);
  return file;
}

/** Upper bound for loading the HTML and waiting for its fonts, in milliseconds. */
const PAGE_TIMEOUT_MS = 30_000;
/** Shrink-to-fit: `--fit` goes down from 1 in steps of FIT_STEP, never below FIT_MIN. */
const FIT_STEP = 0.04;
const FIT_MIN = 0.6;

/**
 * In-page scripts, passed to `page.evaluate` as source text rather than as functions so that
 * no transpiler helper (esbuild's `__name`, coverage counters) leaks into the page.
 */
const FONTS_READY_JS = 'document.fonts.ready.then(() => undefined)';

/**
 * For every element marked `data-fit` whose content overflows it, lowers the CSS custom
 * property `--fit` (which the document's CSS uses to scale its variable-length parts) in steps
 * of FIT_STEP until the content fits or FIT_MIN is reached. Pages without `data-fit` are
 * unchanged.
 */
const SHRINK_TO_FIT_JS = `(() => {
  for (const el of document.querySelectorAll('[data-fit]')) {
    let fit = 1;
    while (el.scrollHeight > el.clientHeight + 1 && fit - ${FIT_STEP} >= ${FIT_MIN} - 1e-9) {
      fit -= ${FIT_STEP};
      el.style.setProperty('--fit', fit.toFixed(2));
    }
  }
})()`;

/** Upper bound for one whole print (new context → PDF bytes), in milliseconds. */
const PRINT_TIMEOUT_MS = 60_000;
/** Upper bound for launching Chromium, in milliseconds. */
const LAUNCH_TIMEOUT_MS = 60_000;

/**
 * Flags from @sparticuz/chromium that are wrong for a long-lived server browser.
 * `--single-process` makes Chromium crash when a second browser context opens a page after the
 * first one closed (seen here with Chromium 153), so every other render would relaunch it.
 */
const DROPPED_ARGS = new Set(['--single-process']);

/** Thrown by {@link PdfRenderer.render} when one print takes longer than PRINT_TIMEOUT_MS. */
export class PdfRenderTimeoutError extends Error {
  constructor() {
    super(`PDF rendering took longer than ${PRINT_TIMEOUT_MS} ms`);
    this.name = 'PdfRenderTimeoutError';
  }
}

/** Prints at once; more wait their turn (2 cores on the reference machine). */
const MAX_CONCURRENT_PRINTS = 2;
/** Prints one pooled page serves before it is replaced (bounds any growth of its memory). */
const PAGE_MAX_USES = 200;

/** A page kept open between prints, in a context of its own. */
interface PooledPage {
  page: Page;
  uses: number;
}

/**
 * Prints HTML to PDF with one shared headless Chromium, launched on first use and reused by
 * every later call, on warm pages kept between calls (each in its own context; every print
 * replaces the whole document, with no script and no network, so calls share no state).
 * Concurrent first calls share a single launch. If the browser dies or disconnects, the next
 * call launches a new one. Call {@link PdfRenderer.close} on shutdown, or the Chromium process
 * outlives the server's listener.
 */
export class PdfRenderer {
  private readonly executablePath: string | undefined;
  private readonly unpackDir: string;
  /** the default per-process folder: swept when stale, deleted when the process exits */
  private readonly ownsUnpackDir: boolean;
  /** The launch in progress or the launched browser; null when none (or it disconnected). */
  private browserPromise: Promise<Browser> | null = null;
  /** The browser `browserPromise` resolved to, while it is the current one. */
  private current: Browser | null = null;
  private closed = false;
  /** Idle warm pages per browser (at most MAX_CONCURRENT_PRINTS are ever open at once). */
  private readonly idlePages = new Map<Browser, PooledPage[]>();

  constructor(opts: PdfRendererOptions = {}) {
    this.executablePath = opts.executablePath || undefined;
    this.ownsUnpackDir = !opts.unpackDir;
    this.unpackDir = opts.unpackDir ?? path.join(os.tmpdir(), `${UNPACK_PREFIX}${process.pid}`);
  }

  /**
   * The shared browser, launching it if there is none (or the last one disconnected).
   * @throws Error if Chromium cannot be unpacked or launched within LAUNCH_TIMEOUT_MS.
   */
  private browser(): Promise<Browser> {
    if (this.browserPromise) return this.browserPromise;
    const launching = this.launch().then(
      (browser) => {
        if (this.browserPromise !== launching) {
          // close() was called while launching.
          void browser.close().catch(() => undefined);
          throw new Error('PdfRenderer is closed');
        }
        this.current = browser;
        browser.on('disconnected', () => this.forget(browser));
        // The browser may have died before the listener was attached.
        if (!browser.isConnected()) this.forget(browser);
        return browser;
      },
      (err: unknown) => {
        // A failed launch is not cached: the next call tries again.
        if (this.browserPromise === launching) this.browserPromise = null;
        throw err;
      },
    );
    this.browserPromise = launching;
    return launching;
  }

  /** Makes the next call launch a new browser if `browser` is still the current one. */
  private forget(browser: Browser): void {
    this.idlePages.delete(browser);
    if (this.current !== browser) return;
    this.current = null;
    this.browserPromise = null;
  }

  private async launch(): Promise<Browser> {
    const { chromium } = await loadPlaywright();
    const system = this.executablePath ?? findSystemChromium();
    if (system) {
      return chromium.launch({
        executablePath: system,
        headless: true,
        timeout: LAUNCH_TIMEOUT_MS,
      });
    }
    // No WebGL/SwiftShader: printing does not need it, the unpack is smaller, and with it on,
    // each new context waited for the previous one's GPU teardown (warm renders ~850 ms
    // instead of ~220 ms on the 2-core build machine).
    const sparticuz = await loadSparticuz();
    sparticuz.setGraphicsMode = false;
    if (this.ownsUnpackDir && !unpacks.has(this.unpackDir)) sweepStaleUnpackDirs();
    return chromium.launch({
      executablePath: await unpackSparticuz(this.unpackDir, this.ownsUnpackDir),
      args: sparticuz.args.filter((arg) => !DROPPED_ARGS.has(arg)),
      headless: true,
      timeout: LAUNCH_TIMEOUT_MS,
    });
  }

  /**
   * Prints a self-contained HTML document to an A4 PDF (backgrounds printed, CSS @page
   * honoured). The page runs with JavaScript disabled and the network offline, so the HTML
   * must inline everything it needs (fonts as data: URLs). Elements marked `data-fit` are
   * shrunk to fit (see SHRINK_TO_FIT_JS). The first call also launches Chromium (~0.5–3 s);
   * later calls reuse it.
   * @param html A complete HTML document.
   * @returns The PDF file bytes (starting with '%PDF-').
   * @throws Error 'PdfRenderer is closed' after {@link close}.
   * @throws Error if Chromium cannot be launched, or loading or printing fails. A failure
   *   caused by the browser disconnecting is retried once with a fresh browser first.
   * @throws PdfRenderTimeoutError if the print takes longer than 60 s; the browser is then
   *   discarded (renders still using it fail) and the next call launches a new one.
   */
  render(html: string): Promise<Buffer> {
    // Each open page costs ~50 MiB and a core; more than two at once only queues in Chromium.
    return this.limit(() => this.renderNow(html));
  }

  private readonly limit = pLimit(MAX_CONCURRENT_PRINTS);

  private async renderNow(html: string): Promise<Buffer> {
    for (let attempt = 1; ; attempt++) {
      if (this.closed) throw new Error('PdfRenderer is closed');
      const browser = await this.browser();
      try {
        return await withTimeout(this.print(browser, html), PRINT_TIMEOUT_MS);
      } catch (err) {
        if (err instanceof PdfRenderTimeoutError) {
          // A hung browser (e.g. it died mid-command) is not trusted again.
          this.forget(browser);
          void browser.close().catch(() => undefined);
          throw err;
        }
        if (attempt >= 2 || browser.isConnected()) throw err;
        // Forget the dead browser even if its 'disconnected' event has not fired yet.
        this.forget(browser);
      }
    }
  }

  /**
   * A warm page of `browser`: an idle one from the pool, else a new one in its own context
   * (JavaScript off, network offline). Creating a context and page costs ~100–150 ms of the
   * ~250 ms of a print on the 2-core machine, so pages are reused (issue 8 §1: PDF ≤ 300 ms).
   */
  private async takePage(browser: Browser): Promise<PooledPage> {
    const idle = this.idlePages.get(browser);
    const pooled = idle?.pop();
    if (pooled) return pooled;
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT_MS);
      return { page, uses: 0 };
    } catch (err) {
      await context.close().catch(() => undefined);
      throw err;
    }
  }

  /** Back to the pool, or closed when worn out, closed-down or of a browser no longer used. */
  private releasePage(browser: Browser, pooled: PooledPage): void {
    const idle = this.idlePages.get(browser);
    if (this.closed || this.current !== browser || pooled.uses >= PAGE_MAX_USES || !idle) {
      void pooled.page
        .context()
        .close()
        .catch(() => undefined);
      return;
    }
    idle.push(pooled);
  }

  /**
   * One print on a pooled page. Each print replaces the whole document (setContent), and the
   * page runs no script and has no network, so nothing of one certificate survives into the
   * next; a page whose print failed is closed, never reused.
   */
  private async print(browser: Browser, html: string): Promise<Buffer> {
    if (!this.idlePages.has(browser)) this.idlePages.set(browser, []);
    const pooled = await this.takePage(browser);
    let ok = false;
    try {
      const { page } = pooled;
      await page.setContent(html, { waitUntil: 'load', timeout: PAGE_TIMEOUT_MS });
      await page.evaluate(FONTS_READY_JS);
      await page.evaluate(SHRINK_TO_FIT_JS);
      const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
      ok = true;
      return pdf;
    } finally {
      pooled.uses++;
      if (ok) this.releasePage(browser, pooled);
      else
        void pooled.page
          .context()
          .close()
          .catch(() => undefined);
    }
  }

  /**
   * Closes the browser (if one was launched or is launching) and makes later {@link render}
   * calls throw. Renders still in progress fail. Safe to call more than once; never throws.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.idlePages.clear();
    const pending = this.browserPromise;
    this.browserPromise = null;
    this.current = null;
    if (!pending) return;
    const browser = await pending.catch(() => null);
    await browser?.close().catch(() => undefined);
  }
}

/**
 * Settles like `promise`, or rejects with PdfRenderTimeoutError after `ms` milliseconds.
 * (The underlying work is not cancelled.)
 */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfRenderTimeoutError()), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
