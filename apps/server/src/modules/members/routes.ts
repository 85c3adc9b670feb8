/**
 * User and role management routes of one organisation (contracts members.ts). Every route needs a
 * session of an active role-67 (or 70, own organisation only) member; targets must be users of the
 * same company (402 otherwise). Thin: the work is in members.ts, roles.ts and data-permissions.ts.
 */
import {
  dataPermissionBody,
  dataPermissionEditor,
  memberItem,
  membersData,
  membersQuery,
  roleCatalogue,
  userIdBody,
  userIdQuery,
  userRolesBody,
  userStatusBody,
} from '@portal/contracts/members.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/request-lang.ts';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { managedCompany } from './access.ts';
import { dataPermissionEditor as loadEditor, saveDataPermissions } from './data-permissions.ts';
import { changeStatus, deleteMember, listMembers } from './members.ts';
import { roleCatalogue as catalogue, setMemberRole } from './roles.ts';

export async function memberRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['users'], security: [{ token: [] }] };
  // Every route of this group needs a session (api-contract §1): authenticated once, here.
  declareCaller(app, 'session');

  app.get(
    '/v1/company/users',
    {
      schema: {
        ...common,
        summary: "The caller's organisation's users, paged (role 67/70)",
        querystring: membersQuery,
        response: { 200: answer(membersData) },
      },
    },
    async (request) => ok(request, await listMembers(app, currentUser(request), request.query)),
  );

  app.put(
    '/v1/company/users/status',
    {
      schema: {
        ...common,
        summary: 'Approve (3→1), inactivate (1→2) or reactivate (2→1) a member; else 10007',
        body: userStatusBody,
        response: { 200: answer(memberItem) },
      },
    },
    async (request) => ok(request, await changeStatus(app, currentUser(request), request.body)),
  );

  app.delete(
    '/v1/company/users',
    {
      schema: {
        ...common,
        summary: 'Delete a member (status -1, sessions revoked); not oneself (10007)',
        body: userIdBody,
        response: { 200: answer(z.null()) },
      },
    },
    async (request) => {
      await deleteMember(app, currentUser(request), request.body.user_id);
      return ok(request, null);
    },
  );

  app.get(
    '/v1/company/roles',
    {
      schema: {
        ...common,
        summary: 'Role catalogue: 70 shown but not assignable, 67 and 68 assignable',
        response: { 200: answer(roleCatalogue) },
      },
    },
    async (request) => {
      managedCompany(currentUser(request));
      return ok(request, catalogue(requestLang(request)));
    },
  );

  app.put(
    '/v1/company/users/roles',
    {
      schema: {
        ...common,
        summary: "Set an active member's role to [67] or [68]; keeps at least one active 67",
        body: userRolesBody,
        response: { 200: answer(memberItem) },
      },
    },
    async (request) => ok(request, await setMemberRole(app, currentUser(request), request.body)),
  );

  app.get(
    '/v1/company/users/data_permission',
    {
      schema: {
        ...common,
        summary: "A member's data permissions and the organisation's grantable options",
        querystring: userIdQuery,
        response: { 200: answer(dataPermissionEditor) },
      },
    },
    async (request) => ok(request, await loadEditor(app, currentUser(request), request.query.user_id)),
  );

  app.put(
    '/v1/company/users/data_permission',
    {
      schema: {
        ...common,
        summary: "Replace a member's data permissions (types 3, 4, 5) with options of its organisation",
        body: dataPermissionBody,
        response: { 200: answer(dataPermissionEditor) },
      },
    },
    async (request) =>
      ok(request, await saveDataPermissions(app, currentUser(request), request.body, requestLang(request))),
  );
}
