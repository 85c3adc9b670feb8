/**
 * Test device routes (issue 27 item 2; contracts test-devices.ts): the organisation admins' list,
 * add, edit and remove. The ad server's signed read lives with the other partner calls
 * (modules/external/routes.ts).
 */
import {
  testDevice,
  testDeviceBody,
  testDeviceIdParams,
  testDeviceList,
} from '@portal/contracts/test-devices.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import {
  addTestDevice,
  listTestDevices,
  removeTestDevice,
  testDeviceReach,
  updateTestDevice,
} from './test-device-service.ts';

export async function testDeviceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', app.authenticate);
  const common = { tags: ['test devices'], security: [{ token: [] }] };

  app.get(
    '/v1/test_devices',
    {
      schema: {
        ...common,
        summary: "The organisation's test devices (organisation admins)",
        response: { 200: answer(testDeviceList) },
      },
    },
    async (request) => {
      const reach = testDeviceReach(currentUser(request));
      return ok(request, { list: await listTestDevices(app.db, reach.companyId) });
    },
  );

  app.post(
    '/v1/test_devices',
    {
      schema: {
        ...common,
        summary: 'Add a test device (GAID or IDFA); 10150 when the ID is already listed',
        body: testDeviceBody,
        response: { 200: answer(testDevice) },
      },
    },
    async (request) => {
      const reach = testDeviceReach(currentUser(request));
      return ok(request, await addTestDevice(app.db, reach, request.body, requestLang(request), app.now()));
    },
  );

  app.put(
    '/v1/test_devices/:id',
    {
      schema: {
        ...common,
        summary: 'Edit a test device of the organisation',
        params: testDeviceIdParams,
        body: testDeviceBody,
        response: { 200: answer(testDevice) },
      },
    },
    async (request) => {
      const reach = testDeviceReach(currentUser(request));
      return ok(
        request,
        await updateTestDevice(
          app.db,
          reach,
          request.params.id,
          request.body,
          requestLang(request),
          app.now(),
        ),
      );
    },
  );

  app.delete(
    '/v1/test_devices/:id',
    {
      schema: {
        ...common,
        summary: 'Remove a test device of the organisation',
        params: testDeviceIdParams,
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      const reach = testDeviceReach(currentUser(request));
      await removeTestDevice(app.db, reach, request.params.id, app.now());
      return ok(request, null);
    },
  );
}
