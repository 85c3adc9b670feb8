/**
 * Endpoints of notifications (server: modules/notifications/routes.ts).
 */

import { z } from 'zod';
import {
  notificationIdParams,
  notificationListData,
  notificationListQuery,
  notificationPreferences,
  notificationPreferencesBody,
  readAllData,
  unreadCount,
} from '../notifications.ts';
import { defineEndpoint } from './define.ts';

export const notificationsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/notifications',
    caller: 'session',
    query: notificationListQuery,
    data: notificationListData,
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/v1/notifications/unread_count',
    caller: 'session',
    data: unreadCount,
  }),
  readAll: defineEndpoint({
    method: 'PUT',
    path: '/v1/notifications/read_all',
    caller: 'session',
    data: readAllData,
  }),
  read: defineEndpoint({
    method: 'PUT',
    path: '/v1/notifications/:id/read',
    caller: 'session',
    params: notificationIdParams,
    data: z.null(),
  }),
  preferences: defineEndpoint({
    method: 'GET',
    path: '/v1/notifications/preferences',
    caller: 'session',
    data: notificationPreferences,
  }),
  setPreferences: defineEndpoint({
    method: 'PUT',
    path: '/v1/notifications/preferences',
    caller: 'session',
    body: notificationPreferencesBody,
    data: notificationPreferences,
  }),
};
