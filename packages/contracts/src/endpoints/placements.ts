/**
 * Endpoints of placements (server: modules/placements/routes.ts).
 */

import { z } from 'zod';
import { existData, statusBody } from '../apps.ts';
import { integrationData, integrationQuery } from '../integration.ts';
import {
  adStyleInfo,
  placementCreateBody,
  placementDeleteBody,
  placementItem,
  placementListData,
  placementListQuery,
  placementNameExistQuery,
  placementTypeQuery,
  placementUpdateBody,
} from '../placements.ts';
import { defineEndpoint } from './define.ts';

export const placementsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/adpos',
    caller: 'session',
    query: placementListQuery,
    data: placementListData,
  }),
  nameExists: defineEndpoint({
    method: 'GET',
    path: '/v1/adpos/name_exist',
    caller: 'session',
    query: placementNameExistQuery,
    data: existData,
  }),
  types: defineEndpoint({
    method: 'GET',
    path: '/v1/adpos/type',
    caller: 'session',
    query: placementTypeQuery,
    data: z.array(adStyleInfo),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/adpos',
    caller: 'session',
    body: placementCreateBody,
    data: placementItem,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/v1/adpos',
    caller: 'session',
    body: placementUpdateBody,
    data: placementItem,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/v1/adpos',
    caller: 'session',
    body: placementDeleteBody,
    data: z.null(),
  }),
  setStatus: defineEndpoint({
    method: 'PUT',
    path: '/v1/adpos/status',
    caller: 'session',
    body: statusBody,
    data: placementItem,
  }),
  integration: defineEndpoint({
    method: 'GET',
    path: '/v1/adpos/integration',
    caller: 'session',
    query: integrationQuery,
    data: integrationData,
  }),
};
