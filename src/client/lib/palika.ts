/**
 * The palika's public identity (GET /api/settings/public, issue 17 §6): its names, emblem URL
 * and office, for the login page. Kept tiny and free of zod: the login page is in the entry
 * chunk. The settings screen refreshes it after a change (PUBLIC_SETTINGS_KEY).
 */
import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../shared/schemas/settings.js';
import { request, type Envelope } from './api';

/** The query key of the public identity. */
export const PUBLIC_SETTINGS_KEY = ['/settings/public'] as const;

/** The palika's public identity; undefined while loading or when it cannot be read. */
export function usePublicSettings() {
  return useQuery({
    queryKey: PUBLIC_SETTINGS_KEY,
    // silent: a sign-in page without the palika's name still works
    queryFn: ({ signal }) =>
      request<Envelope<PublicSettings>>('/settings/public', { signal, silent: true }).then(
        (r) => r.data,
      ),
    staleTime: 60_000,
    retry: false,
  });
}
