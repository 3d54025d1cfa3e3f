/**
 * Signed-in user and permission checks. The profile (GET /api/profiles) is fetched from start-up
 * for the navigation guard of the signed-in routes (SPEC §2) and then read from the query cache.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useCallback } from 'react';
import { hasAnyPermission } from '../../shared/permissions.js';
import type { User } from '../../shared/schemas/auth.js';
import { api, ApiError, type Envelope } from './api';
import { clearSession, getStoredUser, getToken, USER_KEY } from './session';

export const PROFILE_KEY = ['profile'] as const;

/** GET /api/profiles, the profile query's fetcher (see `useProfileQuery` for its failures). */
async function fetchProfile({ signal }: { signal?: AbortSignal }): Promise<User> {
  let res: Envelope<User>;
  try {
    res = await api.get<Envelope<User>>('/profiles', undefined, signal);
  } catch (e) {
    // No answer at all (status 0: offline, dropped connection): keep working with the
    // stored profile, so a reload while offline keeps the user and their form draft
    // (issue 7 §6). The server still checks the token on every request once back online.
    const stored = getStoredUser();
    if (e instanceof ApiError && e.status === 0 && stored) return stored;
    // SPEC §2: a failed profile fetch means signing in again; drop the stale session so
    // the login page does not bounce back here.
    if (e instanceof ApiError) clearSession();
    throw e;
  }
  // Keep the stored copy fresh: permissions may have changed since login.
  localStorage.setItem(USER_KEY, JSON.stringify(res.data));
  return res.data;
}

const PROFILE_QUERY = {
  queryKey: PROFILE_KEY,
  queryFn: fetchProfile,
  retry: false,
  staleTime: 60_000,
};

/**
 * Starts the profile fetch at start-up (main.tsx) when a token is stored, alongside the current
 * screen's code rather than after it (the guard's chunk would otherwise ask only once loaded: a
 * waterfall of round trips on a slow link, issue 8 §2). The guard's query then finds it in flight.
 */
export function prefetchProfile(client: QueryClient): void {
  if (getToken()) void client.prefetchQuery(PROFILE_QUERY);
}

/**
 * The profile query; disabled without a token (nothing to ask the server). While the fetch is in
 * flight the user stored at login (SPEC §7) stands in, so the signed-in shell and the page draw at
 * once instead of after a round trip (issue 8 §2); a failed fetch still ends the session (the
 * stand-in is not kept on an error), and every API call is checked by the server meanwhile.
 */
export function useProfileQuery() {
  const token = getToken();
  return useQuery({
    ...PROFILE_QUERY,
    enabled: !!token,
    placeholderData: () => getStoredUser() ?? undefined,
  });
}

/** Stand-in while a session ends (logout, 401) and the signed-in screens unmount. */
const NOBODY: User = {
  id: 0,
  name: '',
  username: '',
  phone: '',
  email: null,
  gender: 'male',
  userType: 'user',
  wardId: null,
  photoFileId: null,
  citizenshipFileId: null,
  lang: 'en-US',
  roles: [],
  permissions: [],
};

/**
 * The signed-in user, as loaded by the navigation guard. Never throws: during logout the cache
 * is cleared before the signed-in screens unmount, and they must not crash in between.
 */
export function useCurrentUser(): User {
  const { data } = useProfileQuery();
  return data ?? getStoredUser() ?? NOBODY;
}

/** SPEC §6: true if the user holds at least one of `perms`. */
export function useCan(...perms: string[]): boolean {
  const { data } = useProfileQuery();
  return !!data && hasAnyPermission(data.permissions, perms);
}

/** Logout (SPEC §4): revoke the token on the server, clear it locally, go to /user/login. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return useCallback(async () => {
    try {
      await api.post('/logout');
    } catch {
      /* the token is dropped locally whatever the server said */
    }
    clearSession();
    await navigate('/user/login', { replace: true });
    qc.clear();
  }, [navigate, qc]);
}
