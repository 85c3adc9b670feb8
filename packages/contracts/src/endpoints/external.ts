/**
 * Endpoints of external (server: modules/external/routes.ts, modules/payments/external-routes.ts).
 */

import { z } from 'zod';
import { profitCenter, publisherCompany } from '../apps.ts';
import {
  dueStatement,
  externalCompanyQuery,
  externalPayoutsBody,
  externalTestDevicesSignedQuery,
  payoutsRecorded,
  profitCenterNotice,
  signedQuery,
} from '../external.ts';
import { externalTestDevices } from '../test-devices.ts';
import { defineEndpoint } from './define.ts';

export const externalEndpoints = {
  profitCenters: defineEndpoint({
    method: 'GET',
    path: '/external_api/profit_center',
    caller: 'external',
    query: signedQuery,
    data: z.array(profitCenter),
  }),
  profitCenterNotice: defineEndpoint({
    method: 'POST',
    path: '/external_api/profit_center/notice',
    caller: 'external',
    body: profitCenterNotice,
    data: z.null(),
  }),
  companies: defineEndpoint({
    method: 'GET',
    path: '/external_api/company/list',
    caller: 'external',
    query: externalCompanyQuery,
    data: z.array(publisherCompany),
  }),
  testDevices: defineEndpoint({
    method: 'GET',
    path: '/external_api/test_devices',
    caller: 'external',
    query: externalTestDevicesSignedQuery,
    data: externalTestDevices,
  }),
  dueStatements: defineEndpoint({
    method: 'GET',
    path: '/external_api/payments/statements',
    caller: 'external',
    query: signedQuery,
    data: z.array(dueStatement),
  }),
  payouts: defineEndpoint({
    method: 'POST',
    path: '/external_api/payments/payouts',
    caller: 'external',
    body: externalPayoutsBody,
    data: payoutsRecorded,
  }),
};
