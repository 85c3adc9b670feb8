/**
 * Which reports a user may open (spec §6), one rule for the menu (modules/user/menu.ts) and for every
 * report endpoint (402 otherwise), so the two can never disagree:
 * - SDK and game centre: role 70 or 67 when cooperation_types has 1; anyone with a type-3 permission;
 * - Affiliate and New Affiliate: role 70 or 67 when cooperation_types has 4; anyone with type 5;
 * - RTB: role 70; role 67 when the organisation has RTB channels; anyone with type 4;
 * - App report: the companies of APP_REPORT_COMPANY_IDS (hasAppReport).
 * No organisation or a pending membership (status 3) sees none (endpoints answer 601 first).
 */
import { CooperationType, DataPermissionType, Role, UserStatus } from '@portal/contracts/constants.ts';
import type { ReportKind } from '@portal/contracts/reports-kinds.ts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, companyChannels } from '../../db/schema/organisations.ts';
import { dataPermissions } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { appReportAllowed } from './app-report.ts';

export type ReportAccessInput = {
  status: number;
  companyId: number | null;
  roles: number[];
  cooperationTypes: number[];
  dataPermissionTypes: number[];
  /** Data-permission types (4, 5) of the organisation's channels; optional for older callers. */
  companyChannelTypes?: number[];
  appReport: boolean;
};

/** The reports `input` may open; pure. */
export function permittedReports(input: ReportAccessInput): Record<ReportKind, boolean> {
  const none = { sdk: false, rtb: false, affiliate: false, game: false, gx: false };
  if (input.companyId === null || input.status === UserStatus.APPLICATION) return none;
  const ops = input.roles.includes(Role.OPS);
  const manager = ops || input.roles.includes(Role.ADMIN);
  const coop = new Set(input.cooperationTypes);
  const perms = new Set(input.dataPermissionTypes);
  const sdk = (manager && coop.has(CooperationType.SDK)) || perms.has(DataPermissionType.SDK);
  const affiliate =
    (manager && coop.has(CooperationType.AFFILIATE)) || perms.has(DataPermissionType.AFFILIATE);
  const rtb =
    ops ||
    (manager && (input.companyChannelTypes ?? []).includes(DataPermissionType.RTB)) ||
    perms.has(DataPermissionType.RTB);
  return { sdk, rtb, affiliate, game: sdk, gx: input.appReport };
}

type AccessUser = Pick<SessionUser, 'userId' | 'status' | 'companyId' | 'roles' | 'tokenHash'>;

/**
 * The access input of `user`: read from the accounts store, or reused from an earlier request of the
 * same session when nothing it depends on was written since (plugins/caller-cache.ts).
 */
export function loadReportAccess(app: FastifyInstance, user: AccessUser): Promise<ReportAccessInput> {
  return app.callerCache.get(user.tokenHash, 'report-access', () => readReportAccess(app, user));
}

/** Reads the access input of `user` from the accounts store (one query). */
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
  // One round trip: this runs before every report query (bench/RESULTS.md, API overhead).
  const [row] = await app.db
    .select({
      coop: companies.cooperation_types,
      name: companies.company_name,
      // Aliased subqueries with bound ids: drizzle leaves columns unqualified in a one-table select.
      permissionTypes: sql<number[] | null>`(select array_agg(distinct dp.type::int)
        from ${dataPermissions} dp where dp.user_id = ${user.userId})`,
      channelTypes: sql<number[] | null>`(select array_agg(distinct cc.type::int)
        from ${companyChannels} cc where cc.company_id = ${user.companyId})`,
    })
    .from(companies)
    .where(eq(companies.id, user.companyId))
    .limit(1);
  return {
    ...base,
    cooperationTypes: row?.coop ?? [],
    dataPermissionTypes: (row?.permissionTypes ?? []).map(Number),
    companyChannelTypes: (row?.channelTypes ?? []).map(Number),
    appReport: appReportAllowed(app.config, user.companyId, row?.name ?? null),
  };
}

/**
 * Throws AppError 601 without an organisation or while pending (api-contract §6), and 402 when
 * `kind` is not among the caller's reports (spec §8).
 */
export async function requireReport(app: FastifyInstance, user: AccessUser, kind: ReportKind): Promise<void> {
  if (!user.roles.includes(Role.OPS) && (user.companyId === null || user.status === UserStatus.APPLICATION)) {
    throw new AppError(601);
  }
  const access = permittedReports(await loadReportAccess(app, user));
  if (!access[kind]) throw new AppError(402);
}
