/** Dropdown data from GET /api/{resource}/all (docs/api.md), cached per filter. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api, type Envelope } from './api';
import { getToken } from './session';

/** The query of one dropdown list: its key, its fetch, and how long it stays fresh. */
function allOptionsQuery<T>(resource: string, filters?: Record<string, number>) {
  return {
    queryKey: [`/${resource}`, 'all', filters ?? {}],
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<Envelope<T[]>>(`/${resource}/all`, filters ? { filters } : undefined, signal),
    staleTime: 10 * 60_000,
  };
}

export function useAllOptions<T>(
  resource: string,
  filters?: Record<string, number>,
  enabled = true,
) {
  return useQuery({
    ...allOptionsQuery<T>(resource, filters),
    enabled,
    select: (res) => res.data,
  });
}

/**
 * The application form's unfiltered lists (features/apply: business types, provinces, wards,
 * the setup's required files), asked for at start-up on the form's own URLs, alongside its code
 * rather than after it: the form draws its fields once these have come (issue 18 §5).
 */
export function prefetchFormLists(client: QueryClient, pathname: string): void {
  if (!getToken() || !/^\/(single|multiple)_registration\/?$/.test(pathname)) return;
  for (const resource of ['business-types', 'states', 'wards', 'required-files']) {
    void client.prefetchQuery(allOptionsQuery<unknown>(resource));
  }
}
