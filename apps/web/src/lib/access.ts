/**
 * Route permissions (spec §2, §6): the server's menu decides which permission-built routes a user
 * gets; when the menu is unavailable the user_info rules of spec §6 are the fallback.
 */
import { CooperationType, DataPermissionType, Role } from '@portal/contracts/constants.ts';
import type { MenuItem, UserInfo } from '@portal/contracts/passport.ts';

/** Every path of a menu tree, depth first. */
export function flattenMenu(menu: MenuItem[]): string[] {
  return menu.flatMap((m) => [m.path, ...flattenMenu(m.children ?? [])]);
}

function roles(user: UserInfo): Set<number> {
  return new Set(user.opt_permission.map((p) => p.role_info.id));
}

/** Report and management paths that spec §6 grants from user_info alone. */
export function derivedPaths(user: UserInfo): string[] {
  const r = roles(user);
  const paths: string[] = [];
  let sdk = false;
  if (r.has(Role.OPS)) {
    if (user.cooperation_types.includes(CooperationType.SDK)) sdk = true;
    if (user.cooperation_types.includes(CooperationType.AFFILIATE)) {
      paths.push('/report/newreport', '/report/reportv2');
    }
  } else {
    const types = new Set(user.data_permission.map((d) => d.permission_info.type));
    if (types.has(DataPermissionType.SDK)) sdk = true;
    if (types.has(DataPermissionType.RTB)) paths.push('/report/rtb');
    if (types.has(DataPermissionType.AFFILIATE)) paths.push('/report/newreport', '/report/reportv2');
  }
  if (sdk) paths.push('/report/sdk');
  if (sdk && (r.has(Role.OPS) || r.has(Role.ADMIN))) paths.push('/apps/list', '/adpos/list');
  return paths;
}

/** The permitted paths: the server menu's when it lists any, else the user_info rules of spec §6. */
export function permittedPaths(menu: MenuItem[] | undefined, user: UserInfo | null): Set<string> {
  if (menu && menu.length > 0) return new Set(flattenMenu(menu));
  return new Set(user ? derivedPaths(user) : []);
}

/** True when `pattern` (with `:param` segments) matches `pathname`. */
export function matchPath(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}
