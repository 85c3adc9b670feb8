/**
 * Report access on the server (spec §6): the rules themselves are contracts access.ts
 * (`permittedReports`, shared with the menu and the web); this module loads their input for a session
 * and guards every report endpoint with them (402 outside them, 601 without an organisation or while
 * pending). The organisation's channel types and the APP report flag are known here, not on the web.
 */
import { type AccessCaller, permittedReports as grantedReports, isSeated } from '@portal/contracts/access.ts';
import { Role } from '@portal/contracts/constants.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { appReportAllowed } from './app-report.ts';
import { grantsOf } from './scope.ts';

/** The access input of one session user as the server loads it (cached per session). */
export type ReportAccessInput = {
  status: number;
  companyId: number | null;
  roles: number[];
  cooperationTypes: number[];
  dataPermissionTypes: number[];
  /** Data-permission types (4, 5) of the organisation's channels; optional for older callers (none). */
  companyChannelTypes?: number[];
  appReport: boolean;
};

/** `input` as the shared rules' caller: the server knows every input, so none is unknown. */
export function accessCaller(input: ReportAccessInput): AccessCaller {
  return { ...input, companyChannelTypes: input.companyChannelTypes ?? [] };
}

/** The reports `input` may open; pure (contracts access.ts `permittedReports`). */
export function permittedReports(input: ReportAccessInput): Record<ReportKind, boolean> {
  return grantedReports(accessCaller(input));
}

type AccessUser = Pick<SessionUser, 'userId' | 'status' | 'companyId' | 'roles' | 'tokenHash' | 'grants'>;

/**
 * The access input of `user`: read from the accounts store, or reused from an earlier request of the
 * same session when nothing it depends on was written since (plugins/caller-cache.ts).
 */
export function loadReportAccess(app: FastifyInstance, user: AccessUser): Promise<ReportAccessInput> {
  return app.callerCache.get(user.tokenHash, 'report-access', () => readReportAccess(app, user));
}

/** The access input of `user` from its grants (read with the session: plugins/session-store.ts). */
async function readReportAccess(app: FastifyInstance, user: AccessUser): Promise<ReportAccessInput> {
  const base = {
    status: user.status,
    companyId: user.companyId,
    roles: user.roles,
    cooperationTypes: [] as number[],
    dataPermissionTypes: [] as number[],
    companyChannelTypes: [] as number[],
    appReport: false,
  };
  if (user.companyId === null) return base;
  const grants = await grantsOf(app.db, user);
  const distinct = (types: number[]) => [...new Set(types)].sort((x, y) => x - y);
  return {
    ...base,
    cooperationTypes: grants.company?.cooperationTypes ?? [],
    dataPermissionTypes: distinct(grants.permissions.map((p) => p.type)),
    companyChannelTypes: distinct(grants.companyChannels.map((c) => c.type)),
    appReport: appReportAllowed(app.config, user.companyId, grants.company?.name ?? null),
  };
}

/**
 * Throws AppError 601 without an organisation or while pending (api-contract §6), and 402 when
 * `kind` is not among the caller's reports (spec §8).
 */
export async function requireReport(app: FastifyInstance, user: AccessUser, kind: ReportKind): Promise<void> {
  if (!user.roles.includes(Role.OPS) && !isSeated(user)) throw new AppError(601);
  const access = permittedReports(await loadReportAccess(app, user));
  if (!access[kind]) throw new AppError(402);
}
