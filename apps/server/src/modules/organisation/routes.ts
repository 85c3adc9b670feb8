/**
 * Organise routes (spec §2 Organize, §4, §7; api-contract §3, §6): company signup, account signup,
 * bind_account and add_opt_permission. Each needs a session and a signed JSON body (10003 on a bad
 * sign or stale timestamp). Thin: the work is in organise.ts and opt-permission.ts.
 */
import { endpoints } from '@portal/contracts/endpoints.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { route } from '../../lib/endpoint-route.ts';
import { ok } from '../../lib/route-schema.ts';
import { currentUser } from '../../plugins/session.ts';
import { captureSignedFields, verifySignedBody } from '../account/signed-route.ts';
import { addOptPermission } from './opt-permission.ts';
import { bindAccount, signupAccount, signupCompany } from './organise.ts';

export async function organisationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const guarded = {
    preValidation: captureSignedFields,
    preHandler: verifySignedBody(app),
  };
  const common = { tags: ['organisation'] };

  route(
    app,
    endpoints.organisation.companySignup,
    { ...guarded, ...common, summary: 'Create a company (signed); the caller becomes its creator' },
    async (request) => ok(request, await signupCompany(app, currentUser(request), request.body)),
  );

  route(
    app,
    endpoints.organisation.accountSignup,
    { ...guarded, ...common, summary: 'Create an account under a company the caller created (signed)' },
    async (request) => ok(request, await signupAccount(app, currentUser(request), request.body)),
  );

  route(
    app,
    endpoints.organisation.bindAccount,
    {
      ...guarded,
      ...common,
      summary: 'Join an account (signed): first joiner = creator (67), later joiners apply (status 3, 68)',
    },
    async (request) => ok(request, await bindAccount(app, currentUser(request), request.body)),
  );

  route(
    app,
    endpoints.organisation.addOptPermission,
    {
      ...guarded,
      ...common,
      summary: 'Confirm a role the server rules allow (signed); anything else answers 402',
    },
    async (request) => ok(request, await addOptPermission(app, currentUser(request), request.body)),
  );
}
