/**
 * User routes (spec §7 Account): `GET /api/v1/user/user_info` (code 200, `data` = [user info]) and
 * `GET /api/v1/user/menu` (the caller's menu tree). Both need a session.
 */
import { menuItem, userInfo } from '@portal/contracts/passport.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { requestLang } from '../../plugins/error-handler.ts';
import { currentUser } from '../../plugins/session.ts';
import { loadReportAccess } from '../permission/report-access.ts';
import { buildMenu } from './menu.ts';
import { hasAppReport, loadUserInfo } from './user-info.ts';

export async function userRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/user/user_info',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user (answers code 200, data[0])',
        security: [{ token: [] }],
        response: { 200: answer(z.array(userInfo)) },
      },
    },
    async (request) => {
      const info = await loadUserInfo(app, currentUser(request), requestLang(request));
      return ok(request, [info], 200);
    },
  );

  app.get(
    '/api/v1/user/menu',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: "The signed-in user's menu tree",
        security: [{ token: [] }],
        response: { 200: answer(z.array(menuItem)) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const info = await loadUserInfo(app, user, requestLang(request));
      const menu = buildMenu({
        status: info.status,
        companyId: info.company_id,
        roles: user.roles,
        cooperationTypes: info.cooperation_types,
        dataPermissionTypes: info.data_permission.map((p) => p.permission_info.type),
        companyChannelTypes: (await loadReportAccess(app, user)).companyChannelTypes,
        appReport: await hasAppReport(app, info.company_id),
      });
      return ok(request, menu);
    },
  );
}
