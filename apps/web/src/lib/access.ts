/**
 * What a signed-in user may open on the web (spec §2, §6), derived from the route table
 * (lib/route-table.ts) and the shared rules (contracts access.ts). The server's menu tree
 * (GET /api/v1/user/menu) is the truth for the `menu` routes: only the server knows the organisation's
 * channel types and its APP report flag. When that menu is unavailable the same `accessMenu` runs over
 * the cached user_info, without those two inputs (see contracts access.ts). Pure: no React, so the
 * server's tests can feed it the server's answers (modules/account/access-parity.test.ts).
 */
import { type AccessCaller, accessMenu, callerFromUserInfo, menuPaths } from '@portal/contracts/access.ts';
import type { MenuItem, UserInfo } from '@portal/contracts/account.ts';
import { UserStatus } from '@portal/contracts/constants.ts';
import { type NavGroup, navParents, type RouteAccess, routeTable } from './route-table.ts';

/** Every path of a menu tree, depth first. */
export function flattenMenu(menu: MenuItem[]): string[] {
  return menuPaths(menu);
}

/** A signed-in user whose user_info has not arrived: no organisation known, so account entries only. */
const unknownCaller: AccessCaller = {
  roles: [],
  status: UserStatus.ACTIVE,
  companyId: null,
  cooperationTypes: [],
  dataPermissionTypes: [],
  companyChannelTypes: null,
  appReport: null,
};

/** The server's menu rebuilt from user_info (fallback only: RTB through channels and the APP report unknown). */
export function derivedMenu(user: UserInfo | null): MenuItem[] {
  return accessMenu(user ? callerFromUserInfo(user) : unknownCaller);
}

/** The menu in force: the server's when it lists anything, else the user_info fallback. */
export function effectiveMenu(menu: MenuItem[] | undefined, user: UserInfo | null): MenuItem[] {
  return menu && menu.length > 0 ? menu : derivedMenu(user);
}

/** Whether a route the menu does not list is granted by its own rule (`menu`/`always` come with the menu). */
function grantedBeside(access: RouteAccess, menu: MenuItem[], caller: AccessCaller | null): boolean {
  if (access === 'menu' || access === 'always') return false;
  if (access === 'anyReport') return menu.some((m) => m.path === '/report' && (m.children ?? []).length > 0);
  if (caller === null) return false;
  return access === 'signedIn' || access(caller);
}

/** `menu` with the table's routes of `group` that their own rule grants, last under the group's parent. */
function withGroupEntries(menu: MenuItem[], user: UserInfo | null, group: NavGroup): MenuItem[] {
  const caller = user ? callerFromUserInfo(user) : null;
  const extra = routeTable
    .filter((e) => e.group === group && grantedBeside(e.access, menu, caller))
    .map((e) => ({ key: e.titleKey, path: e.path }));
  const parent = navParents.find((p) => p.group === group);
  if (extra.length === 0 || !parent) return menu;
  const node = menu.find((m) => m.path === parent.path);
  if (!node) return [...menu, { key: parent.titleKey, path: parent.path, children: extra }];
  return menu.map((m) => (m === node ? { ...m, children: [...(m.children ?? []), ...extra] } : m));
}

/**
 * `menu` with the account security screens of issue 16 under the account entry: security for everyone
 * signed in, API keys and the audit log by contracts `canUseApiKeys` / `canReadAudit`.
 */
export function withSecurityEntries(menu: MenuItem[], user: UserInfo | null): MenuItem[] {
  return withGroupEntries(menu, user, 'account');
}

/** `menu` with the scheduled reports screen last under the reports entry, when it lists a report. */
export function withReportEntries(menu: MenuItem[]): MenuItem[] {
  return withGroupEntries(menu, null, 'reports');
}

/**
 * The sidebar's tree for a signed-in user: the menu in force (`serverMenu`, or the user_info fallback)
 * plus the table's routes granted beside it (security, API keys, audit, schedules).
 */
export function menuInForce(serverMenu: MenuItem[] | undefined, user: UserInfo | null): MenuItem[] {
  return withReportEntries(withSecurityEntries(effectiveMenu(serverMenu, user), user));
}

/** The permitted paths of a menu tree. */
export function permittedPaths(menu: MenuItem[]): Set<string> {
  return new Set(flattenMenu(menu));
}

/**
 * The paths the router mounts a screen at: the permitted ones and the `always` routes, without the
 * parents (which redirect, navParents). Permitted paths the table does not know get a placeholder.
 */
export function routedPaths(permitted: ReadonlySet<string>): string[] {
  const leaves = new Set([
    ...permitted,
    ...routeTable.filter((e) => e.access === 'always').map((e) => e.path),
  ]);
  for (const parent of navParents) leaves.delete(parent.path);
  return [...leaves];
}
