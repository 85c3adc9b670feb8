/**
 * Who may open which reports and screens: the one statement of spec §2 (permission-built routes) and
 * §6 (roles and permissions), shared by the server (report endpoints answer 402 outside it, and
 * `GET /api/v1/user/menu` is built from it) and the web (routes, sidebar, and the menu it falls back
 * to when the server's is unavailable). Pure: no store, no config, no React.
 *
 * Rules (the server's, which the web used to restate with RTB wrong):
 * - no organisation, or membership pending (status 3): no report and no management screen;
 * - SDK report, and the game centre report (SDK data): role 70, or 67 when the organisation's
 *   cooperation_types has 1; anyone holding a data permission of type 3;
 * - Affiliate and New Affiliate reports: role 70, or 67 when cooperation_types has 4; anyone with type 5;
 * - RTB report: role 70; role 67 when the organisation has RTB channels (company channels of type 4);
 *   anyone with a data permission of type 4;
 * - APP report: the organisations of APP_REPORT_COMPANY_IDS (server configuration: `appReport`);
 *   (each report kind names which of these four rules is its own, and its screens with where their
 *   menu entries sit, in its declaration: report-registry, `access` and `menu`);
 * - app and ad slot management: role 70 or 67 when the SDK report is available;
 * - user and role management: role 70 or 67;
 * - Payments (issue 23): an active organisation admin (67), or an active member granted "finance" by
 *   an admin, never operations' own organisation; the operations month-close screen: role 70;
 * - account screens: everyone signed in.
 *
 * Two inputs exist only on the server: the organisation's channel types and the APP report flag. The
 * web's user_info (account.ts `userInfo`) carries neither, so {@link callerFromUserInfo} marks them
 * unknown (`null`): the web then takes the server's menu as the truth and uses {@link accessMenu} only
 * as its fallback, which leaves out what it cannot decide (RTB through channels, the APP report); the
 * server still checks every call.
 */

import type { MenuItem, UserInfo } from './account.ts';
import { CooperationType, DataPermissionType, Role, UserStatus } from './constants.ts';
import { type MenuKey, menuKeys } from './menu.ts';
import type { ReportAccessRule } from './report-registry/define-report.ts';
import { type ReportKind, reportKinds, reportRegistry, reportScreens } from './report-registry/index.ts';

/** What the rules need to know of a caller. */
export type AccessCaller = {
  /** Role ids (70 operations, 67 organisation super admin, 68 member). */
  roles: readonly number[];
  /** User status (1 active, 3 membership pending). */
  status: number;
  /** The caller's organisation, null without one. */
  companyId: number | null;
  /** The organisation's cooperation types (1 SDK, 4 affiliate). */
  cooperationTypes: readonly number[];
  /** Types of the caller's own data permissions (3 SDK, 4 RTB, 5 affiliate). */
  dataPermissionTypes: readonly number[];
  /**
   * Types (4 RTB, 5 affiliate) of the organisation's channels; `null` when not known to whoever asks
   * (the web: user_info does not carry them), which grants nothing through them.
   */
  companyChannelTypes: readonly number[] | null;
  /** Whether the organisation gets the APP report (server config); `null` when not known (the web). */
  appReport: boolean | null;
  /**
   * Whether an admin granted the caller "finance" (Payments for a member, issue 23); `null` or absent
   * when not known to whoever asks (the web), which grants nothing through it.
   */
  finance?: boolean | null;
};

/** Everything an {@link AccessCaller} may open; keys of `reports` are the report endpoints' kinds. */
export type AccessGrants = {
  reports: Record<ReportKind, boolean>;
  /** App and ad slot management screens (/apps/list, /adpos/list). */
  appManagement: boolean;
  /** User and role management screens (/users, /roles). */
  userManagement: boolean;
  /** The Payments screen of the caller's organisation (/payments). */
  payments: boolean;
  /** The operations month-close screen (/ops/payments). */
  paymentOps: boolean;
};

/** Each report kind's grant: the rule its declaration names (report-registry), decided by `rules`. */
function reportsBy(rules: Record<ReportAccessRule, boolean>): Record<ReportKind, boolean> {
  return Object.fromEntries(reportKinds.map((k) => [k, rules[reportRegistry[k].access]])) as Record<
    ReportKind,
    boolean
  >;
}

/** True when the caller belongs to an organisation and is not pending (spec §6; else 601 on reports). */
export function isSeated(caller: Pick<AccessCaller, 'companyId' | 'status'>): boolean {
  return caller.companyId !== null && caller.status !== UserStatus.APPLICATION;
}

/** What `caller` may open (spec §6; rules in the module comment). */
export function accessGrants(caller: AccessCaller): AccessGrants {
  if (!isSeated(caller))
    return {
      reports: reportsBy({ sdk: false, rtb: false, affiliate: false, app_report: false }),
      appManagement: false,
      userManagement: false,
      payments: false,
      paymentOps: false,
    };
  const ops = caller.roles.includes(Role.OPS);
  const manager = ops || caller.roles.includes(Role.ADMIN);
  const coop = new Set(caller.cooperationTypes);
  const perms = new Set(caller.dataPermissionTypes);
  const sdk = (manager && coop.has(CooperationType.SDK)) || perms.has(DataPermissionType.SDK);
  const affiliate =
    (manager && coop.has(CooperationType.AFFILIATE)) || perms.has(DataPermissionType.AFFILIATE);
  const rtb =
    ops ||
    (manager && (caller.companyChannelTypes ?? []).includes(DataPermissionType.RTB)) ||
    perms.has(DataPermissionType.RTB);
  return {
    reports: reportsBy({ sdk, rtb, affiliate, app_report: caller.appReport === true }),
    appManagement: manager && sdk,
    userManagement: manager,
    payments: canSeePayments(caller),
    paymentOps: ops,
  };
}

/** The reports `caller` may open, by report kind (the 402 rule of every report endpoint). */
export function permittedReports(caller: AccessCaller): Record<ReportKind, boolean> {
  return accessGrants(caller).reports;
}

function item(key: MenuKey, children?: MenuItem[]): MenuItem {
  return children ? { key, path: menuKeys[key], children } : { key, path: menuKeys[key] };
}

/**
 * The menu tree of `caller`, exactly the data of `GET /api/v1/user/menu` (account.ts `menuItem`):
 * reports (SDK, RTB, Affiliate, New Affiliate, game centre) under /report, the APP report, app and ad
 * slot management, account (info, password) under /account, then user and role management. Parents
 * appear only with children; the account entries always.
 */
export function accessMenu(caller: AccessCaller): MenuItem[] {
  const account = item('menu.accountManagement', [item('menu.accountInfo'), item('menu.changePassword')]);
  const { reports: r, appManagement, userManagement, payments, paymentOps } = accessGrants(caller);
  // Each granted kind's screens, in registry order, where its declaration puts them.
  const reportItems = (group: 'reports' | 'top') =>
    reportScreens.filter((s) => r[s.kind] && s.group === group).map((s) => item(s.key));
  const reports = reportItems('reports');

  const menu: MenuItem[] = [];
  if (reports.length > 0) menu.push(item('menu.reports', reports));
  menu.push(...reportItems('top'));
  if (appManagement) menu.push(item('menu.appManagement'), item('menu.adSlots'));
  if (payments) menu.push(item('menu.payments'));
  if (paymentOps) menu.push(item('menu.opsPayments'));
  menu.push(account);
  if (userManagement) menu.push(item('menu.userManagement'), item('menu.roleManagement'));
  return menu;
}

/** Every path of a menu tree, depth first (parents before their children). */
export function menuPaths(menu: readonly MenuItem[]): string[] {
  return menu.flatMap((m) => [m.path, ...menuPaths(m.children ?? [])]);
}

/**
 * The caller as user_info (spec §3) describes it. The organisation's channel types and the APP report
 * flag are not in user_info, so both are `null` (unknown): see the module comment.
 */
export function callerFromUserInfo(user: UserInfo): AccessCaller {
  return {
    roles: user.opt_permission.map((p) => p.role_info.id),
    status: user.status,
    companyId: user.company_id,
    cooperationTypes: user.cooperation_types,
    dataPermissionTypes: user.data_permission.map((d) => d.permission_info.type),
    companyChannelTypes: null,
    appReport: null,
  };
}

type SecurityCaller = Pick<AccessCaller, 'roles' | 'status' | 'companyId'>;

/** Active member of an organisation (status 1): the base of the issue 16 security screens. */
function activeMember(caller: SecurityCaller): boolean {
  return caller.companyId !== null && caller.status === UserStatus.ACTIVE;
}

/**
 * Whether `caller` may hold reporting API keys (issue 16 §1): an active member (67 or 68) of an
 * organisation, never operations (70). The server answers 402 otherwise; the web shows /account/apiKeys.
 */
export function canUseApiKeys(caller: SecurityCaller): boolean {
  if (caller.roles.includes(Role.OPS) || !activeMember(caller)) return false;
  return caller.roles.includes(Role.ADMIN) || caller.roles.includes(Role.MEMBER);
}

/**
 * Whether `caller` may read the audit log (issue 16 §3): operations (70, every organisation) or an
 * active organisation admin (67, its own). The server answers 402 otherwise; the web shows /account/audit.
 */
export function canReadAudit(caller: SecurityCaller): boolean {
  return caller.roles.includes(Role.OPS) || (activeMember(caller) && caller.roles.includes(Role.ADMIN));
}

/**
 * Whether `caller` may manage the organisation's test devices and app-ads.txt settings (issue 27):
 * an active organisation admin (67). The server answers 402 otherwise; the web shows
 * /account/testDevices to them.
 */
export function canManageTestDevices(caller: SecurityCaller): boolean {
  return activeMember(caller) && caller.roles.includes(Role.ADMIN) && !caller.roles.includes(Role.OPS);
}

/**
 * Whether `caller` sees its organisation's Payments (issue 23): an active admin (67), or an active
 * member (68) an admin granted "finance"; never operations (70, who use the month-close screen).
 * The server answers 402 otherwise (API keys never reach these routes: 603).
 */
export function canSeePayments(caller: SecurityCaller & { finance?: boolean | null }): boolean {
  if (caller.roles.includes(Role.OPS) || !activeMember(caller)) return false;
  return caller.roles.includes(Role.ADMIN) || caller.finance === true;
}
