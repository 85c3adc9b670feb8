/**
 * The menu's title keys and paths, apart from the zod schemas of account.ts: the access rules
 * (access.ts) use them in the web's entry bundle, which must not pull zod into /login's JavaScript
 * (issue 11: /login under 300 KB gzip).
 */

/** Title keys of the menu tree with their paths (spec §2 sidebar titles and routes). */
export const menuKeys = {
  'menu.reports': '/report',
  'menu.sdkReport': '/report/sdk',
  'menu.rtbReport': '/report/rtb',
  'menu.affiliateReport': '/report/newreport',
  'menu.newAffiliate': '/report/reportv2',
  'menu.gameReport': '/report/game',
  'menu.appReport': '/appReport/list',
  'menu.appManagement': '/apps/list',
  'menu.adSlots': '/adpos/list',
  'menu.payments': '/payments',
  'menu.opsPayments': '/ops/payments',
  'menu.accountManagement': '/account',
  'menu.accountInfo': '/account/index',
  'menu.changePassword': '/account/modPassword',
  'menu.userManagement': '/users',
  'menu.roleManagement': '/roles',
} as const;
export type MenuKey = keyof typeof menuKeys;
