/**
 * The permission-built screens of spec §2 with their sidebar title keys (common:menu.*), in sidebar
 * order. Route elements live in app/route-table.tsx; features read this for links.
 */
export type NavGroup = 'reports' | 'appReport' | 'apps' | 'account';

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
];

/** Screens every signed-in user has (navbar handlers of spec §2). */
export const accountCatalogue: NavEntry[] = [
  { path: '/account/index', titleKey: 'menu.accountInfo', group: 'account' },
  { path: '/account/modPassword', titleKey: 'menu.changePassword', group: 'account' },
];
