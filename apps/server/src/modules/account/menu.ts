/**
 * The caller's menu tree of `GET /api/v1/user/menu` (spec §2 permission-built routes, §6 roles and
 * permissions). The rules and the tree are contracts access.ts `accessMenu`, the same the report
 * endpoints (permission/report-access.ts) and the web's routes follow; menu fields are contracts account.ts
 * `menuItem` / `menuKeys`.
 */
import { accessMenu } from '@portal/contracts/access.ts';
import type { MenuItem } from '@portal/contracts/account.ts';
import { accessCaller, type ReportAccessInput } from '../permission/report-access.ts';

/** The menu's input: the report access input (organisation channel types and APP report included). */
export type MenuInput = ReportAccessInput;

/** Builds the menu tree for one user; pure. */
export function buildMenu(input: MenuInput): MenuItem[] {
  return accessMenu(accessCaller(input));
}
