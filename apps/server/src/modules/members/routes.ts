/**
 * User and role management routes of one organisation (contracts members.ts). Every route needs a
 * session of an active role-67 (or 70, own organisation only) member; targets must be users of the
 * same company (402 otherwise). Thin: the work is in members.ts, roles.ts and data-permissions.ts.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { managedCompany } from './access.ts';
import { dataPermissionEditor as loadEditor, saveDataPermissions } from './data-permissions.ts';
import { changeStatus, deleteMember, listMembers } from './members.ts';
import { roleCatalogue as catalogue, setMemberRole } from './roles.ts';

export async function memberRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['users'] };

  route(
    app,
    endpoints.members.list,
    { ...common, summary: "The caller's organisation's users, paged (role 67/70)" },
    async (request) => ok(request, await listMembers(app, currentUser(request), request.query)),
  );

  route(
    app,
    endpoints.members.setStatus,
    { ...common, summary: 'Approve (3→1), inactivate (1→2) or reactivate (2→1) a member; else 10007' },
    async (request) => ok(request, await changeStatus(app, currentUser(request), request.body)),
  );

  route(
    app,
    endpoints.members.remove,
    { ...common, summary: 'Delete a member (status -1, sessions revoked); not oneself (10007)' },
    async (request) => {
      await deleteMember(app, currentUser(request), request.body.user_id);
      return ok(request, null);
    },
  );

  route(
    app,
    endpoints.members.roles,
    { ...common, summary: 'Role catalogue: 70 shown but not assignable, 67 and 68 assignable' },
    async (request) => {
      managedCompany(currentUser(request));
      return ok(request, catalogue(requestLang(request)));
    },
  );

  route(
    app,
    endpoints.members.setRoles,
    { ...common, summary: "Set an active member's role to [67] or [68]; keeps at least one active 67" },
    async (request) => ok(request, await setMemberRole(app, currentUser(request), request.body)),
  );

  route(
    app,
    endpoints.members.dataPermission,
    { ...common, summary: "A member's data permissions and the organisation's grantable options" },
    async (request) => ok(request, await loadEditor(app, currentUser(request), request.query.user_id)),
  );

  route(
    app,
    endpoints.members.setDataPermission,
    {
      ...common,
      summary: "Replace a member's data permissions (types 3, 4, 5) with options of its organisation",
    },
    async (request) =>
      ok(request, await saveDataPermissions(app, currentUser(request), request.body, requestLang(request))),
  );
}
