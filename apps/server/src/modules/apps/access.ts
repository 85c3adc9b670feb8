/**
 * Who may manage apps and ad slots (issue 4 §7): an active member of an organisation (601 without one
 * or while the membership is pending) holding role 67 (its own organisation) or 70 (network
 * operations: every organisation); anyone else answers 402. Company ids come from the session,
 * never from the client (except operations naming the publisher of a new app).
 */
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';

/** The caller's reach: `companyId` null for operations (every company). */
export type Manager = { userId: number; isOps: boolean; companyId: number | null };

/** The caller as a manager of apps, or AppError 601 / 402. */
export function requireManager(user: SessionUser): Manager {
  if (user.roles.includes(Role.OPS)) return { userId: user.userId, isOps: true, companyId: null };
  if (user.companyId === null || user.status === UserStatus.APPLICATION) throw new AppError(601);
  if (!user.roles.includes(Role.ADMIN)) throw new AppError(402);
  return { userId: user.userId, isOps: false, companyId: user.companyId };
}

/** Operations staff only (402 otherwise). */
export function requireOps(user: SessionUser): Manager {
  if (!user.roles.includes(Role.OPS)) throw new AppError(402);
  return { userId: user.userId, isOps: true, companyId: null };
}

/**
 * Throws 402 unless `row` exists and belongs to the manager's company. A missing row answers 402 too
 * for publishers (so ids of other organisations cannot be probed) and 10008 for operations.
 */
export function assertOwned<T extends { company_id: number }>(m: Manager, row: T | undefined): T {
  if (!row) throw new AppError(m.isOps ? 10008 : 402);
  if (!m.isOps && row.company_id !== m.companyId) throw new AppError(402);
  return row;
}
