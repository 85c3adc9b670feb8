/**
 * Endpoints of testDevices (server: modules/test-devices/routes.ts).
 */

import { z } from 'zod';
import { testDevice, testDeviceBody, testDeviceIdParams, testDeviceList } from '../test-devices.ts';
import { defineEndpoint } from './define.ts';

export const testDevicesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/v1/test_devices',
    caller: 'session',
    data: testDeviceList,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/v1/test_devices',
    caller: 'session',
    body: testDeviceBody,
    data: testDevice,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/v1/test_devices/:id',
    caller: 'session',
    params: testDeviceIdParams,
    body: testDeviceBody,
    data: testDevice,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/v1/test_devices/:id',
    caller: 'session',
    params: testDeviceIdParams,
    data: z.null(),
  }),
};
