/**
 * The menu's title keys and paths, apart from the zod schemas of account.ts: the access rules
 * (access.ts) use them in the web's entry bundle, which must not pull zod into /login's JavaScript
 * (issue 11: /login under 300 KB gzip).
 *
 * The report entries are the declared screens of the report registry (report-registry/, each kind's
 * `menu.screens`); the others are listed here. Keys and paths are what members' menus are made of:
 * renaming or dropping one takes the screen away from whoever had it.
 */
import { type ReportScreenKey, reportScreens } from './report-registry/index.ts';

/** The menu entries that are not report screens: parents, management and account screens. */
const otherMenuKeys = {
  'menu.reports': '/report',
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

/** A title key of the menu tree. */
export type MenuKey = keyof typeof otherMenuKeys | ReportScreenKey;

/**
 * Title keys of the menu tree with their paths (spec §2 sidebar titles and routes): Reports, the
 * declared report screens in registry order, then the rest. Throws at load when a screen reuses a key
 * or a path of the others.
 */
export const menuKeys: Readonly<Record<MenuKey, string>> = (() => {
  const { 'menu.reports': reports, ...rest } = otherMenuKeys;
  const paths = new Set<string>(Object.values(otherMenuKeys));
  const screens = reportScreens.map((s) => {
    if (s.key in otherMenuKeys || paths.has(s.path)) {
      throw new Error(`report screen ${s.id}: key ${s.key} or path ${s.path} is already in the menu`);
    }
    return [s.key, s.path] as const;
  });
  return { 'menu.reports': reports, ...Object.fromEntries(screens), ...rest } as Record<MenuKey, string>;
})();
