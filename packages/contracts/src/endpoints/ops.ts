/**
 * Endpoints of ops (server: modules/admin/import-routes.ts, modules/ops/routes.ts).
 */

import { z } from 'zod';
import {
  companyListQuery,
  profitCenter,
  publisherCompany,
  reviewQueue,
  todoListData,
  todoListQuery,
} from '../apps.ts';
import { importQuery, importResult } from '../facts-import.ts';
import { defineEndpoint } from './define.ts';

export const opsEndpoints = {
  companies: defineEndpoint({
    method: 'GET',
    path: '/v1/ops/company/list',
    caller: 'session',
    query: companyListQuery,
    data: z.array(publisherCompany),
  }),
  profitCenters: defineEndpoint({
    method: 'GET',
    path: '/v1/ops/profit_center',
    caller: 'session',
    data: z.array(profitCenter),
  }),
  review: defineEndpoint({
    method: 'GET',
    path: '/v1/ops/review',
    caller: 'session',
    data: reviewQueue,
  }),
  todo: defineEndpoint({
    method: 'GET',
    path: '/v1/ops/todo',
    caller: 'session',
    query: todoListQuery,
    data: todoListData,
  }),
  importFacts: defineEndpoint({
    method: 'POST',
    path: '/internal/import',
    caller: 'operations',
    query: importQuery,
    data: importResult,
  }),
};
