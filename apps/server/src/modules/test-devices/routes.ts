/**
 * Test device routes (issue 27 item 2; contracts test-devices.ts): the organisation admins' list,
 * add, edit and remove. The ad server's signed read lives with the other partner calls
 * (modules/external/routes.ts).
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
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
  const common = { tags: ['test devices'] };

  route(
    app,
    endpoints.testDevices.list,
    { ...common, summary: "The organisation's test devices (organisation admins)" },
    async (request) => {
      const reach = testDeviceReach(currentUser(request));
      return ok(request, { list: await listTestDevices(app.db, reach.companyId) });
    },
  );

  route(
    app,
    endpoints.testDevices.create,
    { ...common, summary: 'Add a test device (GAID or IDFA); 10150 when the ID is already listed' },
    async (request) => {
      const reach = testDeviceReach(currentUser(request));
      return ok(request, await addTestDevice(app.db, reach, request.body, requestLang(request), app.now()));
    },
  );

  route(
    app,
    endpoints.testDevices.update,
    { ...common, summary: 'Edit a test device of the organisation' },
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

  route(
    app,
    endpoints.testDevices.remove,
    { ...common, summary: 'Remove a test device of the organisation' },
    async (request) => {
      const reach = testDeviceReach(currentUser(request));
      await removeTestDevice(app.db, reach, request.params.id, app.now());
      return ok(request, null);
    },
  );
}
