/**
 * Notifications endpoints (contracts notifications.ts): the unread count (the bell polls it gently:
 * every minute while the page is visible, and again when the window regains focus), the list, marking
 * read, the preferences, and recording the UI language (mails are written in it).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import type {
  NotificationListData,
  NotificationListParams,
  NotificationPreference,
  NotificationPreferencesBody,
  UnreadCount,
} from '@portal/contracts/notifications.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLang } from '@/lib/i18n.ts';
import { request } from '@/lib/request.ts';
import { nextPaint } from '@/lib/use-after-paint.ts';

/** How often the bell asks for the unread count while the page is visible, ms. */
export const UNREAD_POLL_MS = 60_000;

const root = ['notifications'] as const;

/** `GET /v1/notifications/unread_count`. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...root, 'unread'],
    // the bell's badge: asked for once the page has been painted (nextPaint)
    queryFn: () => nextPaint().then(() => request<UnreadCount>('/v1/notifications/unread_count')),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    select: (d) => d.unread,
  });
}

/** `GET /v1/notifications`: one page, rendered in the current language. */
export function useNotificationList(query: NotificationListParams, enabled = true) {
  const lang = currentLang();
  return useQuery({
    queryKey: [...root, 'list', lang, query],
    queryFn: () =>
      request<NotificationListData>('/v1/notifications', {
        query: { page_no: query.page_no, page_size: query.page_size, unread: query.unread },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Refetches every notifications query (the count and the lists). */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: root });
}

/** `PUT /v1/notifications/:id/read`. */
export function useMarkRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/v1/notifications/${id}/read`, { method: 'PUT' }),
    onSuccess: refresh,
  });
}

/** `PUT /v1/notifications/read_all`. */
export function useMarkAllRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => request<{ updated: number }>('/v1/notifications/read_all', { method: 'PUT' }),
    onSuccess: refresh,
  });
}

/** `GET /v1/notifications/preferences` (labels in the current language). */
export function usePreferences() {
  const lang = currentLang();
  return useQuery({
    queryKey: [...root, 'preferences', lang],
    queryFn: () => request<{ list: NotificationPreference[] }>('/v1/notifications/preferences'),
    select: (d) => d.list,
  });
}

/** `PUT /v1/notifications/preferences`. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      request<{ list: NotificationPreference[] }>('/v1/notifications/preferences', { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, 'preferences'] }),
  });
}

/** `PUT /api/v1/user/language`: the language the user's mails are written in. */
export function recordLanguage(lang: Lang): Promise<null> {
  return request<null>('/api/v1/user/language', { method: 'PUT', body: { lang } });
}
