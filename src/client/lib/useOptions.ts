/** Dropdown data from GET /api/{resource}/all (docs/api.md), cached per filter. */
import { useQuery } from '@tanstack/react-query';
import { api, type Envelope } from './api';

export function useAllOptions<T>(
  resource: string,
  filters?: Record<string, number>,
  enabled = true,
) {
  return useQuery({
    queryKey: [`/${resource}`, 'all', filters ?? {}],
    queryFn: ({ signal }) =>
      api.get<Envelope<T[]>>(`/${resource}/all`, filters ? { filters } : undefined, signal),
    enabled,
    staleTime: 10 * 60_000,
    select: (res) => res.data,
  });
}
