/**
 * The caller's menu tree (spec §2 permission-built routes, §6 roles and permissions; menu fields are
 * decided in contracts passport.ts `menuKeys`). Rules:
 * - no organisation yet, or membership pending (status 3): only the account entries;
 * - SDK report (and the game centre report, which is SDK data): role 70 or 67 when the company's
 *   cooperation_types has 1; anyone with a data permission of type 3;
 * - Affiliate and New Affiliate reports: role 70 or 67 when cooperation_types has 4; anyone with a
 *   data permission of type 5;
 * - RTB report: role 70; role 67 when the organisation has RTB channels; a data permission of type 4;
 * - app and ad slot management: role 70 or 67 when the SDK report is available;
 * - user and role management: role 70 or 67;
 * - APP report: members of the companies of APP_REPORT_COMPANY_IDS.
 */
import { Role, UserStatus } from '@portal/contracts/constants.ts';
import { type MenuItem, type MenuKey, menuKeys } from '@portal/contracts/passport.ts';
import { permittedReports, type ReportAccessInput } from '../permission/report-access.ts';

/** The report rules live in permission/report-access.ts, shared with the report endpoints (402). */
export type MenuInput = ReportAccessInput;

function item(key: MenuKey, children?: MenuItem[]): MenuItem {
  return children ? { key, path: menuKeys[key], children } : { key, path: menuKeys[key] };
}

/** Builds the menu tree for one user; pure. */
export function buildMenu(input: MenuInput): MenuItem[] {
  const account = item('menu.accountManagement', [item('menu.accountInfo'), item('menu.changePassword')]);
  if (input.companyId === null || input.status === UserStatus.APPLICATION) return [account];

  const manager = input.roles.includes(Role.OPS) || input.roles.includes(Role.ADMIN);
  const { sdk, rtb, affiliate } = permittedReports(input);

  const reports: MenuItem[] = [];
  if (sdk) reports.push(item('menu.sdkReport'));
  if (rtb) reports.push(item('menu.rtbReport'));
  if (affiliate) reports.push(item('menu.affiliateReport'), item('menu.newAffiliate'));
  if (sdk) reports.push(item('menu.gameReport'));

  const menu: MenuItem[] = [];
  if (reports.length > 0) menu.push(item('menu.reports', reports));
  if (input.appReport) menu.push(item('menu.appReport'));
  if (manager && sdk) menu.push(item('menu.appManagement'), item('menu.adSlots'));
  menu.push(account);
  if (manager) menu.push(item('menu.userManagement'), item('menu.roleManagement'));
  return menu;
}
