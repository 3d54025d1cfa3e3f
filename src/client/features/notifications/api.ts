/**
 * The signed-in user's notifications (issue 5 §5): GET /api/notifications (newest first, with
 * the unread count), POST /api/notifications/read. The bell polls the count gently.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '../../lib/api';
import i18n from '../../lib/i18n';

export interface AppNotification {
  id: number;
  applicationId: number | null;
  kind: string;
  title: string;
  body: string;
  readAt: string | null;
  createdAt: string;
}
export interface NotificationPage {
  data: AppNotification[];
  meta: { total: number; unread: number };
}

export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** The bell's poll: once a minute, and when the window gets focus again. */
export const POLL_MS = 60_000;

export function fetchNotifications(
  page: number,
  rowsPerPage: number,
  signal?: AbortSignal,
  silent = false,
) {
  return request<NotificationPage>('/notifications', {
    query: { page, rowsPerPage },
    signal,
    silent,
  });
}

/** The unread count for the bell. A failed poll stays quiet (no toast every minute). */
export function useUnreadCount() {
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'],
    queryFn: async ({ signal }) => (await fetchNotifications(1, 1, signal, true)).meta.unread,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
    staleTime: 30_000,
  });
}

export function useNotificationsPage(page: number, rowsPerPage: number) {
  return useQuery({
    // the server renders the texts in the request's language: refetch when it changes
    queryKey: [...NOTIFICATIONS_KEY, 'list', page, rowsPerPage, i18n.language],
    queryFn: ({ signal }) => fetchNotifications(page, rowsPerPage, signal),
    refetchOnWindowFocus: true,
  });
}

/** Marks these notifications read, or all of them when `ids` is undefined. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => api.postJson('/notifications/read', ids ? { ids } : {}),
    onSettled: () => qc.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
