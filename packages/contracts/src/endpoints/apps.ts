/**
 * Endpoints of apps (server: modules/apps/routes.ts).
 */

import { z } from 'zod';
import {
  appCreateBody,
  appDeleteBody,
  appItem,
  appListData,
  appListQuery,
  appOption,
  appUpdateBody,
  existData,
  nameExistQuery,
  pkgExistQuery,
  statusBody,
  urlValidData,
  urlValidQuery,
} from '../apps.ts';
import { defineEndpoint } from './define.ts';

export const appsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/app',
    caller: 'session',
    query: appListQuery,
    data: appListData,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/v1/app/list',
    caller: 'session',
    data: z.array(appOption),
  }),
  nameExists: defineEndpoint({
    method: 'GET',
    path: '/v1/app/channel_name_exist',
    caller: 'session',
    query: nameExistQuery,
    data: existData,
  }),
  packageExists: defineEndpoint({
    method: 'GET',
    path: '/v1/app/pkg_exist',
    caller: 'session',
    query: pkgExistQuery,
    data: existData,
  }),
  urlValid: defineEndpoint({
    method: 'GET',
    path: '/v1/app/urlvalid',
    caller: 'session',
    query: urlValidQuery,
    data: urlValidData,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/app',
    caller: 'session',
    body: appCreateBody,
    data: appItem,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/v1/app',
    caller: 'session',
    body: appUpdateBody,
    data: appItem,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/v1/app',
    caller: 'session',
    body: appDeleteBody,
    data: z.null(),
  }),
  setStatus: defineEndpoint({
    method: 'PUT',
    path: '/v1/app/status',
    caller: 'session',
    body: statusBody,
    data: appItem,
  }),
};
