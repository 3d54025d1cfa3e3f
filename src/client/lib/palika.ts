/**
 * The palika's public identity (GET /api/settings/public, issue 17 §6): its names, emblem URL
 * and office, for the login page. Kept tiny and free of zod: the login page is in the entry
 * chunk. The settings screen refreshes it after a change (PUBLIC_SETTINGS_KEY).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicSettings } from '../../shared/schemas/settings.js';
import { request, type Envelope } from './api';

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
} as const;

/** The palika's public identity; undefined while loading or when it cannot be read. */
export function usePublicSettings() {
  return useQuery(PUBLIC_SETTINGS_QUERY);
}

/**
 * Starts fetching the palika's identity at start-up (main.tsx, on the sign-in screen), beside
 * the screen's code rather than once the login page renders: its name and emblem then usually
 * arrive before the page is first drawn instead of pushing the card down afterwards (a layout
 * shift, issue 18 §5).
 */
export function prefetchPublicSettings(client: QueryClient): void {
  void client.prefetchQuery(PUBLIC_SETTINGS_QUERY);
}
