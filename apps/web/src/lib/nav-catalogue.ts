/**
 * The permission-built screens of spec §2 with their title keys (common:menu.*, the same keys as the
 * server menu's `key`, contracts `menuKeys`). Used for the fallback menu, links and route matching.
 */
export type NavGroup = 'reports' | 'appReport' | 'apps' | 'account' | 'admin';

export type NavEntry = {
  path: string;
  titleKey: string;
  group: NavGroup;
  /** Extra patterns that open the same screen (route params). */
  patterns?: string[];
};

export const navCatalogue: NavEntry[] = [
  { path: '/report/sdk', titleKey: 'menu.sdkReport', group: 'reports' },
  { path: '/report/rtb', titleKey: 'menu.rtbReport', group: 'reports' },
  { path: '/report/newreport', titleKey: 'menu.affiliateReport', group: 'reports' },
  { path: '/report/reportv2', titleKey: 'menu.newAffiliate', group: 'reports' },
  { path: '/report/game', titleKey: 'menu.gameReport', group: 'reports' },
  { path: '/appReport/list', titleKey: 'menu.appReport', group: 'appReport' },
  { path: '/apps/list', titleKey: 'menu.appManagement', group: 'apps' },
  {
    path: '/adpos/list',
    titleKey: 'menu.adSlots',
    group: 'apps',
    patterns: ['/adpos/list/:app_id', '/adpos/list/:app_id/:app_name'],
  },
  { path: '/users', titleKey: 'menu.userManagement', group: 'admin' },
  { path: '/roles', titleKey: 'menu.roleManagement', group: 'admin' },
];

/** Screens every signed-in user has (navbar handlers of spec §2). */
export const accountCatalogue: NavEntry[] = [
  { path: '/account/index', titleKey: 'menu.accountInfo', group: 'account' },
  { path: '/account/modPassword', titleKey: 'menu.changePassword', group: 'account' },
];

/**
 * Account security screens of issue 16, added under the account group by `withSecurityEntries`
 * (lib/access.ts): security (every signed-in user), API keys (active organisation members), audit log
 * (organisation admins and operations). The server enforces the same rules on every call.
 */
export const securityCatalogue: NavEntry[] = [
  { path: '/account/security', titleKey: 'menu.security', group: 'account' },
  { path: '/account/apiKeys', titleKey: 'menu.apiKeys', group: 'account' },
  { path: '/account/audit', titleKey: 'menu.audit', group: 'account' },
];

/**
 * Report screens beside the reports of spec §2 (issue 13 item 8), added under the reports group by
 * `withReportEntries` (lib/access.ts) for users who can open a report.
 */
export const reportExtrasCatalogue: NavEntry[] = [
  { path: '/report/schedules', titleKey: 'menu.reportSchedules', group: 'reports' },
];

/** Parent paths of the menu tree and where they lead. */
export const parentRedirects: Record<string, string> = {
  '/report': '/report/sdk',
  '/account': '/account/index',
};

/** The catalogue entry whose path or pattern matches `pathname`. */
export function findEntry(pathname: string): NavEntry | undefined {
  return [...navCatalogue, ...accountCatalogue, ...securityCatalogue, ...reportExtrasCatalogue].find((e) =>
    [e.path, ...(e.patterns ?? [])].some((p) => matchPath(p, pathname)),
  );
}

/** True when `pattern` (with `:param` segments) matches `pathname`. */
export function matchPath(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}
