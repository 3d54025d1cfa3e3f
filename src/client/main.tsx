/** Entry point: fonts, Mantine styles, i18n, then the router. */
// Noto Sans for Latin text only (its `latin` subset): its own Devanagari subset would be a second
// copy of what Noto Sans Devanagari draws (the theme's font stack names both, app/theme.ts), and
// Chromium downloaded both for the same Nepali text (~90 KB of fonts a weight). Its Latin
// Extended subset is left out too: Chromium fetched it for any Devanagari text, though no
// character needed it (checked in headless Chromium; docs/performance.md, 2026-11-28). A rare
// Latin Extended letter (ā in a romanised name) is drawn by the next font in the stack.
import '@fontsource/noto-sans/latin-400.css';
import '@fontsource/noto-sans/latin-500.css';
import '@fontsource/noto-sans/latin-700.css';
import '@fontsource/noto-sans-devanagari/devanagari-400.css';
import '@fontsource/noto-sans-devanagari/devanagari-500.css';
import '@fontsource/noto-sans-devanagari/devanagari-700.css';
// Mantine's styles, in its CSS layer (`@layer mantine`, so the app's and the extensions' own
// unlayered CSS wins whatever the load order): only the base and the components of the login
// screen and the page loader here, ~11 KB gzip instead of the full ~40 KB (issue 8 §2); every
// lazily loaded page brings the full stylesheet with it (App.tsx).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import './app/global.css';
import { i18nReady } from './lib/i18n';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadRoute } from './app/App';
import { createQueryClient } from './app/queryClient';
import { prefetchProfile } from './lib/auth';
import { prefetchPublicSettings } from './lib/palika';
import { prefetchFormLists } from './lib/useOptions';
import { prefetchApplicationDetail } from './features/registrations';

// The offline app shell (issue 7 §6, src/client/sw.ts). Production builds only: in development
// Vite serves unbundled modules that a worker must not pin. After `load`, so installing the
// worker (it downloads the whole shell) does not compete with the first paint.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* no worker (private mode, blocked): the app still works online */
    });
  });
}

// The current screen's code and the signed-in user's profile start downloading now, in parallel,
// rather than one after the other behind the app shell (App.tsx, lib/auth.ts).
//
// Each step below runs in a task of its own (issue 18 §5): evaluating the entry's modules is
// already one task (10–17 ms in Lighthouse's traces here, ×4 on its phone), and the start-up
// work after it — the prefetches (a `fetch` each, ~1–2 ms under a trace), the route match and the
// first render's set-up — made it ~60 ms, the largest task of every signed-in screen's load
// (docs/performance.md "Smaller tasks during the load"). Timers of equal delay run in the order
// they were set, so the route's code is still asked for before the first render, which needs it
// (App.tsx `firstScreen`).
const later = (step: () => void) => setTimeout(step, 0);
const queryClient = createQueryClient();
// The profile first: every signed-in screen waits for it (its request is ~5 ms of script here).
later(() => prefetchProfile(queryClient));
/** The signed-out entry pages: the landing redirect and the login. */
const signedOutEntry = ['/', '/user/login'].includes(window.location.pathname);
// The screen's own data, for the screens a link or a bookmark opens most: beside the code.
later(() => {
  if (signedOutEntry) prefetchPublicSettings(queryClient);
  prefetchFormLists(queryClient, window.location.pathname);
  prefetchApplicationDetail(queryClient, window.location.pathname);
});
later(() => void preloadRoute(window.location.pathname));
// The administrators' BS calendar corrections (issue 16 §6), in their own chunk with the date
// code (lib/calendar.ts). The signed-out entry pages show no date: there they are fetched once
// the browser is first idle, so that their ~25 KB do not share a slow link with the login's
// own code (docs/performance.md, 2026-11-28); a date drawn before they arrive is redrawn.
const prefetchCalendar = () =>
  void import('./lib/calendar').then((m) => m.prefetchCalendar(queryClient));
if (!signedOutEntry) later(prefetchCalendar);
else if ('requestIdleCallback' in window) requestIdleCallback(prefetchCalendar, { timeout: 5000 });
else setTimeout(prefetchCalendar, 1000);

// English is bundled, so this resolves at once (a microtask); a Nepali reader's first render waits
// for the Nepali catalogue's chunk rather than flashing English (lib/i18n.ts). A signed-in screen
// draws the outline of its shell and its title at once (app/ShellFallback.tsx) while its code
// loads.
//
// The first render is a transition (issue 18 §5): React then renders the shell and the page in
// slices of ~5 ms, yielding to the browser between them, instead of one task of ~100–300 ms
// (×4 on a slow phone) that blocks input and counts whole as Total Blocking Time. It starts in a
// task of its own, after the route's code was asked for (above).
void i18nReady.then(() =>
  later(() => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      ),
    );
  }),
);
