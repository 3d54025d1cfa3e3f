/** The settings screen's API calls (issue 17 §6): read, save, and the emblem's upload and removal. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsInput, SettingsView } from '../../../shared/schemas/settings.js';
import { request, type Envelope } from '../../lib/api';
import { PUBLIC_SETTINGS_KEY } from '../../lib/palika';

/** The query key of every setting (GET /api/settings). */
export const SETTINGS_KEY = ['/settings'] as const;

/** GET /api/settings: every setting (system administrators). */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) =>
      request<Envelope<SettingsView>>('/settings', { signal }).then((r) => r.data),
  });
}

/**
 * A settings change: PUT /api/settings (`json`), POST /api/settings/emblem (`emblem`, a file) or
 * DELETE /api/settings/emblem (`removeEmblem`). The answer replaces the cached settings and the
 * login page's identity is read again.
 */
export function useChangeSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: { json: SettingsInput } | { emblem: File } | { removeEmblem: true }) => {
      // field errors show on the form; other failures get the usual toast
      if ('json' in change)
        return request<Envelope<SettingsView>>('/settings', { method: 'PUT', json: change.json });
      if ('emblem' in change)
        return request<Envelope<SettingsView>>('/settings/emblem', {
          method: 'POST',
          body: { emblem: change.emblem },
        });
      return request<Envelope<SettingsView>>('/settings/emblem', { method: 'DELETE' });
    },
    onSuccess: (res) => {
      qc.setQueryData(SETTINGS_KEY, res.data);
      void qc.invalidateQueries({ queryKey: PUBLIC_SETTINGS_KEY });
    },
  });
}
