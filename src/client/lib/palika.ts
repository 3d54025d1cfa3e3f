/**
 * The palika's public identity (GET /api/settings/public, issue 17 §6): its names, emblem URL
 * and office, for the login page. Kept tiny and free of zod: the login page is in the entry
 * chunk. The settings screen refreshes it after a change (PUBLIC_SETTINGS_KEY).
 *
 * The server writes the identity into the page it serves (server lib/spa.ts), so the login page
 * draws the palika's name — its largest text — with the card instead of one request later
 * (issue 18 §5); it is fetched only when the page has none (an offline start from the service
 * worker's cached page, or the database down when the page was served) or once it is stale.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { PUBLIC_DATA_ID } from '../../shared/page-data.js';
import type { PublicSettings } from '../../shared/schemas/settings.js';
import { request, type Envelope } from './api';

const FIELDS = [
  'nameEn',
  'nameNe',
  'addressEn',
  'addressNe',
  'phone',
  'email',
  'emblemUrl',
] as const satisfies readonly (keyof PublicSettings)[];

/**
 * The identity the page was served with, or undefined when it has none or it is not the
 * expected shape (every field a string; extra fields dropped).
 */
export function pagePublicSettings(doc: Document = document): PublicSettings | undefined {
  const text = doc.getElementById(PUBLIC_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const raw = JSON.parse(text) as Record<string, unknown> | null;
    if (!raw || typeof raw !== 'object') return undefined;
    const out = {} as PublicSettings;
    for (const k of FIELDS) {
      const v = raw[k];
      if (typeof v !== 'string') return undefined;
      out[k] = v;
    }
    return out;
  } catch {
    return undefined;
  }
}

/** When the page (and with it the identity in it) was loaded: its age for staleTime. */
const PAGE_LOADED_AT = Date.now();

/** The query key of the public identity. */
export const PUBLIC_SETTINGS_KEY = ['/settings/public'] as const;

const PUBLIC_SETTINGS_QUERY = {
  queryKey: PUBLIC_SETTINGS_KEY,
  // silent: a sign-in page without the palika's name still works
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    request<Envelope<PublicSettings>>('/settings/public', { signal, silent: true }).then(
      (r) => r.data,
    ),
  staleTime: 60_000,
  retry: false,
  // read when the query is first used, i.e. once per query client
  initialData: () => pagePublicSettings(),
  initialDataUpdatedAt: PAGE_LOADED_AT,
} as const;

/** The palika's public identity; undefined while loading or when it cannot be read. */
export function usePublicSettings() {
  return useQuery(PUBLIC_SETTINGS_QUERY);
}

/**
 * Starts fetching the palika's identity at start-up (main.tsx, on the sign-in screen) when the
 * page did not bring it, beside the screen's code rather than once the login page renders: its
 * name and emblem then usually arrive before the page is first drawn instead of pushing the
 * card down afterwards (a layout shift, issue 18 §5).
 */
export function prefetchPublicSettings(client: QueryClient): void {
  void client.prefetchQuery(PUBLIC_SETTINGS_QUERY);
}
