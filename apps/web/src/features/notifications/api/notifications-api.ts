/**
 * Notifications endpoints (contracts notifications.ts): the unread count (the bell polls it gently:
 * every minute while the page is visible, and again when the window regains focus), the list, marking
 * read, the preferences, and recording the UI language (mails are written in it).
 */
import type { Lang } from '@portal/contracts/codes.ts';
import { accountEndpoints } from '@portal/contracts/endpoints/account.ts';
import { notificationsEndpoints } from '@portal/contracts/endpoints/notifications.ts';
import type { NotificationListParams, NotificationPreferencesBody } from '@portal/contracts/notifications.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/call-endpoint.ts';
import { currentLang } from '@/lib/i18n.ts';
import { nextPaint } from '@/lib/use-after-paint.ts';

/** How often the bell asks for the unread count while the page is visible, ms. */
export const UNREAD_POLL_MS = 60_000;

const root = ['notifications'] as const;

/** `GET /v1/notifications/unread_count`. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: [...root, 'unread'],
    // the bell's badge: asked for once the page has been painted (nextPaint)
    queryFn: () => nextPaint().then(() => callEndpoint(notificationsEndpoints.unreadCount)),
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
      callEndpoint(notificationsEndpoints.list, {
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
    mutationFn: (id: number) => callEndpoint(notificationsEndpoints.read, { params: { id } }),
    onSuccess: refresh,
  });
}

/** `PUT /v1/notifications/read_all`. */
export function useMarkAllRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => callEndpoint(notificationsEndpoints.readAll),
    onSuccess: refresh,
  });
}

/** `GET /v1/notifications/preferences` (labels in the current language). */
export function usePreferences() {
  const lang = currentLang();
  return useQuery({
    queryKey: [...root, 'preferences', lang],
    queryFn: () => callEndpoint(notificationsEndpoints.preferences),
    select: (d) => d.list,
  });
}

/** `PUT /v1/notifications/preferences`. */
export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      callEndpoint(notificationsEndpoints.setPreferences, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, 'preferences'] }),
  });
}

/** `PUT /api/v1/user/language`: the language the user's mails are written in. */
export function recordLanguage(lang: Lang): Promise<null> {
  return callEndpoint(accountEndpoints.setLanguage, { body: { lang } });
}
