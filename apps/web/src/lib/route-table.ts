/**
 * The web's one route table (spec §2 permission-built routes and sidebar titles, plus the account and
 * report screens of issues 13 and 16): for every signed-in screen its path, screen module, title key
 * (common:menu.*, the server menu's `key`, contracts `menuKeys`), sidebar icon and access rule. The
 * report screens are those the report registry declares, one route each (contracts report-registry). The
 * router, the sidebar, the navbar, the home shortcuts and the fallback menu all read it
 * (lib/access.ts derives what a user has; app/route-table.tsx resolves the screens).
 *
 * Screens are named, not imported: lib/ may not import a feature (.dependency-cruiser.cjs), so
 * `screen` is a module path under src/features/ without extension, which the app shell resolves
 * (app/route-table.tsx, where a test checks that every name resolves).
 */
import {
  type AccessCaller,
  canManageTestDevices,
  canReadAudit,
  canUseApiKeys,
} from '@portal/contracts/access.ts';
import { type ReportScreenId, reportScreens } from '@portal/contracts/report-registry/index.ts';

export type NavGroup = 'reports' | 'appReport' | 'apps' | 'payments' | 'account' | 'admin';

/** Sidebar icons by name (app/layout/sidebar.tsx draws them). */
export type IconName =
  | 'reports'
  | 'appReport'
  | 'apps'
  | 'adSlots'
  | 'payments'
  | 'monthClose'
  | 'account'
  | 'users'
  | 'roles';

/**
 * Who gets a route:
 * - `menu`: when the menu in force lists its path: the server's (`GET /api/v1/user/menu`, built by
 *   contracts access.ts `accessMenu`), or the same function over user_info when that is unavailable;
 * - `always`: every signed-in user, even before user_info arrives (spec §2 navbar handlers);
 * - `signedIn`: every signed-in user once user_info is known;
 * - `anyReport`: when the menu in force lists a report (the server checks each report per call);
 * - a function: a contracts rule over the caller of user_info (the server's guard uses the same).
 */
export type RouteAccess = 'menu' | 'always' | 'signedIn' | 'anyReport' | ((caller: AccessCaller) => boolean);

export type RouteEntry = {
  path: string;
  /** i18n key of the title in the `common` namespace. */
  titleKey: string;
  /** Sidebar section: `reports` entries sit under /report, `account` ones under /account. */
  group: NavGroup;
  /** The screen module under src/features/, without extension (default export: the page). */
  screen: string;
  /** A module under src/features/ exporting `prefetch(client, userInfoKnown)`: the screen's first requests. */
  prefetch?: string;
  icon?: IconName;
  access: RouteAccess;
  /** Extra patterns that open the same screen (route params). */
  patterns?: string[];
  /** Listed among the home page's shortcuts when permitted. */
  shortcut?: boolean;
};

/**
 * The report screens with a page module of their own: the SDK report's (its prefetcher starts its
 * first requests while the code loads, and the build's chunk groups are read off it). Every other
 * declared screen is rendered by reports/pages/declared-report-page from its declaration.
 */
const ownReportScreens: Partial<Record<ReportScreenId, Pick<RouteEntry, 'screen' | 'prefetch'>>> = {
  sdk: { screen: 'reports/pages/sdk-report-page', prefetch: 'reports/api/prefetch-sdk-report' },
};

/**
 * The routes of the report screens the registry declares in `group` (contracts report-registry,
 * each kind's `menu.screens`), in menu order: under Reports, or at the top level with the app
 * report's icon.
 */
function reportRoutes(group: 'reports' | 'top'): RouteEntry[] {
  return reportScreens
    .filter((s) => s.group === group)
    .map((s) => ({
      path: s.path,
      titleKey: s.key,
      group: group === 'top' ? 'appReport' : 'reports',
      screen: 'reports/pages/declared-report-page',
      ...(group === 'top' ? { icon: 'appReport' as const } : {}),
      access: 'menu',
      shortcut: true,
      ...ownReportScreens[s.id],
    }));
}

/** Every signed-in screen, in sidebar order within its group. */
export const routeTable: readonly RouteEntry[] = [
  ...reportRoutes('reports'),
  {
    path: '/report/schedules',
    titleKey: 'menu.reportSchedules',
    group: 'reports',
    screen: 'reports/pages/report-schedules-page',
    access: 'anyReport',
  },
  ...reportRoutes('top'),
  {
    path: '/apps/list',
    titleKey: 'menu.appManagement',
    group: 'apps',
    screen: 'apps/pages/apps-list-page',
    icon: 'apps',
    access: 'menu',
    shortcut: true,
  },
  {
    path: '/adpos/list',
    titleKey: 'menu.adSlots',
    group: 'apps',
    screen: 'placements/pages/placements-list-page',
    icon: 'adSlots',
    access: 'menu',
    patterns: ['/adpos/list/:app_id', '/adpos/list/:app_id/:app_name'],
    shortcut: true,
  },
  {
    path: '/payments',
    titleKey: 'menu.payments',
    group: 'payments',
    screen: 'payments/pages/payments-page',
    icon: 'payments',
    access: 'menu',
  },
  {
    path: '/ops/payments',
    titleKey: 'menu.opsPayments',
    group: 'payments',
    screen: 'payments/pages/ops-payments-page',
    icon: 'monthClose',
    access: 'menu',
  },
  {
    path: '/account/index',
    titleKey: 'menu.accountInfo',
    group: 'account',
    screen: 'account/pages/account-info-page',
    access: 'always',
  },
  {
    path: '/account/modPassword',
    titleKey: 'menu.changePassword',
    group: 'account',
    screen: 'account/pages/mod-password-page',
    access: 'always',
  },
  {
    path: '/account/security',
    titleKey: 'menu.security',
    group: 'account',
    screen: 'account/pages/security-page',
    access: 'signedIn',
  },
  {
    path: '/account/notifications',
    titleKey: 'menu.notifications',
    group: 'account',
    screen: 'notifications/pages/notifications-page',
    access: 'signedIn',
  },
  {
    path: '/account/apiKeys',
    titleKey: 'menu.apiKeys',
    group: 'account',
    screen: 'api-keys/pages/api-keys-page',
    access: canUseApiKeys,
  },
  {
    path: '/account/testDevices',
    titleKey: 'menu.testDevices',
    group: 'account',
    screen: 'test-devices/pages/test-devices-page',
    access: canManageTestDevices,
  },
  {
    path: '/account/audit',
    titleKey: 'menu.audit',
    group: 'account',
    screen: 'audit/pages/audit-page',
    access: canReadAudit,
  },
  {
    path: '/users',
    titleKey: 'menu.userManagement',
    group: 'admin',
    screen: 'members/pages/members-page',
    icon: 'users',
    access: 'menu',
  },
  {
    path: '/roles',
    titleKey: 'menu.roleManagement',
    group: 'admin',
    screen: 'members/pages/roles-page',
    icon: 'roles',
    access: 'menu',
  },
];

/** A parent of the menu tree: its title, icon, the group it holds and where its path leads. */
export type NavParent = { path: string; titleKey: string; icon: IconName; group: NavGroup; redirect: string };

/** The menu tree's parents (contracts `menuKeys` 'menu.reports' and 'menu.accountManagement'). */
export const navParents: readonly NavParent[] = [
  { path: '/report', titleKey: 'menu.reports', icon: 'reports', group: 'reports', redirect: '/report/sdk' },
  {
    path: '/account',
    titleKey: 'menu.accountManagement',
    icon: 'account',
    group: 'account',
    redirect: '/account/index',
  },
];

/** The table entry whose path or pattern matches `pathname`. */
export function findEntry(pathname: string): RouteEntry | undefined {
  return routeTable.find((e) => [e.path, ...(e.patterns ?? [])].some((p) => matchPath(p, pathname)));
}

/** The icon of the entry or parent at exactly `path`. */
export function iconOf(path: string): IconName | undefined {
  return (routeTable.find((e) => e.path === path) ?? navParents.find((p) => p.path === path))?.icon;
}

/** True when `pattern` (with `:param` segments) matches `pathname`. */
export function matchPath(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}
