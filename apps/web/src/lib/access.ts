/**
 * Route permissions (spec §2, §6). The server's menu tree (GET /api/v1/user/menu) decides which
 * permission-built routes a user gets; when it is unavailable, the same rules are applied to the
 * cached user_info (opt_permission, cooperation_types, data_permission) as a fallback.
 */
import { CooperationType, DataPermissionType, Role, UserStatus } from '@portal/contracts/constants.ts';
import type { MenuItem, UserInfo } from '@portal/contracts/passport.ts';
import { accountCatalogue, type NavGroup, navCatalogue, reportExtrasCatalogue } from './nav-catalogue.ts';

/** Every path of a menu tree, depth first. */
export function flattenMenu(menu: MenuItem[]): string[] {
  return menu.flatMap((m) => [m.path, ...flattenMenu(m.children ?? [])]);
}

/** The catalogue paths spec §6 grants from user_info alone. */
export function derivedPaths(user: UserInfo): Set<string> {
  const paths = new Set<string>();
  if (user.company_id === null || user.status === UserStatus.APPLICATION) return paths;
  const roles = new Set(user.opt_permission.map((p) => p.role_info.id));
  const manager = roles.has(Role.OPS) || roles.has(Role.ADMIN);
  const coop = new Set(user.cooperation_types);
  const perms = new Set(user.data_permission.map((d) => d.permission_info.type));
  const sdk = (manager && coop.has(CooperationType.SDK)) || perms.has(DataPermissionType.SDK);
  const affiliate =
    (manager && coop.has(CooperationType.AFFILIATE)) || perms.has(DataPermissionType.AFFILIATE);
  if (sdk) paths.add('/report/sdk').add('/report/game');
  if (perms.has(DataPermissionType.RTB)) paths.add('/report/rtb');
  if (affiliate) paths.add('/report/newreport').add('/report/reportv2');
  if (manager && sdk) paths.add('/apps/list').add('/adpos/list');
  if (manager) paths.add('/users').add('/roles');
  return paths;
}

const groupParent: Partial<Record<NavGroup, MenuItem>> = {
  reports: { key: 'menu.reports', path: '/report' },
  account: { key: 'menu.accountManagement', path: '/account' },
};

/** A menu tree shaped like the server's, built from user_info (fallback only). */
export function derivedMenu(user: UserInfo | null): MenuItem[] {
  const paths = user ? derivedPaths(user) : new Set<string>();
  const entries = [...navCatalogue.filter((e) => paths.has(e.path)), ...accountCatalogue];
  const menu: MenuItem[] = [];
  for (const e of entries) {
    const leaf = { key: e.titleKey, path: e.path };
    const parent = groupParent[e.group];
    if (!parent) {
      menu.push(leaf);
      continue;
    }
    let node = menu.find((m) => m.path === parent.path);
    if (!node) {
      node = { ...parent, children: [] };
      menu.push(node);
    }
    node.children?.push(leaf);
  }
  return menu;
}

/** The menu in force: the server's when it lists anything, else the user_info fallback. */
export function effectiveMenu(menu: MenuItem[] | undefined, user: UserInfo | null): MenuItem[] {
  return menu && menu.length > 0 ? menu : derivedMenu(user);
}

/**
 * `menu` with the account security screens of issue 16 under the account entry (nav-catalogue.ts
 * `securityCatalogue`): security for everyone signed in; API keys for active members (67, 68) of an
 * organisation; the audit log for organisation admins (67) and operations (70).
 */
export function withSecurityEntries(menu: MenuItem[], user: UserInfo | null): MenuItem[] {
  if (!user) return menu;
  const roles = new Set(user.opt_permission.map((p) => p.role_info.id));
  const member = user.company_id !== null && user.status === UserStatus.ACTIVE;
  const extra: MenuItem[] = [{ key: 'menu.security', path: '/account/security' }];
  if (member && !roles.has(Role.OPS) && (roles.has(Role.ADMIN) || roles.has(Role.MEMBER))) {
    extra.push({ key: 'menu.apiKeys', path: '/account/apiKeys' });
  }
  if (roles.has(Role.OPS) || (member && roles.has(Role.ADMIN))) {
    extra.push({ key: 'menu.audit', path: '/account/audit' });
  }
  const account = menu.find((m) => m.path === '/account');
  if (!account) return [...menu, { key: 'menu.accountManagement', path: '/account', children: extra }];
  return menu.map((m) => (m === account ? { ...m, children: [...(m.children ?? []), ...extra] } : m));
}

/**
 * `menu` with the scheduled reports screen (nav-catalogue.ts `reportExtrasCatalogue`) last under the
 * reports entry, when the user can open a report at all; the server enforces the rules on every call.
 */
export function withReportEntries(menu: MenuItem[]): MenuItem[] {
  const reports = menu.find((m) => m.path === '/report' && (m.children ?? []).length > 0);
  if (!reports) return menu;
  const extra = reportExtrasCatalogue.map((e) => ({ key: e.titleKey, path: e.path }));
  return menu.map((m) => (m === reports ? { ...m, children: [...(m.children ?? []), ...extra] } : m));
}

/** The permitted paths of a menu tree. */
export function permittedPaths(menu: MenuItem[]): Set<string> {
  return new Set(flattenMenu(menu));
}
