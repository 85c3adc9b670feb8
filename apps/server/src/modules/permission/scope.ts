/**
 * Report scope (spec §6, api-contract §8): which SDK app keys the caller may see, computed from the
 * grants the session statement read (plugins/session-store.ts), kept until something they come from is
 * written (plugins/caller-cache.ts), so a changed role or data permission applies on the next request.
 *
 * - role 70 (network operations): every app key;
 * - role 67 (organisation super admin): every app key of its company;
 * - role 68 (member) or no role: its data permissions of type 3 (rule = app key) ∩ its company's keys;
 * - no company, or membership pending (user status 3): AppError 601 (api-contract §6).
 *
 * Requested keys are intersected with the scope, never rejected: another organisation's key simply
 * yields no rows, so a caller cannot probe which keys exist.
 */
import { AuditStatus, DataPermissionType, Role, UserStatus } from '@portal/contracts/constants.ts';
import { and, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { apps } from '../../db/schema/inventory.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { type CallerGrants, readCallerUser } from '../../plugins/session-store.ts';

/** `all`: no restriction; otherwise the visible keys (possibly none). */
export type AppKeyScope = { all: true } | { all: false; appKeys: string[] };

type ScopeUser = Pick<SessionUser, 'userId' | 'status' | 'companyId' | 'roles' | 'grants'>;

/**
 * The caller's grants: those the session statement read (plugins/session-store.ts), else read now in
 * one statement (a caller built without them, e.g. in a test).
 */
export async function grantsOf(db: Db, user: Pick<SessionUser, 'userId' | 'grants'>): Promise<CallerGrants> {
  if (user.grants) return user.grants;
  const found = await readCallerUser(db, user.userId);
  return found?.grants ?? NO_GRANTS;
}

const NO_GRANTS: CallerGrants = {
  company: null,
  companyAppKeys: [],
  companyChannels: [],
  permissions: [],
  requireTwoFactor: false,
  hasTwoFactor: false,
};

/** The caller's SDK app-key scope. Throws AppError 601 without a company or while pending. */
export async function sdkAppKeyScope(db: Db, user: ScopeUser): Promise<AppKeyScope> {
  if (user.roles.includes(Role.OPS)) return { all: true };
  if (user.companyId === null || user.status === UserStatus.APPLICATION) throw new AppError(601);
  return sdkScopeOf(user, await grantsOf(db, user));
}

/** `sdkAppKeyScope` from grants already read (a seated caller who is not operations staff). */
function sdkScopeOf(user: ScopeUser, grants: CallerGrants): AppKeyScope {
  const companyKeys = grants.companyAppKeys;
  if (user.roles.includes(Role.ADMIN)) return { all: false, appKeys: companyKeys };
  const granted = grants.permissions.filter((p) => p.type === DataPermissionType.SDK).map((p) => p.rule);
  const own = new Set(companyKeys);
  return { all: false, appKeys: [...new Set(granted)].filter((k) => own.has(k)) };
}

/**
 * The SDK scope of the signed-in caller: `sdkAppKeyScope`, reused from an earlier request of the same
 * session until something it depends on is written (plugins/caller-cache.ts). Throws like it.
 */
export function callerSdkScope(app: FastifyInstance, user: SessionUser): Promise<AppKeyScope> {
  return app.callerCache.get(user.tokenHash, 'sdk-scope', () => sdkAppKeyScope(app.db, user));
}

/**
 * The keys a query may read: `requested` (null = none asked) ∩ scope. Returns null for "no
 * restriction" (operations staff asking for everything) and [] when nothing is visible.
 */
export function scopedAppKeys(scope: AppKeyScope, requested: string[] | null): string[] | null {
  if (scope.all) return requested;
  if (requested === null) return scope.appKeys;
  const visible = new Set(scope.appKeys);
  return [...new Set(requested)].filter((k) => visible.has(k));
}

export type VisibleApp = { app_key: string; app_name: string; package_name: string };

/** The caller's visible SDK apps that are not deleted, by name (channel options of `/v1/user/channels`). */
export async function visibleSdkApps(db: Db, scope: AppKeyScope): Promise<VisibleApp[]> {
  if (!scope.all && scope.appKeys.length === 0) return [];
  const notDeleted = ne(apps.audit_status, AuditStatus.DELETED);
  const rows = await db
    .select({ app_key: apps.app_key, app_name: apps.app_name, package_name: apps.package_name })
    .from(apps)
    .where(scope.all ? notDeleted : and(notDeleted, inArray(apps.app_key, scope.appKeys)))
    .orderBy(apps.app_name, apps.app_key);
  return rows;
}

/**
 * app_key → app_name (null: no such app) covering `appKeys`, for labelling report rows: names already
 * read are reused until an app is written (plugins/caller-cache.ts), the rest read in one query. Keys
 * come from scoped report rows, so a caller only ever learns the names of keys it may see.
 */
export async function cachedAppNames(
  app: FastifyInstance,
  appKeys: Iterable<string>,
): Promise<Map<string, string | null>> {
  const known = await app.callerCache.shared('app-names', async () => new Map<string, string | null>());
  const missing = [...new Set(appKeys)].filter((k) => !known.has(k));
  if (missing.length) {
    const names = await appNames(app.db, missing);
    for (const k of missing) known.set(k, names.get(k) ?? null);
  }
  return known;
}

/** app_key → app_name for the given keys (any status), for labelling report rows. */
export async function appNames(db: Db, appKeys: string[]): Promise<Map<string, string>> {
  if (appKeys.length === 0) return new Map();
  const rows = await db
    .select({ app_key: apps.app_key, app_name: apps.app_name })
    .from(apps)
    .where(inArray(apps.app_key, [...new Set(appKeys)]));
  return new Map(rows.map((r) => [r.app_key, r.app_name]));
}

/** `all`: no restriction; otherwise the visible RTB or affiliate channel names (possibly none). */
export type ChannelScope = { all: true } | { all: false; channels: string[] };

/**
 * The caller's channels of `type` (4 RTB, 5 affiliate; spec §6): role 70 every channel; role 67 its
 * organisation's channels of that type; others their data permissions of that type within the
 * organisation's channels. Throws AppError 601 without a company or while pending.
 */
export async function channelScope(db: Db, user: ScopeUser, type: 4 | 5): Promise<ChannelScope> {
  if (user.roles.includes(Role.OPS)) return { all: true };
  if (user.companyId === null || user.status === UserStatus.APPLICATION) throw new AppError(601);
  const grants = await grantsOf(db, user);
  // Ordered by name in the statement, as the editor lists them.
  const own = grants.companyChannels.filter((c) => c.type === type).map((c) => c.name);
  if (user.roles.includes(Role.ADMIN)) return { all: false, channels: own };
  const mine = new Set(grants.permissions.filter((p) => p.type === type).map((p) => p.rule));
  return { all: false, channels: own.filter((c) => mine.has(c)) };
}

/** The signed-in caller's channels of `type` (`channelScope`), cached like `callerSdkScope`. */
export function callerChannelScope(
  app: FastifyInstance,
  user: SessionUser,
  type: 4 | 5,
): Promise<ChannelScope> {
  return app.callerCache.get(user.tokenHash, `channel-scope:${type}`, () => channelScope(app.db, user, type));
}

/** Requested channels (null = none asked) ∩ scope; null means no restriction, [] nothing visible. */
export function scopedChannels(scope: ChannelScope, requested: string[] | null): string[] | null {
  return scopedAppKeys(scope.all ? scope : { all: false, appKeys: scope.channels }, requested);
}
