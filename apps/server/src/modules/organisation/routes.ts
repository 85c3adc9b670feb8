/**
 * Organise routes (spec §2 Organize, §4, §7; api-contract §3, §6): company signup, account signup,
 * bind_account and add_opt_permission. Each needs a session and a signed JSON body (10003 on a bad
 * sign or stale timestamp). Thin: the work is in organise.ts and opt-permission.ts.
 */
import {
  accountSignupBody,
  accountSignupData,
  addOptPermissionBody,
  addOptPermissionData,
  bindAccountBody,
  bindAccountData,
  companySignupBody,
  companySignupData,
} from '@portal/contracts/organisation.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, ok } from '../../lib/route-schema.ts';
import { declareCaller } from '../../plugins/route-callers.ts';
import { currentUser } from '../../plugins/session.ts';
import { captureSignedFields, verifySignedBody } from '../account/signed-route.ts';
import { addOptPermission } from './opt-permission.ts';
import { bindAccount, signupAccount, signupCompany } from './organise.ts';

export async function organisationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Every route of this group needs a session (api-contract §1): authenticated once, here, so it
  // runs before each route's own sign check.
  declareCaller(app, 'session');
  const guarded = {
    preValidation: captureSignedFields,
    preHandler: verifySignedBody(app),
  };
  const common = { tags: ['organisation'], security: [{ token: [] }] };

  app.post(
    '/v1/passport/company/signup',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Create a company (signed); the caller becomes its creator',
        body: companySignupBody,
        response: { 200: answer(companySignupData) },
      },
    },
    async (request) => ok(request, await signupCompany(app, currentUser(request), request.body)),
  );

  app.post(
    '/v1/passport/account/signup',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Create an account under a company the caller created (signed)',
        body: accountSignupBody,
        response: { 200: answer(accountSignupData) },
      },
    },
    async (request) => ok(request, await signupAccount(app, currentUser(request), request.body)),
  );

  app.post(
    '/v1/passport/user/bind_account',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Join an account (signed): first joiner = creator (67), later joiners apply (status 3, 68)',
        body: bindAccountBody,
        response: { 200: answer(bindAccountData) },
      },
    },
    async (request) => ok(request, await bindAccount(app, currentUser(request), request.body)),
  );

  app.post(
    '/v1/permission/user/add_opt_permission',
    {
      ...guarded,
      schema: {
        ...common,
        summary: 'Confirm a role the server rules allow (signed); anything else answers 402',
        body: addOptPermissionBody,
        response: { 200: answer(addOptPermissionData) },
      },
    },
    async (request) => ok(request, await addOptPermission(app, currentUser(request), request.body)),
  );
}
