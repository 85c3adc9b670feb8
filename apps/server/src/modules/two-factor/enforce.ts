/**
 * "The organisation requires two-factor" (issue 16 §2): a signed-in member of such an organisation
 * without two-factor answers 10031 on every authenticated route except what enrolling needs (user
 * info and menu, the two-factor routes, logout). Read through the caller cache (user_two_factor and
 * company_security are caller tables, so enabling it or changing the policy applies at once).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { companyRequires, hasTwoFactor } from './two-factor-service.ts';

/** Paths a user who must enrol may still call. */
const ALLOWED = [
  '/api/v1/user/user_info',
  '/api/v1/user/menu',
  '/v1/passport/user/logout',
  '/v1/account/two_factor',
];

/** Throws 10031 when `request.user` must enrol first and the route is not one enrolling needs. */
export async function enforceTwoFactorEnrolment(app: FastifyInstance, request: FastifyRequest) {
  const user = request.user;
  if (!user || user.companyId === null) return;
  const path = request.url.split('?')[0] ?? '';
  if (ALLOWED.some((p) => path === p || path.startsWith(`${p}/`))) return;
  const companyId = user.companyId;
  // Read with the session in its one statement (plugins/session-store.ts), else from the store.
  const mustEnrol = user.grants
    ? user.grants.requireTwoFactor && !user.grants.hasTwoFactor
    : await app.callerCache.get(user.tokenHash, 'must_enrol_2fa', async () => {
        if (!(await companyRequires(app.db, companyId))) return false;
        return !(await hasTwoFactor(app.db, user.userId));
      });
  if (mustEnrol) throw new AppError(10031);
}
