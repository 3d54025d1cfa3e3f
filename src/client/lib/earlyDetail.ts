/**
 * The application detail that index.html's outline script (app/staticShell.ts) asks for while
 * the page is still being parsed, before any module has arrived (issue 18 §5).
 *
 * Why: the detail's largest text is the business name, which only the answer knows. Asked for by
 * the app, it came after the entry chunk had run, and it was drawn after the page's own code
 * (~380 KB before it on the first load) had arrived and run: Lighthouse's simulated Slow 4G put
 * the name at 4.9–5.4 s, 92% of it "render delay" (docs/performance.md). The outline script
 * asks with the stored token as soon as the HTML is parsed and draws the name in the outline;
 * the app takes the same answer instead of asking again (features/registrations/api.ts
 * prefetchApplicationDetail), and React's outline (app/ShellFallback.tsx) keeps the name on
 * screen until the page replaces it.
 *
 * The script leaves `window.dartaEarlyDetail`. Its `promise` resolves to the parsed body of a
 * 200 answer and to null for anything else (an expired token, a 403 or 404, no connection): the
 * app then asks again through lib/api.ts, which shows the error or signs the expired session out
 * as for any other call. The answer is the same GET /api/applications/{id}?lang= the page sends.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { detailIdOf } from './detailPath';

/** What the outline script leaves on `window` (written in ES5 there; keep the two in step). */
export interface EarlyDetail {
  /** the application's id, from the path */
  id: number;
  /** the language asked for: 'en-US' or 'ne', as lib/i18n.ts reads the stored choice */
  lang: string;
  /** true once `body` is set */
  done: boolean;
  /** the parsed JSON of a 200 answer, or null */
  body: unknown;
  promise: Promise<unknown>;
  /** called once when the answer is in */
  listeners: Array<() => void>;
}

declare global {
  interface Window {
    dartaEarlyDetail?: EarlyDetail;
  }
}

/** The outline script's request for application `id` in `lang`, if it made that one. */
export function earlyDetail(id: number, lang: string): EarlyDetail | undefined {
  const e = typeof window === 'undefined' ? undefined : window.dartaEarlyDetail;
  return e && e.id === id && e.lang === lang ? e : undefined;
}

/** The business name in an answer's body (`{ data: { businessName } }`), if it has one. */
function businessNameOf(body: unknown): string | undefined {
  const data = (body as { data?: { businessName?: unknown } } | null)?.data;
  return typeof data?.businessName === 'string' ? data.businessName : undefined;
}

/**
 * The business name from the outline script's answer for the detail at `pathname` in `lang`:
 * undefined on another path, before the answer is in, or when it failed. Re-renders when it
 * arrives.
 */
export function useEarlyBusinessName(pathname: string, lang: string): string | undefined {
  const id = detailIdOf(pathname);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const e = id === null ? undefined : earlyDetail(id, lang);
      if (!e || e.done) return () => {};
      e.listeners.push(onChange);
      return () => {
        e.listeners = e.listeners.filter((l) => l !== onChange);
      };
    },
    [id, lang],
  );
  const read = () => {
    const e = id === null ? undefined : earlyDetail(id, lang);
    return e?.done ? businessNameOf(e.body) : undefined;
  };
  return useSyncExternalStore(subscribe, read, read);
}
