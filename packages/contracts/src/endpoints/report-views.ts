/**
 * Endpoints of reportViews (server: modules/report-schedules/routes.ts, modules/saved-views/routes.ts).
 */

import { z } from 'zod';
import {
  idParams,
  recipientList,
  reportSchedule,
  reportScheduleBody,
  reportScheduleList,
  savedView,
  savedViewBody,
  savedViewList,
  savedViewListQuery,
  unsubscribeQuery,
} from '../report-views.ts';
import { defineEndpoint } from './define.ts';

export const reportViewsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/report/views',
    caller: 'session',
    query: savedViewListQuery,
    data: savedViewList,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/report/views',
    caller: 'session',
    body: savedViewBody,
    data: savedView,
  }),
  /**
   * Update and remove refuse with 10033 and `data: { schedules: n }` (other members' schedules that
   * use the view) a change that would take a shared view from them (delete, private, another kind).
   */
  update: defineEndpoint({
    method: 'PUT',
    path: '/v1/report/views/:id',
    caller: 'session',
    params: idParams,
    body: savedViewBody,
    data: savedView,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/v1/report/views/:id',
    caller: 'session',
    params: idParams,
    data: z.null(),
  }),
  schedules: defineEndpoint({
    method: 'GET',
    path: '/v1/report/schedules',
    caller: 'session',
    data: reportScheduleList,
  }),
  recipients: defineEndpoint({
    method: 'GET',
    path: '/v1/report/schedules/recipients',
    caller: 'session',
    data: recipientList,
  }),
  createSchedule: defineEndpoint({
    method: 'POST',
    path: '/v1/report/schedules',
    caller: 'session',
    body: reportScheduleBody,
    data: reportSchedule,
  }),
  updateSchedule: defineEndpoint({
    method: 'PUT',
    path: '/v1/report/schedules/:id',
    caller: 'session',
    params: idParams,
    body: reportScheduleBody,
    data: reportSchedule,
  }),
  sendScheduleNow: defineEndpoint({
    method: 'POST',
    path: '/v1/report/schedules/:id/send_now',
    caller: 'session',
    params: idParams,
    data: reportSchedule,
  }),
  removeSchedule: defineEndpoint({
    method: 'DELETE',
    path: '/v1/report/schedules/:id',
    caller: 'session',
    params: idParams,
    data: z.null(),
  }),
  unsubscribePage: defineEndpoint({
    method: 'GET',
    path: '/v1/report/unsubscribe',
    caller: 'public',
    query: unsubscribeQuery,
    answer: 'html',
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/v1/report/unsubscribe',
    caller: 'public',
    query: unsubscribeQuery,
    answer: 'html',
  }),
};
