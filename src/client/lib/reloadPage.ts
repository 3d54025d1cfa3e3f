/**
 * Reloads the page: what a reader is offered when a part of the app's code failed to download.
 * The browser keeps a failed module import for the page's life (Chromium asks again only after a
 * reload, e2e/form-checks.spec.ts), so importing it again cannot help. A module of its own so that
 * tests can stand in for the reload, which jsdom does not do.
 */
export function reloadPage(): void {
  window.location.reload();
}
