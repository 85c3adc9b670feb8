/**
 * Who reaches Payments (issue 23 item 7; contracts access.ts `canSeePayments`): an active admin of an
 * organisation or a member an admin granted "finance", for their own organisation only (the company
 * id always comes from the session); operations (70) through the /v1/ops/payments routes. API keys
 * never get here (the API key plugin answers 603 outside the report routes).
 */
import { canSeePayments } from '@portal/contracts/access.ts';
import { Role } from '@portal/contracts/constants.ts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { loadReportAccess } from '../permission/report-access.ts';

/** The caller's organisation when it may see Payments; AppError 601 (none / pending) or 402. */
export async function requirePayments(app: FastifyInstance, user: SessionUser): Promise<number> {
  if (user.roles.includes(Role.OPS)) throw new AppError(402);
  if (user.companyId === null || user.status !== 1) throw new AppError(601);
  const access = await loadReportAccess(app, user);
  if (!canSeePayments({ ...user, finance: access.finance === true })) throw new AppError(402);
  return user.companyId;
}

/** The caller's organisation when the caller is an active admin of it (profile, grants); else 402/601. */
export function requirePaymentAdmin(user: SessionUser): number {
  if (user.roles.includes(Role.OPS)) throw new AppError(402);
  if (user.companyId === null || user.status !== 1) throw new AppError(601);
  if (!user.roles.includes(Role.ADMIN)) throw new AppError(402);
  return user.companyId;
}

/** Operations staff only (402 otherwise); answers the actor's user id. */
export function requirePaymentOps(user: SessionUser): number {
  if (!user.roles.includes(Role.OPS)) throw new AppError(402);
  return user.userId;
}
